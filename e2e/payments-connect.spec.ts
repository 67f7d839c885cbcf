import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { screenshotDir } from "./support/paths.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

// The app runs against the Stripe stand-in (started by global-setup.ts): its onboarding and
// dashboard pages stand for Stripe's, on an address of their own.

/** What the section says of one of Stripe's flags (Details, Charges, Payouts). */
const flag = (section: Locator, name: string) =>
  section.getByRole("term").filter({ hasText: name }).locator("xpath=following-sibling::dd[1]");

async function leaveForStripe(page: Page, button: Locator) {
  await button.click();
  await page.waitForURL((url) => url.pathname.startsWith("/connect/"));
}

test("the owner connects Stripe from settings → payments, finishes onboarding later, and sees charges enabled on return", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInByApi(page.request, "Olga Owner");
  const communityId = await createCommunityByApi(page.request, "Lakeside Chess");

  await page.goto(`/dashboard/${communityId}`);
  await page.getByRole("navigation", { name: "Community" }).getByRole("link", { name: "Settings" }).click();
  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: "Payments" })
    .click();
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByText("Not connected", { exact: true })).toBeVisible();
  await expectAccessible(page, "settings → payments, not connected");

  // Onboarding, saved for later: back on the settings page, Stripe says it is not finished.
  await leaveForStripe(page, payments.getByRole("button", { name: "Connect Stripe" }));
  await expect(page.getByRole("heading", { name: "Set up payments" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Save and finish later" }).click();
  await page.waitForURL(
    (url) => url.pathname === `/dashboard/${communityId}/edit` && url.searchParams.get("stripe") === "return",
  );
  // A whole page load on return (the app starts again, then asks Stripe): slow on a busy machine.
  await expect(payments.getByText("Onboarding incomplete", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(flag(payments, "Charges")).toHaveText("Not enabled yet");
  await expect(payments.getByRole("button", { name: "Continue onboarding" })).toBeVisible();
  await expectAccessible(page, "settings → payments, onboarding incomplete");
  await payments.screenshot({ path: join(screenshotDir, "payments-connect-incomplete.png") });

  // Continued and completed: the page asked Stripe on return, so charges show as enabled at once.
  await leaveForStripe(page, payments.getByRole("button", { name: "Continue onboarding" }));
  await page.getByRole("button", { name: "Complete onboarding" }).click();
  await page.waitForURL((url) => url.pathname === `/dashboard/${communityId}/edit`);
  await expect(payments.getByText("Charges and payouts enabled", { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(flag(payments, "Charges")).toHaveText("Enabled");
  await expect(flag(payments, "Payouts")).toHaveText("Enabled");
  await expect(payments.getByRole("button", { name: "Continue onboarding" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Payments" })).toBeInViewport();
  await expectAccessible(page, "settings → payments, charges enabled");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((next) => {
      document.documentElement.className = next;
      document.documentElement.style.colorScheme = next;
    }, theme);
    await payments.screenshot({ path: join(screenshotDir, `payments-connect-enabled-${theme}.png`) });
  }

  // The Stripe dashboard of the community's own account.
  await leaveForStripe(page, payments.getByRole("button", { name: "Open Stripe dashboard" }));
  await expect(page.getByText(/charges enabled, payouts enabled/)).toBeVisible();
});
