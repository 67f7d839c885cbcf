// Refunds made in Stripe's dashboard reach the ledger through the webhook inbox: read from the
// API, each recorded once by its refund id, whatever order and however often the events arrive.
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT } from "#server/test/harness.ts";
import type { StripeObject } from "#server/test/stripe-standin/store.ts";
import { takeCardPayment } from "./card-payments.test-support.ts";
import { paymentRefund } from "./ledger.tables.ts";
import { PAYMENT_FIELDS, type PaymentResult, paymentEntries } from "./ledger-test-support.ts";
import { completeOnboarding } from "./onboarding-test-support.ts";
import { stripeEvent } from "./payments.tables.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";
import { refundIdempotencyKey } from "./refunds.service.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function payingCommunity(webhookMode: "auto" | "manual") {
  world = await startPaymentsServer({ webhookMode });
  const community = await communityWithOwner(world.t);
  await completeOnboarding(community.owner, community.communityId);
  return { w: world, ...community };
}

const ledgerRefunds = (w: PaymentsWorld, paymentId: string) =>
  w.t.server.database.db
    .select()
    .from(paymentRefund)
    .where(eq(paymentRefund.paymentId, paymentId))
    .orderBy(asc(paymentRefund.createdAt), asc(paymentRefund.amountMinor));

/** The stand-in's events of these types, oldest first. */
const eventsOf = (w: PaymentsWorld, ...types: string[]): StripeObject[] =>
  w.standin
    .events()
    .filter((recorded) => types.includes(String(recorded.event.type)))
    .map((recorded) => recorded.event);

const inboxOf = (w: PaymentsWorld, ...types: string[]) =>
  w.t.server.database.db
    .select()
    .from(stripeEvent)
    .orderBy(asc(stripeEvent.sequence))
    .then((rows) => rows.filter((row) => types.includes(row.type)));

describe("refunds made in Stripe's dashboard", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("shows a dashboard refund in the ledger once its webhook is handled", async () => {
    const { w, owner, communityId } = await payingCommunity("auto");
    const card = await takeCardPayment(w, { communityId, amountMinor: 4_000 });
    const refund = w.standin.refundFromDashboard(card.paymentIntentId, 1_500);
    await w.settle();

    const read = await owner.graphql<{ payment: PaymentResult & { refunds: unknown[] } }>(
      `query ($id: ID!) { payment(id: $id) { ${PAYMENT_FIELDS} refunds { amountMinor reason method } } }`,
      { id: card.payment.id },
    );
    expect(read.data?.payment).toMatchObject({
      status: "PARTIALLY_REFUNDED",
      refundedMinor: 1_500,
      netMinor: 4_000 - card.payment.feeMinor - 1_500,
      refunds: [
        { amountMinor: 1_500, reason: "Refunded in Stripe: requested by the customer.", method: "STRIPE" },
      ],
    });
    expect((await ledgerRefunds(w, card.payment.id)).map((r) => [r.providerRef, r.createdBy])).toEqual([
      [refund.id, null],
    ]);
    expect((await inboxOf(w, "charge.refunded", "refund.created")).map((r) => r.outcome)).toEqual([
      "handled",
      "handled",
    ]);
    const refunded = (await paymentEntries(w.t.server.database.db, communityId)).filter(
      (e) => e.type === "payment.refunded",
    );
    expect(refunded.map((e) => [e.payload.refundMinor, e.payload.status])).toEqual([
      [1_500, "partially_refunded"],
    ]);
  });

  it("records each refund once when its webhooks arrive twice and out of order", async () => {
    const { w, communityId } = await payingCommunity("manual");
    const card = await takeCardPayment(w, { communityId, amountMinor: 5_000 });
    const first = w.standin.refundFromDashboard(card.paymentIntentId, 1_000);
    w.t.clock.advance(2_000);
    const second = w.standin.refundFromDashboard(card.paymentIntentId, 4_000);
    const sent = eventsOf(w, "charge.refunded", "refund.created");
    expect(sent.map((e) => e.type)).toEqual([
      "charge.refunded",
      "refund.created",
      "charge.refunded",
      "refund.created",
    ]);
    // Newest first, each event twice, the inbox handled between deliveries.
    for (const event of [...sent].reverse()) {
      expect((await w.standin.webhooks.send(event)).status).toBe(200);
      await w.t.drain();
      expect((await w.standin.webhooks.send(event)).status).toBe(200);
    }
    await w.t.drain();

    expect((await ledgerRefunds(w, card.payment.id)).map((r) => [r.providerRef, r.amountMinor])).toEqual([
      [first.id, 1_000],
      [second.id, 4_000],
    ]);
    const inbox = await inboxOf(w, "charge.refunded", "refund.created");
    expect(inbox.map((r) => r.outcome)).toEqual(["handled", "handled", "handled", "handled"]);
    const refunded = (await paymentEntries(w.t.server.database.db, communityId)).filter(
      (e) => e.type === "payment.refunded",
    );
    expect(refunded.map((e) => [e.payload.refundedMinor, e.payload.status])).toEqual([
      [1_000, "partially_refunded"],
      [5_000, "refunded"],
    ]);
  });

  it("records a refund asked for in Commons whose webhook arrives first with the reason and person it carries, then the app's own answer counts it once", async () => {
    const { w, owner, ownerUser, communityId } = await payingCommunity("manual");
    const card = await takeCardPayment(w, { communityId, amountMinor: 2_000 });
    // What Commons sends Stripe for a refund; the webhook is handled before the app records it.
    const refund = await w.stripe.refunds.create(
      {
        payment_intent: card.paymentIntentId,
        amount: 2_000,
        metadata: {
          commons_payment: card.payment.id,
          commons_reason: "Event canceled",
          commons_actor: ownerUser.id,
        },
      },
      { stripeAccount: card.stripeAccount, idempotencyKey: refundIdempotencyKey(card.payment.id, 0, 2_000) },
    );
    for (const event of eventsOf(w, "refund.created", "charge.refunded"))
      await w.standin.webhooks.send(event);
    await w.t.drain();
    expect(
      (await ledgerRefunds(w, card.payment.id)).map((r) => [r.providerRef, r.reason, r.createdBy]),
    ).toEqual([[refund.id, "Event canceled", ownerUser.id]]);
    // The app's request, retried: the ledger already has everything refunded.
    const again = await owner.graphql<{ refundPayment: PaymentResult }>(
      `mutation ($id: ID!) { refundPayment(id: $id, amountMinor: 2000, reason: "Event canceled") { status } }`,
      { id: card.payment.id },
    );
    expect(again.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(await ledgerRefunds(w, card.payment.id)).toHaveLength(1);
  });

  it("retries a refund whose payment is not in the ledger yet, and ignores one for a payment long past that never was", async () => {
    const { w, communityId } = await payingCommunity("manual");
    const card = await takeCardPayment(w, { communityId, amountMinor: 3_000 });
    // Another payment on the account that the ledger does not have (yet).
    const session = await w.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            price_data: { currency: "eur", unit_amount: 900, product_data: { name: "Elsewhere" } },
            quantity: 1,
          },
        ],
        success_url: `${w.t.url}/`,
      },
      { stripeAccount: card.stripeAccount },
    );
    w.standin.pay(session.id);
    const paid = await w.stripe.checkout.sessions.retrieve(
      session.id,
      {},
      { stripeAccount: card.stripeAccount },
    );
    w.standin.refundFromDashboard(paid.payment_intent as string, 900);
    const [created] = eventsOf(w, "refund.created");
    if (!created) throw new Error("no refund.created");
    await w.standin.webhooks.send(created);
    await w.t.drain();
    const [waiting] = await inboxOf(w, "refund.created");
    expect(waiting).toMatchObject({ processedAt: null, attempts: 1 });
    expect(waiting?.lastError).toContain("in the ledger yet");

    // A day later it is not one of this server's payments: the event is set aside as ignored.
    w.t.clock.advance(25 * 60 * 60_000);
    await w.t.drain();
    const [given] = await inboxOf(w, "refund.created");
    expect(given).toMatchObject({ outcome: "ignored", attempts: 2 });
    expect(await ledgerRefunds(w, card.payment.id)).toEqual([]);
  });
});
