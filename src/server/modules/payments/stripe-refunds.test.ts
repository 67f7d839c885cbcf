import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type StripeWorld, startStripeWorld } from "./stripe-standin.test-support.ts";

let world: StripeWorld;
beforeEach(async () => {
  world = await startStripeWorld();
});
afterEach(() => world.close());

/** A paid €50.00 checkout on a connected account; answers the account and the payment intent. */
async function paidCheckout() {
  const { stripe, standin } = world;
  const account = (await stripe.accounts.create({ type: "express" })).id;
  standin.setAccountStatus(account, {
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
  });
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        { price_data: { currency: "eur", unit_amount: 5000, product_data: { name: "Ticket" } }, quantity: 1 },
      ],
      success_url: "http://127.0.0.1:3000/e/ev1",
    },
    { stripeAccount: account },
  );
  standin.pay(session.id, { email: "ada@example.test", name: "Ada Guest" });
  const paid = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account });
  return { account, paymentIntent: paid.payment_intent as string };
}

const refundEvents = () =>
  world.receiver.accepted
    .filter((event) => event.type === "charge.refunded")
    .map((event) => event.data.object as Stripe.Charge);

describe("refunds against the stand-in, through the official library", () => {
  it("answers the same refund for the same idempotency key and refunds only once", async () => {
    const { stripe } = world;
    const { account, paymentIntent } = await paidCheckout();
    const refund = () =>
      stripe.refunds.create(
        { payment_intent: paymentIntent, amount: 1000, reason: "requested_by_customer" },
        { stripeAccount: account, idempotencyKey: "refund-payment_1-1" },
      );
    const [first, second] = await Promise.all([refund(), refund()]);
    const third = await refund();
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);

    const charge = await stripe.charges.retrieve(
      (await stripe.paymentIntents.retrieve(paymentIntent, {}, { stripeAccount: account }))
        .latest_charge as string,
      {},
      { stripeAccount: account },
    );
    expect(charge).toMatchObject({ amount_refunded: 1000, refunded: false });
    await world.settle();
    expect(world.receiver.accepted.filter((event) => event.type === "refund.created")).toHaveLength(1);
  });

  it("refunds in part, then the rest, and refuses more than is left with Stripe's error", async () => {
    const { stripe } = world;
    const { account, paymentIntent } = await paidCheckout();
    const options = { stripeAccount: account };
    const partial = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 4000 }, options);
    expect(partial).toMatchObject({
      amount: 4000,
      status: "succeeded",
      currency: "eur",
      payment_intent: paymentIntent,
    });

    const tooMuch = await stripe.refunds
      .create({ payment_intent: paymentIntent, amount: 2000 }, options)
      .catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
      param: "amount",
      type: "StripeInvalidRequestError",
    });
    expect((tooMuch as Stripe.errors.StripeError).raw).toMatchObject({ type: "invalid_request_error" });

    const rest = await stripe.refunds.create({ payment_intent: paymentIntent }, options);
    expect(rest.amount).toBe(1000);
    const again = await stripe.refunds
      .create({ payment_intent: paymentIntent }, options)
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });

    await world.settle();
    expect(refundEvents().map((charge) => [charge.amount_refunded, charge.refunded])).toEqual([
      [4000, false],
      [5000, true],
    ]);
    const listed = await stripe.refunds.list({ payment_intent: paymentIntent }, options);
    expect(listed.data.map((refund) => refund.amount)).toEqual([1000, 4000]);
    const transaction = await stripe.balanceTransactions.retrieve(
      rest.balance_transaction as string,
      {},
      options,
    );
    expect(transaction).toMatchObject({ type: "refund", amount: -1000, net: -1000 });
  });

  it("sends a refund made in the dashboard as the same events, with no request behind them", async () => {
    const { account, paymentIntent } = await paidCheckout();
    const refund = world.standin.refundFromDashboard(paymentIntent, 500);
    await world.settle();
    const created = world.receiver.accepted.find((event) => event.type === "refund.created");
    expect(created).toMatchObject({ account, request: { id: null, idempotency_key: null } });
    expect(created?.data.object).toMatchObject({ id: refund.id, amount: 500 });
    expect(refundEvents()[0]?.amount_refunded).toBe(500);
  });

  it("lists a window of events by when they were created, as reconciliation asks for them", async () => {
    const { stripe, standin, clock } = world;
    const { account, paymentIntent } = await paidCheckout();
    const options = { stripeAccount: account };
    const at = () => Math.floor(clock.now().getTime() / 1000);
    clock.advance(60_000);
    const start = at();
    standin.refundFromDashboard(paymentIntent, 100);
    clock.advance(60_000);
    standin.refundFromDashboard(paymentIntent, 200);
    const end = at();
    clock.advance(60_000);
    standin.refundFromDashboard(paymentIntent, 300);
    const amounts = (list: Stripe.ApiList<Stripe.Event>) =>
      list.data.map((event) => (event.data.object as Stripe.Refund).amount);

    const window = await stripe.events.list(
      { created: { gte: start, lte: end }, types: ["refund.created"] },
      options,
    );
    expect(amounts(window)).toEqual([200, 100]);
    const exact = await stripe.events.list({ created: end, type: "refund.created" }, options);
    expect(amounts(exact)).toEqual([200]);
    const later = await stripe.events.list({ created: { gt: end }, types: ["refund.created"] }, options);
    expect(amounts(later)).toEqual([300]);
  });

  it("keeps each connected account's payments to itself", async () => {
    const { stripe } = world;
    const { paymentIntent } = await paidCheckout();
    const fromPlatform = await stripe.refunds
      .create({ payment_intent: paymentIntent })
      .catch((error: unknown) => error);
    expect(fromPlatform).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      param: "payment_intent",
    });
  });
});
