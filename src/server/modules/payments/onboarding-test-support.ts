import { expect } from "vitest";
import type { TestBrowser } from "#server/test/harness.ts";
import { submitHostedForm } from "#server/test/stripe-standin/hosted-page-client.ts";
import { onboardingUrl, refreshConnection } from "./payments-test-support.ts";

/**
 * The owner connects the community's Stripe account and completes the stand-in's onboarding, as
 * from settings → payments: afterwards the community takes charges.
 */
export async function completeOnboarding(owner: TestBrowser, communityId: string): Promise<void> {
  const url = await onboardingUrl(owner, communityId, `/dashboard/${communityId}/edit`);
  await submitHostedForm(url, "Complete onboarding");
  const refreshed = await refreshConnection(owner, communityId);
  expect(refreshed.data?.refreshPaymentConnection.chargesEnabled).toBe(true);
}
