import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { changePlanStatus, startPlan } from "#server/modules/membership/plan-holding.service.ts";
import { planById } from "#server/modules/membership/plans.service.ts";
import { listUsers } from "#server/modules/users/users.service.ts";
import type { PlanStatus } from "#shared/plans.ts";
import { insertPayment } from "./ledger.service.ts";
import {
  latestStarted,
  lockSubscription,
  type SubscriptionRow,
  updateSubscription,
} from "./member-subscriptions.records.ts";
import type { SubscriptionStatus } from "./member-subscriptions.tables.ts";
import { idOf, type PaidCharge, seconds } from "./stripe-calls.ts";

// Our record of a membership bought through Stripe, brought to what Stripe's API says (never what a
// webhook's payload alone says), and the member's plan with it. Each write is absolute and made
// under the record's row lock, so an event handled twice or out of order changes nothing more.

/** Where a Stripe subscription leaves our record. */
export function statusOfSubscription(subscription: Stripe.Subscription): SubscriptionStatus {
  switch (subscription.status) {
    case "active":
    case "trialing":
      return subscription.cancel_at_period_end || subscription.cancel_at ? "canceling" : "active";
    case "past_due":
      return "past_due";
    case "incomplete":
      return "checkout";
    default:
      // canceled, incomplete_expired, unpaid, paused: nothing is paid up any more.
      return "ended";
  }
}

/** The end of the subscription's paid period (periods live on its items in this API version). */
export const periodEndOf = (subscription: Stripe.Subscription): Date | null =>
  seconds(Math.max(0, ...subscription.items.data.map((item) => item.current_period_end ?? 0)));

export type StripeState = {
  status: SubscriptionStatus;
  stripeSubscriptionId?: string | null;
  stripeCustomerId?: string | null;
  checkoutSessionId?: string | null;
  currentPeriodEnd: Date | null;
  endedAt?: Date | null;
};

/** What a subscription as Stripe's API answers it says of our record. */
export const stateOfSubscription = (subscription: Stripe.Subscription): StripeState => ({
  status: statusOfSubscription(subscription),
  stripeSubscriptionId: subscription.id,
  stripeCustomerId: idOf(subscription.customer),
  currentPeriodEnd: periodEndOf(subscription),
  endedAt: seconds(subscription.ended_at),
});

const STARTED = new Set<SubscriptionStatus>(["active", "past_due", "canceling", "ended"]);

/**
 * Writes what Stripe says of one purchase and moves the member's plan along: a first paid state
 * starts the plan (making the membership when there is none); a later change is a status change;
 * `ended` stops the plan's benefits. Ended is final (as Stripe's `canceled` is). Only the person's
 * most recently started purchase in the community decides their plan.
 */
export async function applyStripeState(
  tx: Db,
  deps: { emit: Emit; clock: () => Date },
  subscriptionId: string,
  state: StripeState,
): Promise<SubscriptionRow | null> {
  const current = await lockSubscription(tx, subscriptionId);
  if (!current || current.status === "ended") return current;
  const now = deps.clock();
  const starting = !STARTED.has(current.status) && STARTED.has(state.status);
  const row = await updateSubscription(tx, current.id, {
    status: state.status === "checkout" ? current.status : state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    updatedAt: now,
    ...(state.stripeSubscriptionId ? { stripeSubscriptionId: state.stripeSubscriptionId } : {}),
    ...(state.stripeCustomerId ? { stripeCustomerId: state.stripeCustomerId } : {}),
    ...(state.checkoutSessionId && !current.checkoutSessionId
      ? { checkoutSessionId: state.checkoutSessionId }
      : {}),
    ...(starting ? { startedAt: now } : {}),
    ...(state.status === "ended" ? { endedAt: state.endedAt ?? now } : {}),
  });
  if (!row || row.status === current.status || !STARTED.has(row.status)) return row;
  const latest = await latestStarted(tx, row.communityId, row.userId);
  if (latest?.id !== row.id) return row;
  const plan = await planById(tx, row.planId);
  if (!plan) return row;
  const change = {
    communityId: row.communityId,
    userId: row.userId,
    plan,
    subscriptionId: row.id,
    at: now,
    actorId: null,
    periodEnd: row.currentPeriodEnd,
    origin: row.origin,
  };
  // A purchase that ends before we saw it start never gave anything.
  if (starting && row.status === "ended") return row;
  if (starting) await startPlan(tx, deps.emit, change);
  if (row.status !== "active" || !starting)
    await changePlanStatus(tx, deps.emit, {
      ...change,
      status: row.status as Exclude<PlanStatus, "requested">,
    });
  return row;
}

/**
 * One payment of a membership in the ledger (purpose membership, its PaymentIntent the provider
 * reference): written once however often Stripe tells us.
 */
export async function recordMembershipPayment(
  tx: Db,
  emit: Emit,
  row: SubscriptionRow,
  paid: PaidCharge & { amountMinor: number; currency: string; email: string | null },
): Promise<void> {
  const [person] = await listUsers(tx, [row.userId]);
  await insertPayment(tx, emit, {
    communityId: row.communityId,
    payer: { userId: row.userId, name: person?.name ?? "", email: person?.email ?? paid.email },
    purpose: "membership",
    eventId: null,
    registrationId: null,
    planId: row.planId,
    amountMinor: paid.amountMinor,
    feeMinor: Math.min(paid.feeMinor, paid.amountMinor),
    currency: paid.currency.toUpperCase(),
    method: "stripe",
    providerRef: paid.paymentIntent.id,
    status: "succeeded",
    createdBy: null,
    at: paid.at,
  });
}
