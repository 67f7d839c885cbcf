import { expect, test } from "@playwright/test";
import { expectAccessibleInBothThemes } from "./support/a11y.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { signInByApi } from "./support/session.ts";

const phone = { width: 390, height: 844 };

test("an unknown address answers 404 and shows a Not Found page with the site header and a way home", async ({
  page,
}) => {
  for (const path of ["/no/such/page", "/e/00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Commons home" })).toBeVisible();
  }
  await expectAccessibleInBothThemes(page, "Not Found (signed out)");
  await saveScreenshot(page, "not-found-desktop-dark");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.setViewportSize(phone);
  await signInByApi(page.request, "Nina Nowhere");
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu for Nina Nowhere/ })).toBeVisible();
  await expectAccessibleInBothThemes(page, "Not Found (signed in)");
  await saveScreenshot(page, "not-found-phone-dark");
});
