import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitHostedForm } from "#server/test/stripe-standin/hosted-page-client.ts";
import { type StripeWorld, startStripeWorld } from "./stripe-standin.test-support.ts";

let world: StripeWorld;
beforeEach(async () => {
  world = await startStripeWorld();
});
afterEach(() => world.close());

const DAY = 86_400;

/** A member subscribes to a monthly €12.00 plan of a connected account through the hosted checkout page. */
async function subscribe() {
  const { stripe, standin } = world;
  const account = (await stripe.accounts.create({ type: "express" })).id;
  standin.setAccountStatus(account, {
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
  });
  const session = await stripe.checkout.sessions.create(
    {
      mode: "subscription",
      line_items: [
        {
          price_data: {
            currency: "eur",
            unit_amount: 1200,
            recurring: { interval: "month" },
            product_data: { name: "Supporting member" },
          },
          quantity: 1,
        },
      ],
      customer_email: "ada@example.test",
      subscription_data: { metadata: { planId: "plan_1", membershipId: "m_1" }, application_fee_percent: 5 },
      success_url: "http://127.0.0.1:3000/me?subscribed={CHECKOUT_SESSION_ID}",
    },
    { stripeAccount: account },
  );
  const { answer } = await submitHostedForm(session.url as string, "Pay", { name: "Ada Guest" });
  expect(answer.status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(
    session.id,
    { expand: ["subscription"] },
    { stripeAccount: account },
  );
  return { account, session: done, subscription: done.subscription as Stripe.Subscription };
}

const received = (type: string) => world.receiver.accepted.filter((event) => event.type === type);

describe("subscriptions against the stand-in, through the official library", () => {
  it("starts an active subscription from checkout, its first month paid, with the plan's metadata", async () => {
    const { subscription, session, account } = await subscribe();
    expect(session).toMatchObject({ status: "complete", mode: "subscription", payment_status: "paid" });
    expect(subscription).toMatchObject({
      status: "active",
      cancel_at_period_end: false,
      metadata: { planId: "plan_1" },
    });
    const item = subscription.items.data[0];
    expect(item?.price).toMatchObject({
      unit_amount: 1200,
      currency: "eur",
      recurring: { interval: "month" },
    });
    const periodDays = ((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)) / DAY;
    expect(periodDays).toBeGreaterThanOrEqual(28);
    expect(periodDays).toBeLessThanOrEqual(31);

    await world.settle();
    expect(world.receiver.accepted.map((event) => event.type)).toEqual(
      expect.arrayContaining(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]),
    );
    const invoice = received("invoice.paid")[0]?.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({
      amount_paid: 1200,
      billing_reason: "subscription_create",
      status: "paid",
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(received("invoice.paid")[0]?.account).toBe(account);
  });

  it("renews for another period, fails a renewal into past due, and recovers on the next", async () => {
    const { standin } = world;
    const { subscription } = await subscribe();
    const firstEnd = subscription.items.data[0]?.current_period_end;

    standin.renewSubscription(subscription.id);
    standin.failSubscriptionRenewal(subscription.id);
    standin.renewSubscription(subscription.id);
    await world.settle();

    const updates = received("customer.subscription.updated").map((event) => ({
      status: (event.data.object as Stripe.Subscription).status,
      was: (event.data.previous_attributes as { status?: string }).status,
    }));
    expect(updates).toEqual([
      { status: "active", was: "active" },
      { status: "past_due", was: "active" },
      { status: "active", was: "past_due" },
    ]);
    const failed = received("invoice.payment_failed")[0]?.data.object as Stripe.Invoice;
    expect(failed).toMatchObject({
      status: "open",
      amount_paid: 0,
      amount_due: 1200,
      billing_reason: "subscription_cycle",
    });
    const renewals = received("invoice.paid").map(
      (event) => (event.data.object as Stripe.Invoice).billing_reason,
    );
    expect(renewals).toEqual(["subscription_create", "subscription_cycle", "subscription_cycle"]);
    const renewed = received("customer.subscription.updated")[0]?.data.object as Stripe.Subscription;
    expect(renewed.items.data[0]?.current_period_start).toBe(firstEnd);
  });

  it("cancels at the period's end: still active until the renewal, then ended", async () => {
    const { stripe, standin } = world;
    const { subscription, account } = await subscribe();
    const canceling = await stripe.subscriptions.update(
      subscription.id,
      { cancel_at_period_end: true },
      { stripeAccount: account },
    );
    expect(canceling).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(canceling.cancel_at).toBe(subscription.items.data[0]?.current_period_end);

    standin.renewSubscription(subscription.id);
    await world.settle();
    expect(received("customer.subscription.updated").map((event) => event.data.previous_attributes)).toEqual([
      expect.objectContaining({ cancel_at_period_end: false }),
    ]);
    expect(received("customer.subscription.deleted")).toHaveLength(1);
    const ended = await stripe.subscriptions.retrieve(subscription.id, {}, { stripeAccount: account });
    expect(ended.status).toBe("canceled");
    expect(ended.ended_at).not.toBeNull();
    expect(received("invoice.paid")).toHaveLength(1);
  });

  it("ends a subscription at once through the API or a test hook", async () => {
    const { stripe, standin } = world;
    const first = await subscribe();
    const canceled = await stripe.subscriptions.cancel(
      first.subscription.id,
      {},
      { stripeAccount: first.account },
    );
    expect(canceled.status).toBe("canceled");
    const second = await subscribe();
    expect(standin.endSubscription(second.subscription.id).status).toBe("canceled");
    await world.settle();
    expect(
      received("customer.subscription.deleted").map((event) => (event.data.object as Stripe.Subscription).id),
    ).toEqual([first.subscription.id, second.subscription.id]);
  });

  it("lets the member cancel and resume in the customer portal, then return", async () => {
    const { stripe } = world;
    const { subscription, account } = await subscribe();
    const portal = await stripe.billingPortal.sessions.create(
      { customer: subscription.customer as string, return_url: "http://127.0.0.1:3000/me" },
      { stripeAccount: account },
    );
    const cancel = await submitHostedForm(portal.url, "Cancel at period end");
    expect(cancel.html).toContain("Supporting member");
    expect(cancel.html).toContain('href="http://127.0.0.1:3000/me"');
    expect(cancel.answer.status).toBe(303);
    const options = { stripeAccount: account };
    expect((await stripe.subscriptions.retrieve(subscription.id, {}, options)).cancel_at_period_end).toBe(
      true,
    );

    await submitHostedForm(portal.url, "Keep subscription");
    expect((await stripe.subscriptions.retrieve(subscription.id, {}, options)).cancel_at_period_end).toBe(
      false,
    );
  });
});
