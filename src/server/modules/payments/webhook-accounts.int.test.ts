// Anyone with a connected account can write any metadata on its own Checkout Sessions and
// subscriptions. A webhook touches a community's records only when it comes from that community's
// own account: another community's account naming them changes nothing, and its events are
// recorded as ignored, like any event the inbox has no use for.
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  paymentsOf,
  readOrder,
  sessionIdOf,
  started,
} from "#server/modules/checkout/checkout-test-support.ts";
import { createEvent, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT } from "#server/test/harness.ts";
import type { StripeObject } from "#server/test/stripe-standin/store.ts";
import { takeCardPayment } from "./card-payments.test-support.ts";
import { paymentRefund } from "./ledger.tables.ts";
import {
  checkoutUrl,
  clubWithPlan,
  membershipPaymentsOf,
  paidMember,
  payCheckout,
  planColumnsOf,
  purchasesOf,
  sessionIdIn,
} from "./member-subscriptions-test-support.ts";
import { accountOfCommunity } from "./payment-account.service.ts";
import { stripeEvent } from "./payments.tables.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

let world: PaymentsWorld;
beforeAll(async () => {
  world = await startPaymentsServer();
});
afterAll(() => world.close());

const db = () => world.t.server.database.db;

async function accountIdOf(communityId: string): Promise<string> {
  const account = await accountOfCommunity(db(), communityId);
  if (!account) throw new Error(`community ${communityId} has no Stripe account`);
  return account.stripeAccountId;
}

/** Another community taking payments on its own connected account: its owner's Stripe account. */
async function otherAccount(): Promise<string> {
  const other = await clubWithPlan(world, { name: "Elsewhere", interval: "MONTH", priceMinor: 100 });
  return accountIdOf(other.communityId);
}

/** What the inbox did with each event the account sent, by type, in the order they came. */
async function inboxFrom(account: string) {
  const rows = await db()
    .select()
    .from(stripeEvent)
    .where(eq(stripeEvent.account, account))
    .orderBy(asc(stripeEvent.sequence));
  return rows.map((row) => [row.type, row.outcome]);
}

/**
 * A Checkout Session made directly on another account with metadata naming one of our membership
 * records, paid: what the owner of that account could do with their own API key.
 */
async function foreignMembershipCheckout(
  account: string,
  recordId: string,
  mode: "subscription" | "payment",
): Promise<Stripe.Checkout.Session> {
  const metadata = { commons_kind: "membership", commons_subscription_id: recordId };
  const session = await world.stripe.checkout.sessions.create(
    {
      mode,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "eur",
            unit_amount: 100,
            product_data: { name: "Anything" },
            ...(mode === "subscription" ? { recurring: { interval: "month" as const } } : {}),
          },
        },
      ],
      metadata,
      customer_email: "someone@example.test",
      ...(mode === "subscription"
        ? { subscription_data: { metadata } }
        : { payment_intent_data: { metadata } }),
      success_url: "https://elsewhere.example.test/done",
      cancel_url: "https://elsewhere.example.test/back",
    },
    { stripeAccount: account },
  );
  world.standin.pay(session.id, { name: "Someone Else" });
  await world.settle();
  return world.stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account });
}

/** An event as Stripe would sign it, about `object`, said to come from `account`. */
/** Ada signs in and opens a checkout of the plan: its URL and the purchase record it started. */
async function adaChecksOut(planId: string) {
  const ada = await quickSignIn(world.t, "Ada Guest");
  const url = await checkoutUrl(ada.browser, planId);
  const [record] = await purchasesOf(world, ada.id);
  if (!record) throw new Error("no checkout record");
  return { ada, url, record };
}

async function sendAs(account: string, type: string, object: unknown) {
  const event: StripeObject = {
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    created: Math.floor(world.t.clock.now().getTime() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    account,
  };
  expect((await world.standin.webhooks.send(event)).status).toBe(200);
  await world.settle();
}

describe("webhooks from another community's Stripe account", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("a subscription paid on another account naming a member's checkout starts no plan and records no payment; their own payment still does", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1200 });
    const elsewhere = await otherAccount();
    const { ada, url, record } = await adaChecksOut(club.plan.id);

    const foreign = await foreignMembershipCheckout(elsewhere, record.id, "subscription");
    const foreignSubscription = foreign.subscription as string;
    world.standin.failSubscriptionRenewal(foreignSubscription);
    world.standin.endSubscription(foreignSubscription);
    await world.settle();

    expect(await planColumnsOf(world, club.communityId, ada.id)).toBeNull();
    expect(await membershipPaymentsOf(world, club.communityId)).toEqual([]);
    expect((await purchasesOf(world, ada.id)).map((p) => [p.status, p.stripeSubscriptionId])).toEqual([
      ["checkout", null],
    ]);
    expect(
      (await inboxFrom(elsewhere)).filter(([type]) =>
        [
          "checkout.session.completed",
          "invoice.paid",
          "invoice.payment_failed",
          "customer.subscription.updated",
          "customer.subscription.deleted",
        ].includes(type as string),
      ),
    ).toEqual([
      ["invoice.paid", "ignored"],
      ["checkout.session.completed", "ignored"],
      ["invoice.payment_failed", "ignored"],
      ["customer.subscription.updated", "ignored"],
      ["customer.subscription.deleted", "ignored"],
    ]);

    await payCheckout(url);
    await world.settle();
    expect(await planColumnsOf(world, club.communityId, ada.id)).toMatchObject({
      status: "active",
      planStatus: "active",
    });
    expect((await membershipPaymentsOf(world, club.communityId)).map((p) => p.amountMinor)).toEqual([1200]);
  });

  it("a one-off payment on another account naming a member's checkout starts no plan; their own payment still does", async () => {
    const club = await clubWithPlan(world, { name: "Lifetime", interval: "ONCE", priceMinor: 5000 });
    const elsewhere = await otherAccount();
    const { ada, url, record } = await adaChecksOut(club.plan.id);

    await foreignMembershipCheckout(elsewhere, record.id, "payment");

    expect(await planColumnsOf(world, club.communityId, ada.id)).toBeNull();
    expect(await membershipPaymentsOf(world, club.communityId)).toEqual([]);
    expect((await inboxFrom(elsewhere)).filter(([type]) => type === "checkout.session.completed")).toEqual([
      ["checkout.session.completed", "ignored"],
    ]);

    await payCheckout(url);
    await world.settle();
    expect((await planColumnsOf(world, club.communityId, ada.id))?.planStatus).toBe("active");
    expect((await membershipPaymentsOf(world, club.communityId)).map((p) => p.amountMinor)).toEqual([5000]);
  });

  it("renewals, failures and endings sent from another account leave a paying member's plan alone; their own still move it", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1500 });
    const elsewhere = await otherAccount();
    const ada = await paidMember(world, club.plan.id);
    const [before] = await purchasesOf(world, ada.id);
    if (!before) throw new Error("no purchase");

    const foreign = await foreignMembershipCheckout(elsewhere, before.id, "subscription");
    world.standin.failSubscriptionRenewal(foreign.subscription as string);
    world.standin.endSubscription(foreign.subscription as string);
    await world.settle();

    expect(await planColumnsOf(world, club.communityId, ada.id)).toMatchObject({ planStatus: "active" });
    const [after] = await purchasesOf(world, ada.id);
    expect(after).toMatchObject({
      status: "active",
      stripeSubscriptionId: before.stripeSubscriptionId,
      currentPeriodEnd: before.currentPeriodEnd,
    });
    expect((await membershipPaymentsOf(world, club.communityId)).map((p) => p.amountMinor)).toEqual([1500]);
    expect((await inboxFrom(elsewhere)).filter(([type]) => type === "customer.subscription.deleted")).toEqual(
      [["customer.subscription.deleted", "ignored"]],
    );

    world.standin.renewSubscription(before.stripeSubscriptionId as string);
    await world.settle();
    expect((await membershipPaymentsOf(world, club.communityId)).map((p) => p.amountMinor)).toEqual([
      1500, 1500,
    ]);
    world.standin.endSubscription(before.stripeSubscriptionId as string);
    await world.settle();
    expect(await planColumnsOf(world, club.communityId, ada.id)).toMatchObject({ planStatus: "ended" });
  });

  it("a membership checkout's expiry said to come from another account leaves the checkout open; its own expiry ends it", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1200 });
    const own = await accountIdOf(club.communityId);
    const elsewhere = await otherAccount();
    const ada = await quickSignIn(world.t, "Ada Guest");
    const sessionId = sessionIdIn(await checkoutUrl(ada.browser, club.plan.id));
    const session = await world.stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: own });

    await sendAs(elsewhere, "checkout.session.expired", { ...session, status: "expired" });
    expect((await purchasesOf(world, ada.id)).map((p) => p.status)).toEqual(["checkout"]);
    expect(await inboxFrom(elsewhere)).toContainEqual(["checkout.session.expired", "ignored"]);

    await world.stripe.checkout.sessions.expire(sessionId, {}, { stripeAccount: own });
    await world.settle();
    expect((await purchasesOf(world, ada.id)).map((p) => p.status)).toEqual(["abandoned"]);
  });

  it("a ticket checkout's completion or expiry said to come from another account leaves the order alone; its own pays it", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1200 });
    const event = await createEvent(club.owner, club.communityId, {
      ticketTypes: [{ name: "Standard", priceMinor: 2500, maxPerOrder: 4 }],
    });
    const own = await accountIdOf(club.communityId);
    const elsewhere = await otherAccount();
    const buyer = await quickSignIn(world.t, "Bea Buyer");
    const { order, url } = await started(buyer.browser, event.id, {
      ticketTypeId: event.ticketTypes[0]?.id as string,
      quantity: 1,
    });
    const session = await world.stripe.checkout.sessions.retrieve(
      sessionIdOf(url),
      {},
      { stripeAccount: own },
    );

    await sendAs(elsewhere, "checkout.session.completed", { ...session, status: "complete" });
    await sendAs(elsewhere, "checkout.session.expired", { ...session, status: "expired" });
    expect((await readOrder(buyer.browser, order.id))?.status).toBe("OPEN");
    expect(await inboxFrom(elsewhere)).toEqual(
      expect.arrayContaining([
        ["checkout.session.completed", "ignored"],
        ["checkout.session.expired", "ignored"],
      ]),
    );

    world.standin.pay(session.id, { name: "Bea Buyer" });
    await world.settle();
    expect((await readOrder(buyer.browser, order.id))?.status).toBe("PAID");
    expect((await paymentsOf(world, event.id)).map((p) => p.amountMinor)).toEqual([2500]);
  });

  it("refund events said to come from another account record no refund; the community's own do", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1200 });
    const elsewhere = await otherAccount();
    const card = await takeCardPayment(world, { communityId: club.communityId, amountMinor: 4_000 });
    const refund = {
      id: `re_${randomUUID().replaceAll("-", "")}`,
      object: "refund",
      amount: 4_000,
      payment_intent: card.paymentIntentId,
      status: "succeeded",
    };
    const charge = {
      id: `ch_${randomUUID().replaceAll("-", "")}`,
      object: "charge",
      payment_intent: card.paymentIntentId,
    };
    await sendAs(elsewhere, "refund.created", refund);
    await sendAs(elsewhere, "refund.updated", refund);
    await sendAs(elsewhere, "charge.refunded", { ...charge, refunded: true });
    const refunds = () =>
      db().select().from(paymentRefund).where(eq(paymentRefund.paymentId, card.payment.id));
    expect(await refunds()).toEqual([]);
    expect(
      (await inboxFrom(elsewhere)).filter(
        ([type]) => String(type).startsWith("refund.") || type === "charge.refunded",
      ),
    ).toEqual([
      ["refund.created", "ignored"],
      ["refund.updated", "ignored"],
      ["charge.refunded", "ignored"],
    ]);

    const real = world.standin.refundFromDashboard(card.paymentIntentId, 1_500);
    await world.settle();
    expect((await refunds()).map((row) => [row.providerRef, row.amountMinor])).toEqual([[real.id, 1_500]]);
  });
});
