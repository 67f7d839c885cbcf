import { builder } from "#server/graphql/builder.ts";
import { PageInfo } from "#server/graphql/page-info.ts";
import { deactivatePromoCode, reactivatePromoCode, updatePromoCode } from "./promo-code-changes.service.ts";
import { createPromoCode, listPromoCodes, type Page, type PromoCodeView } from "./promo-codes.service.ts";

const PromoCodeStatus = builder.enumType("PromoCodeStatus", {
  description: "Whether a promo code applies to new orders now, and if not, why.",
  values: {
    ACTIVE: { value: "active" },
    SCHEDULED: { value: "scheduled", description: "Its start is still ahead." },
    EXPIRED: { value: "expired" },
    USED_UP: { value: "used_up", description: "Its usage limit is reached." },
    INACTIVE: { value: "inactive", description: "Deactivated by an organizer." },
  } as const,
});

const PromoCode = builder.objectRef<PromoCodeView>("PromoCode").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    communityId: t.exposeID("communityId"),
    eventId: t.exposeID("eventId", { nullable: true, description: "Null: every event of the community" }),
    eventTitle: t.exposeString("eventTitle", { nullable: true }),
    ticketTypeId: t.exposeID("ticketTypeId", { nullable: true }),
    ticketTypeName: t.exposeString("ticketTypeName", { nullable: true }),
    code: t.exposeString("code"),
    percentOff: t.exposeInt("percentOff", { nullable: true }),
    amountOffMinor: t.exposeInt("amountOffMinor", {
      nullable: true,
      description: "Minor units of `currency` off each ticket",
    }),
    currency: t.exposeString("currency"),
    maxUses: t.exposeInt("maxUses", { nullable: true }),
    uses: t.exposeInt("uses"),
    startsAt: t.expose("startsAt", { type: "DateTime", nullable: true }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", nullable: true }),
    active: t.exposeBoolean("active"),
    status: t.expose("status", { type: PromoCodeStatus }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const PromoCodeConnection = builder.objectRef<Page<PromoCodeView>>("PromoCodeConnection").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [PromoCode] }),
    pageInfo: t.field({ type: PageInfo, resolve: (p) => p }),
  }),
});

const PromoCodeInput = builder.inputType("PromoCodeInput", {
  fields: (t) => ({
    code: t.string({ required: true, description: "3 to 40 letters, digits, dashes or underscores" }),
    ticketTypeId: t.id({ required: false, description: "Only this ticket type of the code's event" }),
    percentOff: t.int({ required: false, description: "1 to 100; or amountOffMinor" }),
    amountOffMinor: t.int({
      required: false,
      description: "Minor units of the community's currency off each ticket",
    }),
    maxUses: t.int({ required: false, description: "Null: no limit" }),
    startsAt: t.field({ type: "DateTime", required: false }),
    expiresAt: t.field({ type: "DateTime", required: false }),
  }),
});

const toInput = (input: typeof PromoCodeInput.$inferInput) => ({
  ...input,
  ticketTypeId: input.ticketTypeId == null ? null : String(input.ticketTypeId),
});

builder.queryFields((t) => ({
  promoCodes: t.field({
    type: PromoCodeConnection,
    description:
      "The community's promo codes, newest first; with eventId, the ones that event's buyers could use. Organizers, owners and admins.",
    args: {
      communityId: t.arg.id({ required: true }),
      eventId: t.arg.id({ required: false }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      listPromoCodes(ctx, {
        communityId: String(args.communityId),
        eventId: args.eventId == null ? null : String(args.eventId),
        first: args.first,
        after: args.after,
      }),
  }),
}));

builder.mutationFields((t) => ({
  createPromoCode: t.field({
    type: PromoCode,
    description: "A promo code for one event (eventId) or every event of the community.",
    args: {
      communityId: t.arg.id({ required: true }),
      eventId: t.arg.id({ required: false }),
      input: t.arg({ type: PromoCodeInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      createPromoCode(
        ctx,
        String(args.communityId),
        args.eventId == null ? null : String(args.eventId),
        toInput(args.input),
      ),
  }),
  updatePromoCode: t.field({
    type: PromoCode,
    description:
      "Changes a code. Once buyers have used it, its text stays and its usage limit can't go below its uses.",
    args: {
      id: t.arg.id({ required: true }),
      eventId: t.arg.id({
        required: false,
        description: "Left out: the code stays for its event. Null: every event of the community.",
      }),
      input: t.arg({ type: PromoCodeInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      updatePromoCode(
        ctx,
        String(args.id),
        toInput(args.input),
        args.eventId === undefined ? undefined : args.eventId === null ? null : String(args.eventId),
      ),
  }),
  deactivatePromoCode: t.field({
    type: PromoCode,
    description: "The code stops applying to new orders.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deactivatePromoCode(ctx, String(args.id)),
  }),
  reactivatePromoCode: t.field({
    type: PromoCode,
    description: "A deactivated code applies to new orders again.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => reactivatePromoCode(ctx, String(args.id)),
  }),
}));
