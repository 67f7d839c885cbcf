import { asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, type TestBrowser } from "#server/test/harness.ts";
import type { StripeObject } from "#server/test/stripe-standin/store.ts";
import { stripeEvent } from "./payments.tables.ts";
import {
  onboardingUrl,
  type PaymentsWorld,
  readConnection,
  startPaymentsServer,
} from "./payments-test-support.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A community whose Stripe account exists but has not finished onboarding. */
async function connectedCommunity(w: PaymentsWorld) {
  const { owner, communityId } = await communityWithOwner(w.t);
  await onboardingUrl(owner, communityId, `/dashboard/${communityId}/edit`);
  const accountId = (await readConnection(owner, communityId)).data?.paymentConnection.accountId as string;
  expect(accountId).toMatch(/^acct_/);
  return { owner, communityId, accountId };
}

const inbox = (w: PaymentsWorld) =>
  w.t.server.database.db.select().from(stripeEvent).orderBy(asc(stripeEvent.sequence));

const eventsOf = (w: PaymentsWorld, type: string): StripeObject[] =>
  w.standin
    .events()
    .filter((recorded) => recorded.event.type === type)
    .map((recorded) => recorded.event);

const accountChanges = async (w: PaymentsWorld, communityId: string) =>
  (await auditTrail(w.t.server.database.db, communityId))
    .filter((entry) => entry.action === "payment_account.updated")
    .map((entry) => entry.after);

const status = async (owner: TestBrowser, communityId: string) =>
  (await readConnection(owner, communityId)).data?.paymentConnection.status;

describe("the Stripe webhook inbox", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("stores an event delivered twice once, and handles it once", async () => {
    world = await startPaymentsServer();
    const { owner, communityId, accountId } = await connectedCommunity(world);
    world.standin.setAccountStatus(accountId, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    await world.settle();
    const [event] = eventsOf(world, "account.updated");
    if (!event) throw new Error("no account.updated event");
    const again = await world.standin.webhooks.send(event);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.answer)).toEqual({ received: true, duplicate: true });
    await world.settle();

    const stored = await inbox(world);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: event.id,
      type: "account.updated",
      account: accountId,
      objectId: accountId,
      attempts: 1,
      outcome: "handled",
      lastError: null,
    });
    expect(stored[0]?.processedAt).not.toBeNull();
    expect(await status(owner, communityId)).toBe("PAYOUTS_ENABLED");
    expect(await accountChanges(world, communityId)).toEqual([{ status: "payouts_enabled" }]);
  });

  it("refuses a body signed with another secret, a changed body and an old signature, storing nothing", async () => {
    world = await startPaymentsServer({ webhookMode: "manual" });
    const { accountId } = await connectedCommunity(world);
    world.standin.setAccountStatus(accountId, { details_submitted: true });
    const [event] = eventsOf(world, "account.updated");
    if (!event) throw new Error("no account.updated event");

    const forged = await world.standin.webhooks.send(event, { secret: "whsec_somebody_else" });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.answer)).toMatchObject({ code: "BAD_SIGNATURE" });

    // The app's clock runs an hour ahead of the machine's: ages are measured on the app's.
    world.t.clock.advance(60 * 60_000);
    const nowSeconds = Math.floor(world.t.clock.now().getTime() / 1000);
    const stale = await world.standin.webhooks.send(event, { timestamp: nowSeconds - 301 });
    expect(stale.status).toBe(400);
    expect(JSON.parse(stale.answer)).toMatchObject({ code: "BAD_SIGNATURE" });

    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: world.standin.webhookSecret });
    const tampered = await fetch(`${world.t.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload.replace('"details_submitted":true', '"details_submitted":false'),
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ code: "BAD_SIGNATURE" });
    const unsigned = await fetch(`${world.t.url}/api/stripe/webhook`, { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);
    expect(await inbox(world)).toEqual([]);

    // Within the five minutes, measured on the app's clock, the same event is taken.
    const recent = await world.standin.webhooks.send(event, { timestamp: nowSeconds - 290 });
    expect(recent.status).toBe(200);
    expect(await inbox(world)).toHaveLength(1);
  });

  it("ends with the state Stripe's API has, whatever order account.updated events arrive in", async () => {
    world = await startPaymentsServer({ webhookMode: "manual" });
    const { owner, communityId, accountId } = await connectedCommunity(world);
    world.standin.setAccountStatus(accountId, { details_submitted: true });
    world.t.clock.advance(2_000);
    world.standin.setAccountStatus(accountId, { charges_enabled: true, payouts_enabled: true });
    const [submitted, enabled] = eventsOf(world, "account.updated");
    if (!submitted || !enabled) throw new Error("two account.updated events expected");
    // The older event's payload says charges are not enabled; it arrives last and is handled last.
    expect((submitted.data as { object: { charges_enabled: boolean } }).object.charges_enabled).toBe(false);
    await world.standin.webhooks.send(enabled);
    await world.t.drain();
    await world.standin.webhooks.send(submitted);
    await world.t.drain();

    expect((await inbox(world)).map((row) => [row.id, row.outcome])).toEqual([
      [enabled.id, "handled"],
      [submitted.id, "handled"],
    ]);
    expect(await status(owner, communityId)).toBe("PAYOUTS_ENABLED");
    expect(await accountChanges(world, communityId)).toEqual([{ status: "payouts_enabled" }]);
  });

  it("retries an event whose handling failed after a backoff, and holds the object's later events behind it", async () => {
    world = await startPaymentsServer({ webhookMode: "manual" });
    const { owner, communityId, accountId } = await connectedCommunity(world);
    world.standin.setAccountStatus(accountId, { details_submitted: true });
    world.t.clock.advance(2_000);
    world.standin.setAccountStatus(accountId, { charges_enabled: true, payouts_enabled: true });
    const [first, second] = eventsOf(world, "account.updated");
    if (!first || !second) throw new Error("two account.updated events expected");

    world.standin.failNextRequests(1);
    await world.standin.webhooks.send(first);
    await world.t.drain();
    await world.standin.webhooks.send(second);
    await world.t.drain();
    const afterFailure = await inbox(world);
    expect(afterFailure.map((row) => [row.id, row.attempts, row.processedAt])).toEqual([
      [first.id, 1, null],
      [second.id, 0, null],
    ]);
    expect(afterFailure[0]?.lastError).toContain("outage");
    expect(await status(owner, communityId)).toBe("ONBOARDING_INCOMPLETE");

    // The first retry is due 30 s after the failure: not before.
    world.t.clock.advance(20_000);
    await world.t.drain();
    expect((await inbox(world)).map((row) => row.attempts)).toEqual([1, 0]);

    world.t.clock.advance(15_000);
    await world.t.drain();
    expect((await inbox(world)).map((row) => [row.attempts, row.outcome, row.lastError])).toEqual([
      [2, "handled", null],
      [1, "handled", null],
    ]);
    expect(await status(owner, communityId)).toBe("PAYOUTS_ENABLED");
  });

  it("gives up on an event after its last attempt and lets the object's next events through", async () => {
    world = await startPaymentsServer({ webhookMode: "manual", jobs: { maxAttempts: 2 } });
    const { owner, communityId, accountId } = await connectedCommunity(world);
    world.standin.setAccountStatus(accountId, { details_submitted: true });
    world.t.clock.advance(2_000);
    world.standin.setAccountStatus(accountId, { charges_enabled: true, payouts_enabled: true });
    const [first, second] = eventsOf(world, "account.updated");
    if (!first || !second) throw new Error("two account.updated events expected");
    world.standin.failNextRequests(2);
    await world.standin.webhooks.send(first);
    await world.standin.webhooks.send(second);
    await world.t.drain();
    world.t.clock.advance(31_000);
    await world.t.drain();
    const rows = await inbox(world);
    expect(rows.map((row) => [row.id, row.attempts, row.outcome])).toEqual([
      [first.id, 2, "failed"],
      [second.id, 1, "handled"],
    ]);
    expect(rows[0]?.lastError).toMatch(/^gave up after 2 attempts: /);
    expect(await status(owner, communityId)).toBe("PAYOUTS_ENABLED");
  });

  it("records events it has no use for yet as processed and ignored, without asking Stripe", async () => {
    world = await startPaymentsServer({ webhookMode: "manual" });
    await world.stripe.customers.create({ email: "ada@example.test" });
    const stranger = await world.stripe.accounts.create({ type: "express" });
    world.standin.setAccountStatus(stranger.id, { details_submitted: true });
    const sent = [...eventsOf(world, "customer.created"), ...eventsOf(world, "account.updated")];
    expect(sent).toHaveLength(2);
    // Were Stripe asked anything, this would fail the handling.
    world.standin.failNextRequests(5);
    for (const event of sent) expect((await world.standin.webhooks.send(event)).status).toBe(200);
    await world.t.drain();
    expect((await inbox(world)).map((row) => [row.type, row.outcome, row.attempts])).toEqual([
      ["customer.created", "ignored", 1],
      ["account.updated", "ignored", 1],
    ]);
  });

  it("refuses a body over 1 MiB before reading it", async () => {
    world = await startPaymentsServer({ webhookMode: "manual" });
    const answer = await fetch(`${world.t.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=x" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(answer.status).toBe(413);
    expect(
      await world.t.server.database.db.select().from(stripeEvent).where(eq(stripeEvent.type, "x")),
    ).toEqual([]);
  });
});
