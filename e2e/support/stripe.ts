import { expect, type Page } from "@playwright/test";

/**
 * The owner connects the community's Stripe account from settings → payments and completes the
 * stand-in's onboarding in one go (e2e/payments-connect.spec.ts walks the longer way round).
 */
export async function connectStripeInSettings(page: Page, communityId: string): Promise<void> {
  await page.goto(`/dashboard/${communityId}/edit#payments`);
  const payments = page.getByRole("region", { name: "Payments" });
  await payments.getByRole("button", { name: "Connect Stripe" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/connect/"));
  await page.getByRole("button", { name: "Complete onboarding" }).click();
  await page.waitForURL((url) => url.pathname === `/dashboard/${communityId}/edit`);
  // A whole page load on return (the app starts again, then asks Stripe): slow on a busy machine.
  await expect(payments.getByText("Charges and payouts enabled", { exact: true })).toBeVisible({
    timeout: 20_000,
  });
}
