import { join } from "node:path";
import type { Page } from "@playwright/test";
import { screenshotDir } from "./paths.ts";

/** Saves a full-page screenshot as e2e/screenshots/<name>.png for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const path = join(screenshotDir, `${name.replace(/[^a-zA-Z0-9._-]+/g, "-")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
