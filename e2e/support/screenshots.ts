import { join } from "node:path";
import type { Page } from "@playwright/test";
import { screenshotDir } from "./paths.ts";

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png for people to look at. Chromium now
 * and then refuses a capture outright ("Unable to capture screenshot", a compositor hiccup on a busy
 * machine); the picture is taken again once, after the next frame. Nothing is asserted on it.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const path = join(screenshotDir, `${name.replace(/[^a-zA-Z0-9._-]+/g, "-")}.png`);
  try {
    await page.screenshot({ path, fullPage: true });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes("Unable to capture screenshot"))) throw error;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await page.screenshot({ path, fullPage: true });
  }
  return path;
}

/** How many times the chart layer has drawn a chart on this page (it marks each draw). */
const chartDraws = (page: Page) => page.evaluate(() => performance.getEntriesByName("chart-draw").length);

/**
 * Full-page screenshots of the page as it is now in both themes, named `<name>-light` and
 * `<name>-dark`, each taken after every chart on the page redrew in the theme's colours. The theme
 * is switched the way the app applies it (a class on <html>) and restored afterwards.
 */
export async function saveThemedScreenshots(page: Page, name: string): Promise<void> {
  const original = await page.evaluate(() => document.documentElement.className);
  // From the top, so the sticky header and sidebar sit where a person sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  const charts = await page.locator("[role=group] canvas").count();
  for (const theme of ["light", "dark"] as const) {
    const before = await chartDraws(page);
    const changes = await page.evaluate((next) => {
      const changed = !document.documentElement.classList.contains(next);
      document.documentElement.className = next;
      document.documentElement.style.colorScheme = next;
      return changed;
    }, theme);
    if (changes && charts > 0) {
      await page.waitForFunction(
        (target) => performance.getEntriesByName("chart-draw").length >= target,
        before + charts,
      );
    }
    // Colours move to the new theme through CSS transitions (`transition-colors`): a picture taken
    // at once catches buttons and links half-way, so wait for the running ones to finish.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    await saveScreenshot(page, `${name}-${theme}`);
  }
  await page.evaluate((previous) => {
    document.documentElement.className = previous;
    document.documentElement.style.colorScheme = previous.includes("light") ? "light" : "dark";
  }, original);
}
