// Applies the stored theme before first paint; the build inlines it in index.html, and the CSP allows it by its hash. Dark unless chosen otherwise.
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
