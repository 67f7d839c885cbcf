import type { StandinContext } from "./context.ts";
import { noSuchObject, StandinError } from "./errors.ts";
import { createPayment } from "./money-movement.ts";
import type { Cause, Owner, StripeObject } from "./store.ts";

type Recurring = { interval: "day" | "week" | "month" | "year"; interval_count: number };

/** The end of one billing period that starts at `start` (Unix seconds), in UTC calendar terms. */
export function periodEnd(start: number, recurring: Recurring): number {
  const date = new Date(start * 1000);
  const count = recurring.interval_count;
  if (recurring.interval === "day") date.setUTCDate(date.getUTCDate() + count);
  if (recurring.interval === "week") date.setUTCDate(date.getUTCDate() + 7 * count);
  if (recurring.interval === "month") date.setUTCMonth(date.getUTCMonth() + count);
  if (recurring.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

type Item = { price: StripeObject; quantity: number };

export type SubscriptionInput = {
  customer: StripeObject;
  items: Item[];
  metadata: Record<string, string>;
  applicationFeePercent: number | null;
};

const itemsOf = (subscription: StripeObject) =>
  (subscription.items as { data: Array<Record<string, unknown> & { price: StripeObject; quantity: number }> })
    .data;

/** Bills one period of a subscription: an invoice, paid (with its payment) or left open after a failed charge. */
function bill(
  ctx: StandinContext,
  owner: Owner,
  subscription: StripeObject,
  reason: "subscription_create" | "subscription_cycle",
  paid: boolean,
  cause: Cause,
): StripeObject {
  const { store } = ctx;
  const items = itemsOf(subscription);
  const amount = items.reduce((sum, item) => sum + (item.price.unit_amount as number) * item.quantity, 0);
  const currency = String(subscription.currency);
  const customer = store.get(String(subscription.customer), owner, "customer");
  const first = items[0] as Record<string, unknown>;
  const percent = subscription.application_fee_percent as number | null;
  const payment = paid
    ? createPayment(
        store,
        owner,
        {
          amount,
          currency,
          customer: customer.id,
          email: customer.email as string | null,
          name: customer.name as string | null,
          description: reason === "subscription_create" ? "Subscription creation" : "Subscription update",
          metadata: {},
          applicationFee: percent ? Math.round((amount * percent) / 100) : 0,
        },
        cause,
      )
    : null;
  const invoiceId = store.id("in");
  return store.insert(owner, {
    id: invoiceId,
    object: "invoice",
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: store.seconds(),
    currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    hosted_invoice_url: null,
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : store.seconds() + 3 * 86_400,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    payments: {
      object: "list",
      data: payment
        ? [
            {
              id: store.id("inpay"),
              object: "invoice_payment",
              amount_paid: amount,
              amount_requested: amount,
              currency,
              invoice: invoiceId,
              is_default: true,
              payment: { type: "payment_intent", payment_intent: payment.paymentIntent.id },
              status: "paid",
            },
          ]
        : [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${invoiceId}`,
    },
    period_end: first.current_period_end,
    period_start: first.current_period_start,
    status: paid ? "paid" : "open",
    subtotal: amount,
    total: amount,
  });
}

/** A subscription bought through Checkout: active, its first period paid. */
export function startSubscription(ctx: StandinContext, owner: Owner, input: SubscriptionInput, cause: Cause) {
  const { store } = ctx;
  const now = store.seconds();
  const subscriptionId = store.id("sub");
  const recurring = input.items[0]?.price.recurring as Recurring;
  const subscription = store.insert<StripeObject>(owner, {
    id: subscriptionId,
    object: "subscription",
    application_fee_percent: input.applicationFeePercent,
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: "charge_automatically",
    created: now,
    currency: input.items[0]?.price.currency,
    customer: input.customer.id,
    ended_at: null,
    items: {
      object: "list",
      data: input.items.map((item) => ({
        id: store.id("si"),
        object: "subscription_item",
        created: now,
        current_period_end: periodEnd(now, recurring),
        current_period_start: now,
        metadata: {},
        price: item.price,
        quantity: item.quantity,
        subscription: subscriptionId,
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscriptionId}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    start_date: now,
    status: "active",
  });
  const invoice = bill(ctx, owner, subscription, "subscription_create", true, cause);
  subscription.latest_invoice = invoice.id;
  store.emit(owner, "customer.subscription.created", subscription, cause);
  store.emit(owner, "invoice.paid", invoice, cause);
  store.emit(owner, "invoice.payment_succeeded", invoice, cause);
  return { subscription, invoice };
}

function live(ctx: StandinContext, subscriptionId: string) {
  const owner = ctx.store.ownerOf(subscriptionId);
  const subscription =
    owner === undefined ? undefined : ctx.store.find(subscriptionId, owner, "subscription");
  if (owner === undefined || !subscription) throw noSuchObject("subscription", subscriptionId);
  if (subscription.status === "canceled")
    throw new StandinError(400, `Subscription ${subscriptionId} has ended.`);
  return { owner, subscription };
}

/** Ends a subscription now: `customer.subscription.deleted`. */
export function endSubscription(ctx: StandinContext, subscriptionId: string, cause: Cause): StripeObject {
  const { owner, subscription } = live(ctx, subscriptionId);
  const now = ctx.store.seconds();
  subscription.status = "canceled";
  subscription.canceled_at = subscription.canceled_at ?? now;
  subscription.ended_at = now;
  ctx.store.emit(owner, "customer.subscription.deleted", subscription, cause);
  return subscription;
}

/**
 * The period ends: the next one is billed and paid (a past-due subscription is active again), or,
 * when it was set to cancel at the period's end, the subscription ends.
 */
export function renewSubscription(ctx: StandinContext, subscriptionId: string): StripeObject {
  const { owner, subscription } = live(ctx, subscriptionId);
  if (subscription.cancel_at_period_end) return endSubscription(ctx, subscriptionId, null);
  const previous = {
    items: structuredClone(subscription.items),
    status: subscription.status,
    latest_invoice: subscription.latest_invoice,
  };
  for (const item of itemsOf(subscription)) {
    const start = item.current_period_end as number;
    item.current_period_start = start;
    item.current_period_end = periodEnd(start, item.price.recurring as Recurring);
  }
  const invoice = bill(ctx, owner, subscription, "subscription_cycle", true, null);
  subscription.latest_invoice = invoice.id;
  subscription.status = "active";
  ctx.store.emit(owner, "invoice.paid", invoice, null);
  ctx.store.emit(owner, "invoice.payment_succeeded", invoice, null);
  ctx.store.emit(owner, "customer.subscription.updated", subscription, null, previous);
  return subscription;
}

/** The renewal's charge is declined: an open invoice, the subscription past due. */
export function failSubscriptionRenewal(ctx: StandinContext, subscriptionId: string): StripeObject {
  const { owner, subscription } = live(ctx, subscriptionId);
  const previous = { status: subscription.status, latest_invoice: subscription.latest_invoice };
  const invoice = bill(ctx, owner, subscription, "subscription_cycle", false, null);
  subscription.latest_invoice = invoice.id;
  subscription.status = "past_due";
  ctx.store.emit(owner, "invoice.payment_failed", invoice, null);
  ctx.store.emit(owner, "customer.subscription.updated", subscription, null, previous);
  return subscription;
}

/** `cancel_at_period_end` on or off (the customer portal's and the API's cancellation). */
export function setCancelAtPeriodEnd(
  ctx: StandinContext,
  subscriptionId: string,
  cancel: boolean,
  cause: Cause,
) {
  const { owner, subscription } = live(ctx, subscriptionId);
  if (subscription.cancel_at_period_end === cancel) return subscription;
  const previous = {
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancel_at: subscription.cancel_at,
    canceled_at: subscription.canceled_at,
  };
  const end = itemsOf(subscription)[0]?.current_period_end ?? null;
  subscription.cancel_at_period_end = cancel;
  subscription.cancel_at = cancel ? end : null;
  subscription.canceled_at = cancel ? ctx.store.seconds() : null;
  ctx.store.emit(owner, "customer.subscription.updated", subscription, cause, previous);
  return subscription;
}
