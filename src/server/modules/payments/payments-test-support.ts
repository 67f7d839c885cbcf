import { expect } from "vitest";
import type { JobsConfig } from "#server/config.ts";
import { startTestServer, type TestBrowser, TestClock, type TestServer } from "#server/test/harness.ts";
import { type StandinOptions, startStripeStandin } from "#server/test/stripe-standin/standin.ts";
import { createStripeClient } from "./stripe-client.ts";

/**
 * The app with Stripe configured against the stand-in, both on one clock (the stand-in stamps
 * and signs events with it, the app measures their age with it), and the stand-in's webhooks
 * aimed at the app's endpoint. `stripe` is a client of the stand-in for the test's own look.
 * Reconciliation (which lists Stripe's events by itself) runs only with `reconcile`.
 */
export async function startPaymentsServer(
  options: {
    connect?: boolean;
    jobs?: Partial<JobsConfig>;
    platformFeePercent?: number;
    reconcile?: boolean;
    requireOwnerSecondFactor?: "off" | "paid";
  } & Pick<StandinOptions, "webhookMode"> = {},
) {
  const clock = new TestClock();
  const standin = await startStripeStandin({
    secretKey: "sk_test_commons",
    now: clock.now,
    webhookMode: options.webhookMode ?? "auto",
  });
  const server = await startTestServer({
    clock: clock.now,
    overrides: {
      stripe: {
        secretKey: standin.secretKey,
        webhookSecret: standin.webhookSecret,
        platformFeePercent: options.platformFeePercent ?? 0,
        connect: options.connect ?? true,
        apiUrl: standin.url,
      },
      requireOwnerSecondFactor: options.requireOwnerSecondFactor ?? "off",
      // Reconciliation lists Stripe's events on its own clock: only tests of it turn it on.
      jobs: { ...(options.reconcile ? {} : { stripeReconcileIntervalMs: 0 }), ...options.jobs },
    },
  });
  standin.webhooks.url = `${server.url}/api/stripe/webhook`;
  const t: TestServer = { ...server, clock };
  return {
    t,
    standin,
    stripe: createStripeClient({ secretKey: standin.secretKey, apiUrl: standin.url }),
    /** Every webhook sent so far has been answered, and everything it made due has been handled. */
    async settle() {
      await standin.webhooks.flush();
      await t.drain();
    },
    /** The server first: its jobs may still be asking the stand-in something. */
    async close() {
      await server.close();
      await standin.close();
    },
  };
}

export type PaymentsWorld = Awaited<ReturnType<typeof startPaymentsServer>>;

const CONNECTION_FIELDS =
  "communityId status mode accountId chargesEnabled payoutsEnabled detailsSubmitted checkedAt";

export type Connection = {
  communityId: string;
  status: string;
  mode: string | null;
  accountId: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  checkedAt: string | null;
};

export const readConnection = (browser: TestBrowser, communityId: string) =>
  browser.graphql<{ paymentConnection: Connection }>(
    `query ($id: ID!) { paymentConnection(communityId: $id) { ${CONNECTION_FIELDS} } }`,
    { id: communityId },
  );

export const refreshConnection = (browser: TestBrowser, communityId: string) =>
  browser.graphql<{ refreshPaymentConnection: Connection }>(
    `mutation ($id: ID!) { refreshPaymentConnection(communityId: $id) { ${CONNECTION_FIELDS} } }`,
    { id: communityId },
  );

export const connectStripe = (browser: TestBrowser, communityId: string, returnPath: string) =>
  browser.graphql<{ connectStripe: { url: string } }>(
    "mutation ($id: ID!, $path: String!) { connectStripe(communityId: $id, returnPath: $path) { url } }",
    { id: communityId, path: returnPath },
  );

export const dashboardLink = (browser: TestBrowser, communityId: string) =>
  browser.graphql<{ stripeDashboardLink: { url: string } }>(
    "mutation ($id: ID!) { stripeDashboardLink(communityId: $id) { url } }",
    { id: communityId },
  );

/** The onboarding link of a fresh connect, checked to have worked. */
export async function onboardingUrl(browser: TestBrowser, communityId: string, returnPath: string) {
  const connected = await connectStripe(browser, communityId, returnPath);
  expect(connected.errors).toBeUndefined();
  return connected.data?.connectStripe.url as string;
}
