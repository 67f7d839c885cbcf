// Applies the stored theme before first paint (a file, as the CSP forbids inline scripts). Dark unless chosen otherwise.
(() => {
  let t = "dark";
  try {
    t = localStorage.getItem("vite-ui-theme") || t;
  } catch {}
  if (t === "system") t = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  if (t !== "light") t = "dark";
  const r = document.documentElement;
  r.className = t;
  r.style.colorScheme = t;
})();
