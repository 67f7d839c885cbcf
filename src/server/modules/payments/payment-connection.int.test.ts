import { afterEach, describe, expect, it } from "vitest";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import {
  communityWithOwner,
  join,
  person,
  setRole,
} from "#server/modules/membership/membership-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, startTestServer, type TestServer } from "#server/test/harness.ts";
import { submitHostedForm } from "#server/test/stripe-standin/hosted-page-client.ts";
import {
  connectStripe,
  dashboardLink,
  onboardingUrl,
  type PaymentsWorld,
  readConnection,
  refreshConnection,
  startPaymentsServer,
} from "./payments-test-support.ts";

let world: PaymentsWorld | undefined;
let plain: TestServer | undefined;
afterEach(async () => {
  await world?.close();
  await plain?.close();
  world = undefined;
  plain = undefined;
});

const SETTINGS = (communityId: string) => `/dashboard/${communityId}/edit#payments`;

describe("connecting a community's Stripe account", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("onboards once, comes back to the settings page and shows charges and payouts enabled at once", async () => {
    world = await startPaymentsServer();
    const { t, standin, stripe } = world;
    const { owner, communityId } = await communityWithOwner(t);

    const before = await readConnection(owner, communityId);
    expect(before.errors).toBeUndefined();
    expect(before.data?.paymentConnection).toMatchObject({
      status: "NOT_CONNECTED",
      mode: "CONNECTED_ACCOUNT",
      accountId: null,
      chargesEnabled: false,
    });

    const first = await onboardingUrl(owner, communityId, SETTINGS(communityId));
    // Pressing Connect again (or a retry) makes no second account, but a new single-use link.
    const second = await onboardingUrl(owner, communityId, SETTINGS(communityId));
    expect(second).not.toBe(first);
    const accounts = await stripe.accounts.list();
    expect(accounts.data).toHaveLength(1);
    expect(accounts.data[0]?.metadata).toEqual({ communityId });
    const incomplete = await readConnection(owner, communityId);
    expect(incomplete.data?.paymentConnection).toMatchObject({
      status: "ONBOARDING_INCOMPLETE",
      accountId: accounts.data[0]?.id,
    });

    const { answer } = await submitHostedForm(second, "Complete onboarding");
    expect(answer.headers.get("location")).toBe(
      `${t.url}/dashboard/${communityId}/edit?stripe=return#payments`,
    );
    // Back on the page, before any webhook is handled: the page asks Stripe.
    const refreshed = await refreshConnection(owner, communityId);
    expect(refreshed.errors).toBeUndefined();
    expect(refreshed.data?.refreshPaymentConnection).toMatchObject({
      status: "PAYOUTS_ENABLED",
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });

    // The webhook then finds nothing new: one entry for the connection, one for the change.
    await world.settle();
    expect(standin.webhooks.deliveries.map((d) => [d.type, d.status])).toEqual([["account.updated", 200]]);
    const trail = await auditTrail(t.server.database.db, communityId);
    expect(
      trail.filter((entry) => entry.action.startsWith("payment_account.")).map((e) => [e.action, e.after]),
    ).toEqual([
      ["payment_account.connected", { connected: true }],
      ["payment_account.updated", { status: "payouts_enabled" }],
    ]);
  });

  it("sends an expired or used link back to the settings page marked to start again", async () => {
    world = await startPaymentsServer();
    const { t } = world;
    const { owner, communityId } = await communityWithOwner(t);
    const url = await onboardingUrl(owner, communityId, `/dashboard/${communityId}/edit`);
    await submitHostedForm(url, "Save and finish later");
    const again = await fetch(url, { redirect: "manual" });
    expect(again.headers.get("location")).toBe(`${t.url}/dashboard/${communityId}/edit?stripe=refresh`);
    expect((await readConnection(owner, communityId)).data?.paymentConnection.status).toBe(
      "ONBOARDING_INCOMPLETE",
    );
  });

  it("opens the Express dashboard of the community's own account", async () => {
    world = await startPaymentsServer();
    const { t } = world;
    const { owner, communityId } = await communityWithOwner(t);
    const before = await dashboardLink(owner, communityId);
    expect(before.errors?.[0]?.extensions?.code).toBe("CONFLICT");

    await onboardingUrl(owner, communityId, "/");
    const accountId = (await readConnection(owner, communityId)).data?.paymentConnection.accountId;
    const link = await dashboardLink(owner, communityId);
    expect(link.errors).toBeUndefined();
    const page = await fetch(link.data?.stripeDashboardLink.url as string);
    expect(await page.text()).toContain(accountId);
  });

  it("lets admins see the status and refresh it, and only the owner connect or open the dashboard", async () => {
    world = await startPaymentsServer();
    const { t } = world;
    const { owner, communityId } = await communityWithOwner(t);
    const admin = await person(t, "admin");
    const organizer = await person(t, "organizer");
    for (const [who, role] of [
      [admin, "ADMIN"],
      [organizer, "ORGANIZER"],
    ] as const) {
      const joined = await join(who.browser, communityId);
      expect((await setRole(owner, joined.data?.joinCommunity.id as string, role)).errors).toBeUndefined();
    }

    expect((await readConnection(admin.browser, communityId)).data?.paymentConnection.status).toBe(
      "NOT_CONNECTED",
    );
    expect((await refreshConnection(admin.browser, communityId)).errors).toBeUndefined();
    for (const refused of [
      await connectStripe(admin.browser, communityId, "/"),
      await dashboardLink(admin.browser, communityId),
      await readConnection(organizer.browser, communityId),
      await refreshConnection(organizer.browser, communityId),
    ]) {
      expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect((await world.stripe.accounts.list()).data).toHaveLength(0);
  });

  it("refuses to send the organizer back anywhere but a page of this site", async () => {
    world = await startPaymentsServer();
    const { owner, communityId } = await communityWithOwner(world.t);
    for (const returnPath of ["https://evil.example/x", "//evil.example/x", "dashboard", "/\\evil.example"]) {
      const refused = await connectStripe(owner, communityId, returnPath);
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: "BAD_USER_INPUT",
        fields: [{ field: "returnPath", code: "INVALID" }],
      });
    }
    expect((await world.stripe.accounts.list()).data).toHaveLength(0);
  });

  it("says so when Stripe is down, and works once it is back", async () => {
    world = await startPaymentsServer();
    const { owner, communityId } = await communityWithOwner(world.t);
    world.standin.failNextRequests(1);
    const failed = await connectStripe(owner, communityId, "/");
    expect(failed.errors?.[0]?.extensions?.code).toBe("PAYMENT_PROVIDER_ERROR");
    expect(failed.errors?.[0]?.message).toBe(
      "Stripe could not create the account just now. Try again in a moment.",
    );
    expect((await readConnection(owner, communityId)).data?.paymentConnection.status).toBe("NOT_CONNECTED");
    expect((await connectStripe(owner, communityId, "/")).errors).toBeUndefined();
  });
});

describe("without a connected account of its own", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("uses the operator's account with STRIPE_CONNECT=off: status from Stripe, nothing to connect", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, communityId } = await communityWithOwner(world.t);
    const connection = await readConnection(owner, communityId);
    expect(connection.errors).toBeUndefined();
    expect(connection.data?.paymentConnection).toMatchObject({
      status: "PAYOUTS_ENABLED",
      mode: "OPERATOR_ACCOUNT",
      accountId: null,
    });
    expect((await connectStripe(owner, communityId, "/")).errors?.[0]?.extensions?.code).toBe(
      "PAYMENTS_NOT_CONFIGURED",
    );
    expect((await world.stripe.accounts.list()).data).toHaveLength(0);
  });

  it("says payments are not set up when the operator set no keys", async () => {
    plain = await startTestServer();
    const { owner, communityId } = await communityWithOwner(plain);
    expect((await readConnection(owner, communityId)).data?.paymentConnection).toMatchObject({
      status: "NOT_CONFIGURED",
      mode: null,
    });
    for (const refused of [
      await connectStripe(owner, communityId, "/"),
      await dashboardLink(owner, communityId),
    ]) {
      expect(refused.errors?.[0]?.extensions?.code).toBe("PAYMENTS_NOT_CONFIGURED");
    }
    const webhook = await fetch(`${plain.url}/api/stripe/webhook`, { method: "POST", body: "{}" });
    expect(webhook.status).toBe(409);
    expect(await webhook.json()).toMatchObject({ code: "PAYMENTS_NOT_CONFIGURED" });
  });
});
