// Reconciliation lists each Stripe account's recent events and puts those the webhook never
// delivered into the inbox, where the ordinary handlers repair the ledger.
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT } from "#server/test/harness.ts";
import { takeCardPayment } from "./card-payments.test-support.ts";
import { paymentRefund } from "./ledger.tables.ts";
import { completeOnboarding } from "./onboarding-test-support.ts";
import { stripeEvent, stripeSync } from "./payments.tables.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

const INTERVAL = 5 * 60_000;

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const ledgerRefunds = (w: PaymentsWorld, paymentId: string) =>
  w.t.server.database.db
    .select()
    .from(paymentRefund)
    .where(eq(paymentRefund.paymentId, paymentId))
    .orderBy(asc(paymentRefund.createdAt));

const inbox = (w: PaymentsWorld) =>
  w.t.server.database.db.select().from(stripeEvent).orderBy(asc(stripeEvent.sequence));

const syncOf = async (w: PaymentsWorld, scope: string) =>
  (await w.t.server.database.db.select().from(stripeSync).where(eq(stripeSync.scope, scope)))[0];

describe("reconciling Stripe's events with the inbox", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("records a dashboard refund whose webhook was never delivered once the job has run", async () => {
    world = await startPaymentsServer({
      webhookMode: "manual",
      reconcile: true,
      jobs: { stripeReconcileIntervalMs: INTERVAL },
    });
    const w = world;
    // The job's first look happens at once: let it pass before the account exists, so that the
    // refund below is found by the walk the clock brings, not by a first look a slow machine delays.
    await w.t.drain();
    const { owner, communityId } = await communityWithOwner(w.t);
    await completeOnboarding(owner, communityId);
    const card = await takeCardPayment(w, { communityId, amountMinor: 6_000 });
    const refund = w.standin.refundFromDashboard(card.paymentIntentId, 2_500);
    await w.t.drain();
    expect(await ledgerRefunds(w, card.payment.id)).toEqual([]);
    expect(w.standin.webhooks.deliveries).toEqual([]);

    w.t.clock.advance(INTERVAL);
    await w.t.drain();
    expect((await ledgerRefunds(w, card.payment.id)).map((r) => [r.providerRef, r.amountMinor])).toEqual([
      [refund.id, 2_500],
    ]);
    const stored = await inbox(w);
    const refundEvents = stored.filter((e) => e.type === "charge.refunded" || e.type === "refund.created");
    expect(refundEvents.map((e) => [e.type, e.account, e.outcome])).toEqual([
      ["charge.refunded", card.stripeAccount, "handled"],
      ["refund.created", card.stripeAccount, "handled"],
    ]);
    const sync = await syncOf(w, card.stripeAccount as string);
    expect(sync?.walkTo).toBeNull();
    expect(sync?.nextRunAt.getTime()).toBeGreaterThan(w.t.clock.now().getTime());

    // The same events delivered late by the webhook, and the next walk, change nothing.
    for (const recorded of w.standin.events()) {
      if (recorded.event.type === "refund.created") await w.standin.webhooks.send(recorded.event);
    }
    w.t.clock.advance(INTERVAL);
    await w.t.drain();
    expect(await inbox(w)).toHaveLength(stored.length);
    expect(await ledgerRefunds(w, card.payment.id)).toHaveLength(1);
  });

  it("walks the operator's account in bounded pages, going on where it stopped, and tries again after Stripe fails", async () => {
    world = await startPaymentsServer({
      connect: false,
      webhookMode: "manual",
      reconcile: true,
      jobs: { stripeReconcileIntervalMs: INTERVAL, stripeReconcilePageSize: 3, stripeReconcilePages: 1 },
    });
    const w = world;
    // The job's first look happens at once; let it find nothing yet, so that on a slow machine it
    // does not take the payment's first event in a walk of its own.
    await w.t.drain();
    const { communityId } = await communityWithOwner(w.t);
    const card = await takeCardPayment(w, { communityId, amountMinor: 1_000 });
    for (let i = 0; i < 4; i++) w.standin.refundFromDashboard(card.paymentIntentId, 100);
    // Nine events of the handled types: the checkout's completion, then charge.refunded and
    // refund.created per refund.
    const sent = w.standin
      .events()
      .filter((r) =>
        ["checkout.session.completed", "charge.refunded", "refund.created"].includes(String(r.event.type)),
      );
    expect(sent).toHaveLength(9);

    w.standin.failNextRequests(1);
    w.t.clock.advance(INTERVAL);
    await w.t.drain();
    expect(await inbox(w)).toEqual([]);

    const counts: number[] = [];
    for (let run = 0; run < 3; run++) {
      w.t.clock.advance(INTERVAL);
      await w.t.drain();
      counts.push((await inbox(w)).length);
    }
    // Three a walk, newest first, each going on after the last event the one before read.
    expect(counts).toEqual([3, 6, 9]);
    expect(new Set((await inbox(w)).map((e) => e.id))).toEqual(new Set(sent.map((r) => r.event.id)));
    expect(await syncOf(w, "platform")).toMatchObject({ walkTo: null, walkAfter: null });
    expect((await ledgerRefunds(w, card.payment.id)).map((r) => r.amountMinor)).toEqual([100, 100, 100, 100]);

    // The next walk lists the overlap again and stores nothing twice.
    w.t.clock.advance(INTERVAL);
    await w.t.drain();
    expect(await inbox(w)).toHaveLength(9);
  });
});
