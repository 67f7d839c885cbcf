import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { submitHostedForm } from "#server/test/stripe-standin/hosted-page-client.ts";
import { type StripeWorld, startStripeWorld } from "./stripe-standin.test-support.ts";

let world: StripeWorld;
afterEach(() => world.close());

const SUCCESS = "http://127.0.0.1:3000/e/ev1?checkout=success&session={CHECKOUT_SESSION_ID}";
const CANCEL = "http://127.0.0.1:3000/e/ev1?checkout=canceled";

/** A connected account that finished onboarding, as a community's would be. */
async function onboardedAccount(stripe: Stripe) {
  const account = await stripe.accounts.create({ type: "express" });
  world.standin.setAccountStatus(account.id, {
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
  });
  return account.id;
}

const ticket = (currency: string, unitAmount: number, quantity = 1) => ({
  price_data: { currency, unit_amount: unitAmount, product_data: { name: "Ticket: Rust meetup" } },
  quantity,
});

describe("Checkout against the stand-in, through the official library", () => {
  it("takes a payment on the hosted page, redirects to success_url and sends a verified checkout.session.completed", async () => {
    world = await startStripeWorld();
    const { stripe, clock } = world;
    const account = await onboardedAccount(stripe);
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [ticket("eur", 2500, 2)],
        success_url: SUCCESS,
        cancel_url: CANCEL,
        client_reference_id: "reg_42",
        metadata: { registrationId: "reg_42" },
        customer_email: "ada@example.test",
        // A minute over Stripe's 30-minute minimum: the stand-in reads its clock a moment later.
        expires_at: Math.floor(clock.now().getTime() / 1000) + 31 * 60,
        payment_intent_data: { application_fee_amount: 100, metadata: { registrationId: "reg_42" } },
      },
      { stripeAccount: account, idempotencyKey: "checkout-reg_42" },
    );
    expect(session).toMatchObject({
      status: "open",
      payment_status: "unpaid",
      amount_total: 5000,
      currency: "eur",
    });

    const { html, answer } = await submitHostedForm(session.url as string, "Pay", { name: "Ada Guest" });
    expect(html).toContain("€50.00");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(SUCCESS.replace("{CHECKOUT_SESSION_ID}", session.id));

    await world.settle();
    const completed = world.receiver.accepted.filter((event) => event.type === "checkout.session.completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]?.account).toBe(account);
    const paid = completed[0]?.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({
      id: session.id,
      client_reference_id: "reg_42",
      metadata: { registrationId: "reg_42" },
      payment_status: "paid",
      customer_details: { email: "ada@example.test", name: "Ada Guest" },
    });

    const retrieved = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ["payment_intent.latest_charge.balance_transaction", "line_items"] },
      { stripeAccount: account },
    );
    expect(retrieved.status).toBe("complete");
    expect(retrieved.line_items?.data.map((item) => [item.description, item.quantity])).toEqual([
      ["Ticket: Rust meetup", 2],
    ]);
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      amount: 5000,
      status: "succeeded",
      metadata: { registrationId: "reg_42" },
    });
    const charge = intent.latest_charge as Stripe.Charge;
    const transaction = charge.balance_transaction as Stripe.BalanceTransaction;
    // 2.9 % + €0.30 processing, plus the platform's €1.00.
    expect(transaction).toMatchObject({
      amount: 5000,
      fee: 145 + 30 + 100,
      net: 5000 - 275,
      currency: "eur",
    });
  });

  it("passes zero- and three-decimal amounts through unchanged", async () => {
    world = await startStripeWorld();
    const { stripe } = world;
    for (const [currency, unitAmount, shown] of [
      ["jpy", 1500, "¥3,000"],
      ["kwd", 12345, "KWD 24.690"],
    ] as const) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [ticket(currency, unitAmount, 2)],
        success_url: SUCCESS,
      });
      expect(session).toMatchObject({ amount_total: unitAmount * 2, currency });
      const { html } = await submitHostedForm(session.url as string, "Pay", {
        email: "ada@example.test",
        name: "Ada Guest",
      });
      expect(html.replace(/[\u00a0\u202f]/g, " ")).toContain(shown);
      const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
      expect(paid.payment_intent).toMatchObject({
        amount: unitAmount * 2,
        amount_received: unitAmount * 2,
        currency,
      });
    }
  });

  it("refuses a webhook signed with another secret, and the library refuses a tampered body", async () => {
    world = await startStripeWorld();
    const { stripe, standin, receiver } = world;
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [ticket("usd", 1000)],
      success_url: SUCCESS,
    });
    standin.pay(session.id, { email: "ada@example.test", name: "Ada Guest" });
    await world.settle();
    const event = standin
      .events()
      .find((recorded) => recorded.event.type === "checkout.session.completed")?.event;
    if (!event) throw new Error("no checkout.session.completed event");

    const forged = await standin.webhooks.send(event, { secret: "whsec_somebody_else" });
    expect(forged.status).toBe(400);
    expect(receiver.refused).toHaveLength(1);

    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: standin.webhookSecret });
    expect(() =>
      stripe.webhooks.constructEvent(payload.replace("1000", "1"), header, standin.webhookSecret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it("lets a test deliver an event twice and out of order", async () => {
    world = await startStripeWorld({ webhookMode: "manual" });
    const { stripe, standin, receiver } = world;
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [ticket("usd", 1000)],
      success_url: SUCCESS,
    });
    standin.pay(session.id, { email: "ada@example.test" });
    await world.settle();
    expect(receiver.accepted).toHaveLength(0);

    const events = standin.events().map((recorded) => recorded.event);
    expect(events.map((event) => event.type)).toEqual([
      "charge.succeeded",
      "payment_intent.succeeded",
      "checkout.session.completed",
    ]);
    const [charge, intent, completed] = events;
    if (!charge || !intent || !completed) throw new Error("three events expected");
    for (const event of [completed, completed, intent, charge]) await standin.webhooks.send(event);
    expect(receiver.accepted.map((event) => event.id)).toEqual([
      completed.id,
      completed.id,
      intent.id,
      charge.id,
    ]);
  });

  it("keeps a canceled checkout open, expires it on request or when its time is up, and will not take payment after", async () => {
    world = await startStripeWorld();
    const { stripe, standin, clock } = world;
    const create = () =>
      stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [ticket("usd", 1000)],
        success_url: SUCCESS,
        cancel_url: CANCEL,
        // A minute over Stripe's 30-minute minimum: the stand-in reads its clock a moment later.
        expires_at: Math.floor(clock.now().getTime() / 1000) + 31 * 60,
      });
    const abandoned = await create();
    const { answer } = await submitHostedForm(abandoned.url as string, "Cancel");
    expect(answer.headers.get("location")).toBe(CANCEL);
    expect((await stripe.checkout.sessions.retrieve(abandoned.id)).status).toBe("open");

    const expired = await stripe.checkout.sessions.expire(abandoned.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    expect(() => standin.pay(abandoned.id)).toThrow(/expired/);

    const timedOut = await create();
    clock.advance(31 * 60 * 1000);
    expect(standin.expireDueSessions().map((session) => session.id)).toEqual([timedOut.id]);
    const page = await fetch(timedOut.url as string);
    expect(page.status).toBe(410);

    await world.settle();
    expect(world.receiver.accepted.filter((event) => event.type === "checkout.session.expired")).toHaveLength(
      2,
    );
  });

  it("answers the same session for the same idempotency key, and refuses the key with other parameters", async () => {
    world = await startStripeWorld();
    const { stripe } = world;
    const params = { mode: "payment" as const, line_items: [ticket("usd", 1000)], success_url: SUCCESS };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: "hold-reg_7" });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "hold-reg_7" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    const changed = await stripe.checkout.sessions
      .create({ ...params, line_items: [ticket("usd", 2000)] }, { idempotencyKey: "hold-reg_7" })
      .catch((error: unknown) => error);
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("refuses what Stripe refuses, naming the parameter", async () => {
    world = await startStripeWorld();
    const { stripe, clock } = world;
    const refusal = (params: Partial<Stripe.Checkout.SessionCreateParams>, options?: Stripe.RequestOptions) =>
      stripe.checkout.sessions
        .create(
          { mode: "payment", line_items: [ticket("usd", 1000)], success_url: SUCCESS, ...params },
          options,
        )
        .then(
          () => null,
          (error: Stripe.errors.StripeError) => ({
            status: error.statusCode,
            param: error.param,
            code: error.code,
          }),
        );
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(await refusal({ expires_at: now + 10 * 60 })).toMatchObject({ status: 400, param: "expires_at" });
    expect(await refusal({ line_items: [ticket("usd", 1000), ticket("eur", 1000)] })).toMatchObject({
      param: "line_items[1][price_data][currency]",
    });
    expect(await refusal({ payment_intent_data: { application_fee_amount: 10 } })).toMatchObject({
      param: "payment_intent_data[application_fee_amount]",
    });
    expect(await refusal({ line_items: [{ ...ticket("usd", 1000), quantity: 0 }] })).toMatchObject({
      param: "line_items[0][quantity]",
    });
    const notOnboarded = await stripe.accounts.create({ type: "express" });
    expect(await refusal({}, { stripeAccount: notOnboarded.id })).toMatchObject({
      status: 400,
      code: "account_invalid",
    });
    expect(await refusal({ customer: "cus_nothere" })).toMatchObject({ status: 404, param: "customer" });
  });

  it("lists events for reconciliation, page by page, per connected account", async () => {
    world = await startStripeWorld();
    const { stripe, standin } = world;
    const account = await onboardedAccount(stripe);
    for (const amount of [1000, 2000, 3000]) {
      const session = await stripe.checkout.sessions.create(
        { mode: "payment", line_items: [ticket("usd", amount)], success_url: SUCCESS },
        { stripeAccount: account },
      );
      standin.pay(session.id, { email: "ada@example.test" });
    }
    const first = await stripe.events.list(
      { type: "checkout.session.completed", limit: 2 },
      { stripeAccount: account },
    );
    expect(first.has_more).toBe(true);
    const rest = await stripe.events.list(
      { type: "checkout.session.completed", limit: 2, starting_after: first.data[1]?.id },
      { stripeAccount: account },
    );
    const totals = [...first.data, ...rest.data].map(
      (event) => (event.data.object as Stripe.Checkout.Session).amount_total,
    );
    expect(totals).toEqual([3000, 2000, 1000]);
    expect((await stripe.events.list({ type: "checkout.session.completed" })).data).toEqual([]);
  });
});
