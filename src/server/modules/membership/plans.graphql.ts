import { builder } from "#server/graphql/builder.ts";
import { Member, PlanStatusEnum } from "#server/modules/members/members-table.graphql.ts";
import { Membership, PublicCommunity } from "./membership.graphql.ts";
import {
  archivePlan,
  communityPlans,
  createPlan,
  managedPlans,
  offeredPlans,
  type Plan,
  planById,
  updatePlan,
} from "./plans.service.ts";

export const PlanIntervalEnum = builder.enumType("PlanInterval", {
  description: "How often a membership plan is paid.",
  values: {
    MONTH: { value: "month" },
    YEAR: { value: "year" },
    ONCE: { value: "once", description: "Paid once, kept for good" },
    FREE: { value: "free" },
  } as const,
});

export const MembershipPlan = builder.objectRef<Plan>("MembershipPlan").implement({
  description: "A way to belong to a community: its price, how often it is paid and what it gives.",
  fields: (t) => ({
    id: t.exposeID("id"),
    communityId: t.exposeID("communityId"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    priceMinor: t.exposeInt("priceMinor", { description: "Minor units of currency; 0 for a free plan" }),
    currency: t.exposeString("currency"),
    interval: t.expose("interval", { type: PlanIntervalEnum }),
    membersOnlyEvents: t.exposeBoolean("membersOnlyEvents", {
      description: "Holders see the community's members-only events",
    }),
    memberPrices: t.exposeBoolean("memberPrices", { description: "Holders pay tickets' member prices" }),
    approvalRequired: t.exposeBoolean("approvalRequired", {
      description: "An admin approves people before they join with it (and before any charge)",
    }),
    archived: t.boolean({ resolve: (p) => p.archivedAt !== null }),
    position: t.exposeInt("position"),
  }),
});

const PlanInput = builder.inputType("MembershipPlanInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string({ required: false }),
    priceMinor: t.int({
      required: false,
      description: "Minor units of the community's currency; ignored for FREE",
    }),
    interval: t.field({ type: PlanIntervalEnum, required: true }),
    membersOnlyEvents: t.boolean({ required: true }),
    memberPrices: t.boolean({ required: true }),
    approvalRequired: t.boolean({ required: true }),
  }),
});

builder.objectField(PublicCommunity, "plans", (t) =>
  t.field({
    type: [MembershipPlan],
    description: "The membership plans the community offers, in order; empty when it offers none",
    resolve: (p, _args, ctx) => offeredPlans(ctx.db, p.community.id),
  }),
);

builder.objectFields(Membership, (t) => ({
  planStatus: t.field({
    type: PlanStatusEnum,
    nullable: true,
    resolve: (m) => m.planStatus,
  }),
  plan: t.field({
    type: MembershipPlan,
    nullable: true,
    description: "The plan held or asked for; null for a membership without one",
    resolve: (m, _args, ctx) => (m.planId ? planById(ctx.db, m.planId) : null),
  }),
}));

builder.queryFields((t) => ({
  membershipPlans: t.field({
    type: [MembershipPlan],
    description: "Every plan of the community, archived ones included. Organizers, admins and the owner.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => managedPlans(ctx, String(args.communityId)),
  }),
}));

builder.mutationFields((t) => ({
  createMembershipPlan: t.field({
    type: MembershipPlan,
    description:
      "A new plan in the community's currency; a priced one needs a community that takes payments.",
    args: { communityId: t.arg.id({ required: true }), input: t.arg({ type: PlanInput, required: true }) },
    resolve: (_root, args, ctx) => createPlan(ctx, String(args.communityId), args.input),
  }),
  updateMembershipPlan: t.field({
    type: MembershipPlan,
    description: "A new price applies to purchases from now on; new benefits apply at once to holders.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PlanInput, required: true }) },
    resolve: (_root, args, ctx) => updatePlan(ctx, String(args.id), args.input),
  }),
  archiveMembershipPlan: t.field({
    type: MembershipPlan,
    description: "The plan takes no new members; those holding it keep it.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => archivePlan(ctx, String(args.id)),
  }),
}));

builder.objectField(Member, "plan", (t) =>
  t.field({
    type: MembershipPlan,
    nullable: true,
    description: "The plan the member holds or asked for",
    resolve: async (m, _args, ctx) => {
      if (!m.planId) return null;
      const load = () => communityPlans(ctx.db, m.communityId);
      const plans = ctx.loaders
        ? await ctx.loaders.remember("membership-plans", m.communityId, load)
        : await load();
      return plans.find((plan) => plan.id === m.planId) ?? null;
    },
  }),
);
