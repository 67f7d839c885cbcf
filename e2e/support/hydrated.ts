import { expect, type Page } from "@playwright/test";

/**
 * Opens a page rendered on the server (/e/{id}, /c/{slug}) and waits until the app has taken it
 * over (decision 034): before that, its buttons and fields are the server's HTML and do nothing.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
}
