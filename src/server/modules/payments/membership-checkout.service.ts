import type Stripe from "stripe";
import { conflict, DomainError, invalidInput, notFound } from "#server/errors.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import type { PaymentsGate } from "#server/modules/events/ticket-types.service.ts";
import { membershipOf } from "#server/modules/members/membership-records.service.ts";
import { type Plan, planById } from "#server/modules/membership/plans.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import type { Origin } from "#shared/origins.ts";
import { grantsBenefits, isFreeInterval, isRecurringInterval } from "#shared/plans.ts";
import {
  customerOf,
  insertCheckout,
  openCheckoutOf,
  type SubscriptionRow,
  updateSubscription,
} from "./member-subscriptions.records.ts";
import { accountOfCommunity } from "./payment-account.service.ts";
import type { PaymentsCtx } from "./payment-connection.service.ts";
import { askStripe } from "./stripe-calls.ts";
import type { StripeGateway } from "./stripe-client.ts";

export type CheckoutCtx = PaymentsCtx & { payments: PaymentsGate };

/** What travels in Stripe's metadata so that a webhook finds our record, and the ticket checkout's events stay apart. */
export const MEMBERSHIP_KIND = "membership";

/** A checkout is reused for a day at most; Stripe keeps an idempotency key no longer than that. */
const REUSE_MS = 23 * 60 * 60_000;

const PAYMENTS_OFF = "This community cannot take payments just now. Try again later or ask its admins.";

/**
 * Who may buy the plan: anyone allowed to join without an admin's approval, or a member already
 * in (approved, invited or joined earlier). A member holding a priced plan that is paid up changes
 * or cancels it in the billing portal instead of buying a second one.
 */
async function requireBuyer(ctx: CheckoutCtx, me: Viewer, plan: Plan) {
  const community = await findCommunity(ctx.db, plan.communityId);
  if (!community) throw notFound();
  const membership = await membershipOf(ctx.db, plan.communityId, me.id);
  if (membership?.status === "banned")
    throw new DomainError("BANNED", "You can't join this community: an admin removed you from it.");
  if (membership?.status === "pending") throw conflict("Your request to join is waiting for an admin.");
  if (!membership || membership.status === "person") {
    if (community.joinPolicy === "invite")
      throw new DomainError("INVITE_ONLY", "This community is invite only: ask an admin for an invitation.");
    if (community.joinPolicy === "approval" || plan.approvalRequired)
      throw conflict("An admin approves people for this plan first: ask to join with it.");
  }
  if (membership?.planId && grantsBenefits(membership.planStatus)) {
    const held = await planById(ctx.db, membership.planId);
    if (held && !isFreeInterval(held.interval))
      throw conflict(
        `You hold the ${held.name} plan: change or cancel it from your profile, under Manage billing.`,
      );
  }
  return community;
}

function sessionParams(
  gateway: StripeGateway,
  row: SubscriptionRow,
  input: { plan: Plan; communityName: string; slug: string; email: string; connected: boolean },
): Stripe.Checkout.SessionCreateParams {
  const { plan } = input;
  const metadata = {
    commons_kind: MEMBERSHIP_KIND,
    commons_subscription_id: row.id,
    community_id: row.communityId,
    plan_id: plan.id,
    user_id: row.userId,
  };
  const back = (outcome: string) => `${gateway.appUrl}/c/${input.slug}?membership=${outcome}`;
  const feePercent = input.connected ? gateway.settings.platformFeePercent : 0;
  const recurring = isRecurringInterval(row.interval) ? { interval: row.interval } : undefined;
  return {
    mode: recurring ? "subscription" : "payment",
    line_items: [
      {
        price_data: {
          currency: row.currency.toLowerCase(),
          unit_amount: row.amountMinor,
          product_data: { name: `${input.communityName}: ${plan.name}` },
          ...(recurring ? { recurring } : {}),
        },
        quantity: 1,
      },
    ],
    metadata,
    client_reference_id: row.id,
    ...(row.stripeCustomerId ? { customer: row.stripeCustomerId } : { customer_email: input.email }),
    ...(recurring
      ? {
          subscription_data: { metadata, ...(feePercent > 0 ? { application_fee_percent: feePercent } : {}) },
        }
      : {
          payment_intent_data: {
            metadata,
            ...(feePercent > 0
              ? { application_fee_amount: Math.round((row.amountMinor * feePercent) / 100) }
              : {}),
          },
        }),
    success_url: `${back("paid")}&session={CHECKOUT_SESSION_ID}`,
    cancel_url: back("canceled"),
  };
}

/** The person's checkout for this plan: the one under way, or a new row made before Stripe is asked. */
async function checkoutRow(
  ctx: CheckoutCtx,
  me: Viewer,
  plan: Plan,
  stripeAccount: string | null,
  origin: Origin | null,
): Promise<SubscriptionRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await openCheckoutOf(ctx.db, plan.communityId, me.id);
    const fresh = open && ctx.clock().getTime() - open.createdAt.getTime() < REUSE_MS;
    if (open && fresh && open.planId === plan.id && open.amountMinor === plan.priceMinor) return open;
    if (open) await updateSubscription(ctx.db, open.id, { status: "abandoned", updatedAt: ctx.clock() });
    const made = await insertCheckout(ctx.db, {
      communityId: plan.communityId,
      userId: me.id,
      planId: plan.id,
      amountMinor: plan.priceMinor,
      currency: plan.currency,
      interval: plan.interval,
      stripeAccount,
      stripeCustomerId: await customerOf(ctx.db, me.id, stripeAccount),
      origin,
      at: ctx.clock(),
    });
    if (made) return made;
  }
  throw conflict("Another checkout for you started a moment ago. Try again.");
}

/**
 * Starts (or resumes) Stripe Checkout for a priced plan on the community's account: a
 * subscription for monthly and yearly plans, one payment for `once`. Our row is written first and
 * its id is the Idempotency-Key, so a retry or a second click never makes a second session; the
 * plan starts when Stripe confirms the payment (webhooks), never on the way back from checkout.
 */
export async function subscribeToPlan(
  ctx: CheckoutCtx,
  planId: string,
  origin: Origin | null = null,
): Promise<{ url: string }> {
  const me = requireViewer(ctx.viewer);
  const plan = await planById(ctx.db, planId);
  if (!plan) throw notFound();
  if (plan.archivedAt)
    throw invalidInput([
      {
        field: "planId",
        code: "PLAN_UNAVAILABLE",
        message: "This plan is not offered any more. Choose another.",
      },
    ]);
  const community = await requireBuyer(ctx, me, plan);
  if (isFreeInterval(plan.interval))
    throw invalidInput([
      { field: "planId", code: "PLAN_IS_FREE", message: "This plan is free: join with it." },
    ]);
  const gateway = ctx.stripe;
  if (!gateway || !(await ctx.payments.canTakePayments(ctx.db, plan.communityId)))
    throw new DomainError("PAYMENTS_NOT_CONNECTED", PAYMENTS_OFF);
  const account = gateway.settings.connect ? await accountOfCommunity(ctx.db, plan.communityId) : null;
  if (gateway.settings.connect && !account) throw new DomainError("PAYMENTS_NOT_CONNECTED", PAYMENTS_OFF);
  const stripeAccount = account?.stripeAccountId ?? null;
  const options = {
    ...(stripeAccount ? { stripeAccount } : {}),
  };

  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await checkoutRow(ctx, me, plan, stripeAccount, origin);
    // A session already made is read again: an idempotent replay would answer its first state.
    const session = row.checkoutSessionId
      ? await askStripe("resume the checkout", () =>
          gateway.stripe.checkout.sessions.retrieve(row.checkoutSessionId as string, {}, options),
        )
      : await askStripe("start the checkout", () =>
          gateway.stripe.checkout.sessions.create(
            sessionParams(gateway, row, {
              plan,
              communityName: community.name,
              slug: community.slug,
              email: me.email,
              connected: stripeAccount !== null,
            }),
            { ...options, idempotencyKey: `commons-membership-checkout-${row.id}` },
          ),
        );
    if (!row.checkoutSessionId)
      await updateSubscription(ctx.db, row.id, { checkoutSessionId: session.id, updatedAt: ctx.clock() });
    if (session.status === "open" && session.url) return { url: session.url };
    if (session.status === "complete")
      throw conflict("Your payment went through: your membership starts in a moment.");
    // Expired while unpaid: this one is over, start another.
    await updateSubscription(ctx.db, row.id, { status: "abandoned", updatedAt: ctx.clock() });
  }
  throw conflict("Stripe could not keep a checkout open. Try again in a moment.");
}
