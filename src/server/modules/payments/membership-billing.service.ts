import { notFound } from "#server/errors.ts";
import { type CommunityHost, communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { planMembershipsOf } from "#server/modules/members/membership-records.service.ts";
import { type Plan, plansByIds } from "#server/modules/membership/plans.service.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import type { PlanStatus } from "#shared/plans.ts";
import { latestStarted, type SubscriptionRow, startedOfUser } from "./member-subscriptions.records.ts";
import type { PaymentsCtx } from "./payment-connection.service.ts";
import { askStripe } from "./stripe-calls.ts";

/** One of the viewer's plan memberships as /me shows it. */
export type PlanMembershipView = {
  membershipId: string;
  community: CommunityHost;
  plan: Plan;
  status: PlanStatus;
  /** What was bought through Stripe for it, when it was. */
  purchase: SubscriptionRow | null;
};

/** The viewer's memberships holding (or awaiting) a plan, with the purchase behind each. */
export async function myPlanMemberships(
  ctx: Pick<PaymentsCtx, "db" | "viewer">,
): Promise<PlanMembershipView[]> {
  const me = requireViewer(ctx.viewer);
  const memberships = (await planMembershipsOf(ctx.db, me.id)).filter((m) => m.planStatus !== "requested");
  if (memberships.length === 0) return [];
  const [plans, hosts, purchases] = await Promise.all([
    plansByIds(
      ctx.db,
      memberships.map((m) => m.planId as string),
    ),
    communityHosts(
      ctx.db,
      memberships.map((m) => m.communityId),
    ),
    startedOfUser(ctx.db, me.id),
  ]);
  return memberships.flatMap((m) => {
    const plan = plans.get(m.planId as string);
    const community = hosts.get(m.communityId);
    if (!plan || !community || !m.planStatus) return [];
    const purchase = purchases.find((p) => p.communityId === m.communityId && p.planId === plan.id) ?? null;
    return [{ membershipId: m.id, community, plan, status: m.planStatus, purchase }];
  });
}

/**
 * Stripe's customer portal for the viewer's membership in a community (card, invoices,
 * cancellation), coming back to /me. NOT_FOUND when nothing was bought there through Stripe.
 */
export async function billingPortalLink(ctx: PaymentsCtx, communityId: string): Promise<{ url: string }> {
  const me = requireViewer(ctx.viewer);
  const purchase = await latestStarted(ctx.db, communityId, me.id);
  const gateway = ctx.stripe;
  if (!purchase?.stripeCustomerId || !gateway) throw notFound();
  const customer = purchase.stripeCustomerId;
  const session = await askStripe("open the billing portal", () =>
    gateway.stripe.billingPortal.sessions.create(
      { customer, return_url: `${gateway.appUrl}/me` },
      purchase.stripeAccount ? { stripeAccount: purchase.stripeAccount } : {},
    ),
  );
  return { url: session.url };
}
