import { builder } from "#server/graphql/builder.ts";
import { PlanStatusEnum } from "#server/modules/members/members-table.graphql.ts";
import { MembershipPlan } from "#server/modules/membership/plans.graphql.ts";
import { clientOrigin } from "#shared/origins.ts";
import {
  billingPortalLink,
  myPlanMemberships,
  type PlanMembershipView,
} from "./membership-billing.service.ts";
import { subscribeToPlan } from "./membership-checkout.service.ts";
import { StripeLink } from "./payments.graphql.ts";

const PlanMembership = builder.objectRef<PlanMembershipView>("PlanMembership").implement({
  description: "One of the viewer's memberships that holds a plan, as their profile shows it.",
  fields: (t) => ({
    membershipId: t.exposeID("membershipId"),
    communityId: t.id({ resolve: (m) => m.community.id }),
    communityName: t.string({ resolve: (m) => m.community.name }),
    communitySlug: t.string({ resolve: (m) => m.community.slug }),
    plan: t.expose("plan", { type: MembershipPlan }),
    status: t.expose("status", { type: PlanStatusEnum }),
    renewsAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "The next renewal, for a recurring plan that goes on",
      resolve: (m) =>
        m.status === "active" || m.status === "past_due" ? (m.purchase?.currentPeriodEnd ?? null) : null,
    }),
    endsAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When a canceled plan stops",
      resolve: (m) => (m.status === "canceling" ? (m.purchase?.currentPeriodEnd ?? null) : null),
    }),
    canManageBilling: t.boolean({
      description: "Whether Stripe's customer portal has this membership (card, invoices, cancellation)",
      resolve: (m) => Boolean(m.purchase?.stripeCustomerId),
    }),
  }),
});

builder.queryFields((t) => ({
  myPlanMemberships: t.field({
    type: [PlanMembership],
    description:
      "The viewer's memberships holding a plan (or approved and awaiting its payment), newest first.",
    resolve: (_root, _args, ctx) => myPlanMemberships(ctx),
  }),
}));

builder.mutationFields((t) => ({
  subscribeToPlan: t.field({
    type: StripeLink,
    description:
      "Stripe Checkout for a priced membership plan (a subscription, or one payment for ONCE); the same checkout again while it is open. The plan starts once Stripe confirms the payment.",
    args: {
      planId: t.arg.id({ required: true }),
      origin: t.arg.string({ required: false, description: "As joinCommunity's origin" }),
    },
    resolve: (_root, args, ctx) => subscribeToPlan(ctx, String(args.planId), clientOrigin(args.origin)),
  }),
  billingPortalLink: t.field({
    type: StripeLink,
    description:
      "Stripe's customer portal for the viewer's plan in a community: card, invoices and cancellation; back to /me.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => billingPortalLink(ctx, String(args.communityId)),
  }),
}));
