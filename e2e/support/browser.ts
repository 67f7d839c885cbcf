// Debian's Chromium: Playwright cannot download its own browser builds on these machines.
// Install it with scripts/ensure-browser.sh.
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
