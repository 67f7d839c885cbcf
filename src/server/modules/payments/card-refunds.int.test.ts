// Card payments refunded from Commons through Stripe's refunds API: on the community's connected
// account or the operator's, in part and then in full, once however often they are asked for.
import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { createEmit } from "#server/modules/log/log.service.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT } from "#server/test/harness.ts";
import { takeCardPayment } from "./card-payments.test-support.ts";
import { paymentRefund } from "./ledger.tables.ts";
import { paymentEntries, refundPaymentAs } from "./ledger-test-support.ts";
import { completeOnboarding } from "./onboarding-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";
import { refundIdempotencyKey, refundPayment } from "./refunds.service.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A community taking card payments: its own connected account, or the operator's (connect off). */
async function payingCommunity(options: { connect?: boolean; webhookMode?: "auto" | "manual" } = {}) {
  world = await startPaymentsServer(options);
  const community = await communityWithOwner(world.t);
  if (options.connect ?? true) await completeOnboarding(community.owner, community.communityId);
  return { w: world, ...community };
}

const ledgerRefunds = (w: PaymentsWorld, paymentId: string) =>
  w.t.server.database.db
    .select()
    .from(paymentRefund)
    .where(eq(paymentRefund.paymentId, paymentId))
    .orderBy(asc(paymentRefund.createdAt), asc(paymentRefund.amountMinor));

const stripeRefunds = async (w: PaymentsWorld, paymentIntentId: string, stripeAccount?: string) =>
  (
    await w.stripe.refunds.list(
      { payment_intent: paymentIntentId, limit: 100 },
      stripeAccount ? { stripeAccount } : {},
    )
  ).data;

describe("refunding a card payment from Commons", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("refunds part and then the rest through Stripe on the community's account, each recorded once by its refund id", async () => {
    const { w, owner, ownerUser, communityId } = await payingCommunity();
    const card = await takeCardPayment(w, { communityId, amountMinor: 5_000 });
    expect(card.payment.feeMinor).toBeGreaterThan(0);

    const part = await refundPaymentAs(owner, card.payment.id, 2_000, "Could not come");
    expect(part.errors).toBeUndefined();
    expect(part.data?.refundPayment).toMatchObject({
      method: "STRIPE",
      status: "PARTIALLY_REFUNDED",
      refundedMinor: 2_000,
      netMinor: 5_000 - card.payment.feeMinor - 2_000,
    });
    const tooMuch = await refundPaymentAs(owner, card.payment.id, 3_001);
    expect(tooMuch.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "amountMinor", code: "MORE_THAN_LEFT" }),
    ]);
    expect(tooMuch.errors?.[0]?.message).toBe("At most €30.00 is left to refund.");
    const rest = await refundPaymentAs(owner, card.payment.id, 3_000, "Event moved");
    expect(rest.data?.refundPayment).toMatchObject({ status: "REFUNDED", refundedMinor: 5_000 });
    const again = await refundPaymentAs(owner, card.payment.id, 1);
    expect(again.errors?.[0]?.extensions?.code).toBe("CONFLICT");

    const atStripe = await stripeRefunds(w, card.paymentIntentId, card.stripeAccount);
    expect(atStripe.map((r) => [r.amount, r.status, r.metadata?.commons_reason])).toEqual([
      [3_000, "succeeded", "Event moved"],
      [2_000, "succeeded", "Could not come"],
    ]);
    // Stripe's webhooks for both refunds (charge.refunded and refund.created each) change nothing.
    await w.settle();
    const recorded = await ledgerRefunds(w, card.payment.id);
    expect(recorded.map((r) => [r.amountMinor, r.reason, r.method, r.providerRef, r.createdBy])).toEqual([
      [2_000, "Could not come", "stripe", atStripe[1]?.id, ownerUser.id],
      [3_000, "Event moved", "stripe", atStripe[0]?.id, ownerUser.id],
    ]);
    const entries = await paymentEntries(w.t.server.database.db, communityId);
    expect(entries.filter((e) => e.type === "payment.refunded").map((e) => e.payload.refundedMinor)).toEqual([
      2_000, 5_000,
    ]);
  });

  it("makes one refund of two asked for at once: the same key for the same refund, one refund at Stripe and in the ledger", async () => {
    const { w, owner, ownerUser, communityId } = await payingCommunity({ webhookMode: "manual" });
    const card = await takeCardPayment(w, { communityId, amountMinor: 5_000 });
    const gateway = w.t.config.stripe;
    if (!gateway) throw new Error("Stripe is configured in this test");
    // Both requests reach Stripe only once both have decided their key: a double click whose
    // second request is read before the first is recorded.
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const together = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    const real = w.stripe;
    const keys: string[] = [];
    const held = Object.assign(Object.create(real) as Stripe, {
      refunds: {
        create: async (params: Stripe.RefundCreateParams, options: Stripe.RequestOptions) => {
          keys.push(options.idempotencyKey as string);
          if (++arrived === 2) bothArrived();
          await together;
          return real.refunds.create(params, options);
        },
      },
    });
    const ctx = {
      db: w.t.server.database.db,
      viewer: { id: ownerUser.id, name: ownerUser.name, email: ownerUser.email, image: null },
      clock: w.t.clock.now,
      emit: createEmit({ clock: w.t.clock.now }),
      stripe: { stripe: held, settings: gateway, appUrl: w.t.url },
    };
    const twice = await Promise.all(
      [1, 2].map(() => refundPayment(ctx, card.payment.id, { amountMinor: 1_000, reason: "Double click" })),
    );
    expect(keys).toEqual([
      refundIdempotencyKey(card.payment.id, 0, 1_000),
      refundIdempotencyKey(card.payment.id, 0, 1_000),
    ]);
    expect(twice.map((p) => [p.status, p.refundedMinor])).toEqual([
      ["partially_refunded", 1_000],
      ["partially_refunded", 1_000],
    ]);
    expect((await stripeRefunds(w, card.paymentIntentId, card.stripeAccount)).map((r) => r.amount)).toEqual([
      1_000,
    ]);
    expect((await ledgerRefunds(w, card.payment.id)).map((r) => r.amountMinor)).toEqual([1_000]);

    // Two full refunds at once through GraphQL: one refund of what was left.
    const full = await Promise.all([1, 2].map(() => refundPaymentAs(owner, card.payment.id, 4_000)));
    // Each answers the refunded payment, or (had the other been recorded before it looked) that
    // nothing is left to refund.
    const outcomes = full.map((a) => a.data?.refundPayment.status ?? a.errors?.[0]?.extensions?.code);
    expect(outcomes).toContain("REFUNDED");
    for (const outcome of outcomes) expect(["REFUNDED", "CONFLICT"]).toContain(outcome);
    expect((await stripeRefunds(w, card.paymentIntentId, card.stripeAccount)).map((r) => r.amount)).toEqual([
      4_000, 1_000,
    ]);
    expect((await ledgerRefunds(w, card.payment.id)).map((r) => r.amountMinor)).toEqual([1_000, 4_000]);
  });

  it("records a refund whose first recording was lost when it is asked for again, without refunding twice", async () => {
    const { w, owner, ownerUser, communityId } = await payingCommunity({ webhookMode: "manual" });
    const card = await takeCardPayment(w, { communityId, amountMinor: 3_000 });
    // The first request reached Stripe and the process died before recording it.
    const lost = await w.stripe.refunds.create(
      {
        payment_intent: card.paymentIntentId,
        amount: 1_000,
        metadata: {
          commons_payment: card.payment.id,
          commons_reason: "Could not come",
          commons_actor: ownerUser.id,
        },
      },
      { stripeAccount: card.stripeAccount, idempotencyKey: refundIdempotencyKey(card.payment.id, 0, 1_000) },
    );
    const retried = await refundPaymentAs(owner, card.payment.id, 1_000);
    expect(retried.data?.refundPayment).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedMinor: 1_000 });
    expect((await stripeRefunds(w, card.paymentIntentId, card.stripeAccount)).map((r) => r.id)).toEqual([
      lost.id,
    ]);
    expect((await ledgerRefunds(w, card.payment.id)).map((r) => r.providerRef)).toEqual([lost.id]);

    // Asked for again with another reason while that refund was not yet recorded: Stripe refuses
    // the key's other parameters, and nothing more goes back.
    const other = await takeCardPayment(w, { communityId, amountMinor: 3_000 });
    await w.stripe.refunds.create(
      {
        payment_intent: other.paymentIntentId,
        amount: 1_000,
        metadata: {
          commons_payment: other.payment.id,
          commons_reason: "Could not come",
          commons_actor: ownerUser.id,
        },
      },
      {
        stripeAccount: other.stripeAccount,
        idempotencyKey: refundIdempotencyKey(other.payment.id, 0, 1_000),
      },
    );
    const differently = await refundPaymentAs(owner, other.payment.id, 1_000, "Another reason");
    expect(differently.errors?.[0]).toMatchObject({
      extensions: { code: "CONFLICT" },
      message:
        "Stripe is already making this refund, asked for with another reason. Look at the payment again in a moment.",
    });
    expect(await stripeRefunds(w, other.paymentIntentId, other.stripeAccount)).toHaveLength(1);
  });

  it("says Stripe's refusal in a sentence and records nothing", async () => {
    const { w, owner, communityId } = await payingCommunity({ webhookMode: "manual" });
    const card = await takeCardPayment(w, { communityId, amountMinor: 5_000 });
    // Refunded in Stripe's dashboard; its webhook has not arrived, so the ledger still has it all.
    w.standin.refundFromDashboard(card.paymentIntentId, 1_000);
    const refused = await refundPaymentAs(owner, card.payment.id, 5_000);
    expect(refused.errors?.[0]?.extensions?.code).toBe("PAYMENT_PROVIDER_ERROR");
    expect(refused.errors?.[0]?.message).toMatch(
      /^Stripe could not refund the payment: Refund amount \(5000 eur\) is greater than unrefunded amount/,
    );
    expect(await ledgerRefunds(w, card.payment.id)).toEqual([]);

    w.standin.failNextRequests(1);
    const outage = await refundPaymentAs(owner, card.payment.id, 500);
    expect(outage.errors?.[0]).toMatchObject({
      message: "Stripe could not refund the payment just now. Try again in a moment.",
      extensions: { code: "PAYMENT_PROVIDER_ERROR" },
    });
    expect(await ledgerRefunds(w, card.payment.id)).toEqual([]);
  });

  it("refunds on the operator's own account with STRIPE_CONNECT=off, in yen and in dinars", async () => {
    const { w, owner, communityId } = await payingCommunity({ connect: false });
    const yen = await takeCardPayment(w, { communityId, amountMinor: 1_500, currency: "JPY" });
    expect(yen.stripeAccount).toBeUndefined();
    const dinars = await takeCardPayment(w, { communityId, amountMinor: 12_340, currency: "KWD" });

    const yenBack = await refundPaymentAs(owner, yen.payment.id, 500);
    expect(yenBack.data?.refundPayment).toMatchObject({
      currency: "JPY",
      status: "PARTIALLY_REFUNDED",
      refundedMinor: 500,
    });
    const tooMuch = await refundPaymentAs(owner, yen.payment.id, 1_001);
    expect(tooMuch.errors?.[0]?.message).toBe("At most ¥1,000 is left to refund.");
    const dinarsBack = await refundPaymentAs(owner, dinars.payment.id, 12_340);
    expect(dinarsBack.data?.refundPayment).toMatchObject({
      currency: "KWD",
      status: "REFUNDED",
      netMinor: -dinars.payment.feeMinor,
    });
    expect((await stripeRefunds(w, yen.paymentIntentId)).map((r) => [r.amount, r.currency])).toEqual([
      [500, "jpy"],
    ]);
    expect((await stripeRefunds(w, dinars.paymentIntentId)).map((r) => [r.amount, r.currency])).toEqual([
      [12_340, "kwd"],
    ]);
    await w.settle();
    expect((await ledgerRefunds(w, yen.payment.id)).map((r) => r.amountMinor)).toEqual([500]);
    expect((await ledgerRefunds(w, dinars.payment.id)).map((r) => r.amountMinor)).toEqual([12_340]);
  });
});
