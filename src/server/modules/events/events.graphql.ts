import { builder } from "#server/graphql/builder.ts";
import { PageInfo } from "#server/graphql/page-info.ts";
import { QuestionInput, QuestionKind } from "#server/graphql/question-types.ts";
import { Community } from "#server/modules/communities/communities.graphql.ts";
import { cancelEvent, duplicateEvent, publishEvent } from "./event-lifecycle.service.ts";
import { createEvent, updateEvent } from "./event-writes.service.ts";
import { getEvent, listEvents, nextEventOf, type Page } from "./events.service.ts";
import { type EventView, publicPath, type QuestionRow, type TicketTypeRow } from "./events.views.ts";
import { heldSeatsOf } from "./held-seats.service.ts";
import { seatsTaken } from "./seats.service.ts";
import { viewerPrice } from "./ticket-prices.service.ts";

const EventStatus = builder.enumType("EventStatus", {
  values: {
    DRAFT: { value: "draft" },
    PUBLISHED: { value: "published" },
    CANCELED: { value: "canceled" },
  } as const,
});
const EventVisibility = builder.enumType("EventVisibility", {
  values: {
    PUBLIC: { value: "public" },
    MEMBERS: { value: "members" },
    UNLISTED: { value: "unlisted" },
  } as const,
});
const EventListFilter = builder.enumType("EventListFilter", {
  values: { UPCOMING: { value: "upcoming" }, PAST: { value: "past" }, DRAFTS: { value: "drafts" } } as const,
});

export { PageInfo };

const EventHost = builder.objectRef<EventView["host"]>("EventHost").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    logoUrl: t.exposeString("logoUrl", { nullable: true }),
    brandColor: t.exposeString("brandColor", { nullable: true }),
  }),
});

type TicketTypeShape = TicketTypeRow & { spotsLeft: number | null; communityId: string };
export const TicketType = builder.objectRef<TicketTypeShape>("TicketType").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    priceMinor: t.exposeInt("priceMinor"),
    memberPriceMinor: t.exposeInt("memberPriceMinor", {
      nullable: true,
      description: "What the community's active members pay instead; null: the price",
    }),
    currency: t.exposeString("currency"),
    maxPerOrder: t.exposeInt("maxPerOrder", { description: "Tickets of this type one order may hold" }),
    viewerPriceMinor: t.int({
      description: "What one ticket costs the viewer: the member price for the community's active members",
      resolve: (tt, _args, ctx) => viewerPrice(ctx, tt),
    }),
    quantity: t.exposeInt("quantity", { nullable: true }),
    remaining: t.int({
      nullable: true,
      resolve: (tt) => {
        const own = tt.quantity === null ? null : Math.max(0, tt.quantity - seatsTaken(tt));
        if (own === null) return tt.spotsLeft;
        return tt.spotsLeft === null ? own : Math.min(own, tt.spotsLeft);
      },
    }),
    salesStartAt: t.expose("salesStartAt", { type: "DateTime", nullable: true }),
    salesEndAt: t.expose("salesEndAt", { type: "DateTime", nullable: true }),
  }),
});

const Question = builder.objectRef<QuestionRow>("RegistrationQuestion").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.expose("kind", { type: QuestionKind }),
    label: t.exposeString("label"),
    required: t.exposeBoolean("required"),
    options: t.exposeStringList("options"),
  }),
});

export const spotsLeft = (e: EventView) =>
  e.capacity === null ? null : Math.max(0, e.capacity - seatsTaken(e));

export const Event = builder.objectRef<EventView>("Event");

Event.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    host: t.expose("host", { type: EventHost }),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    startsAt: t.expose("startsAt", { type: "DateTime" }),
    endsAt: t.expose("endsAt", { type: "DateTime" }),
    timeZone: t.exposeString("timeZone"),
    venueName: t.exposeString("venueName", { nullable: true }),
    venueAddress: t.exposeString("venueAddress", { nullable: true }),
    hasOnlineLink: t.boolean({ resolve: (e) => e.onlineUrl !== null }),
    coverUrl: t.exposeString("coverUrl", { nullable: true }),
    status: t.expose("status", { type: EventStatus }),
    visibility: t.expose("visibility", { type: EventVisibility }),
    capacity: t.exposeInt("capacity", { nullable: true }),
    spotsLeft: t.int({ nullable: true, resolve: spotsLeft }),
    waitlistEnabled: t.exposeBoolean("waitlistEnabled"),
    waitlistOfferHours: t.exposeInt("waitlistOfferHours", {
      description: "Hours the next in line has to pay for a paid seat offered to them",
    }),
    approvalRequired: t.exposeBoolean("approvalRequired"),
    requireVerifiedEmail: t.exposeBoolean("requireVerifiedEmail", {
      description: "Guests confirm their email with a code before registering",
    }),
    guestListVisible: t.exposeBoolean("guestListVisible", {
      description: "The organizers let visitors see who is going; members-only events never show it",
    }),
    goingCount: t.exposeInt("goingCount"),
    heldCount: t.exposeInt("heldCount", {
      description: "Seats held for people paying for them: in checkout, or offered from the waitlist",
    }),
    waitlistCount: t.exposeInt("waitlistCount"),
    pendingCount: t.exposeInt("pendingCount"),
    checkedInCount: t.exposeInt("checkedInCount"),
    ticketTypes: t.field({
      type: [TicketType],
      resolve: async (e) =>
        (await e.loaders.ticketTypes.load(e.id)).map((tt) => ({
          ...tt,
          spotsLeft: spotsLeft(e),
          communityId: e.communityId,
        })),
    }),
    questions: t.field({ type: [Question], resolve: (e) => e.loaders.questions.load(e.id) }),
    viewerCanManage: t.exposeBoolean("canManage"),
    publicPath: t.string({ resolve: (e) => publicPath(e.id) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    publishedAt: t.expose("publishedAt", { type: "DateTime", nullable: true }),
    canceledAt: t.expose("canceledAt", { type: "DateTime", nullable: true }),
    cancelMessage: t.exposeString("cancelMessage", { nullable: true }),
  }),
});

const EventConnection = builder.objectRef<Page<EventView>>("EventConnection").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Event] }),
    pageInfo: t.field({ type: PageInfo, resolve: (p) => p }),
  }),
});
const TicketTypeInput = builder.inputType("TicketTypeInput", {
  fields: (t) => ({
    id: t.id({ required: false }),
    name: t.string({ required: true }),
    quantity: t.int({ required: false }),
    priceMinor: t.int({
      required: false,
      description: "Minor units of the community's currency; omitted: free",
    }),
    memberPriceMinor: t.int({ required: false, description: "For active members, at most the price" }),
    maxPerOrder: t.int({ required: false, description: "1 to 50; omitted: 10" }),
    salesStartLocal: t.string({
      required: false,
      description: "Wall time YYYY-MM-DDTHH:mm in the event's zone",
    }),
    salesEndLocal: t.string({
      required: false,
      description: "Wall time YYYY-MM-DDTHH:mm in the event's zone",
    }),
  }),
});
const EventInput = builder.inputType("EventInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string({ required: false }),
    startsAtLocal: t.string({ required: true, description: "Wall time YYYY-MM-DDTHH:mm in timeZone" }),
    endsAtLocal: t.string({ required: true }),
    timeZone: t.string({ required: true }),
    venueName: t.string({ required: false }),
    venueAddress: t.string({ required: false }),
    onlineUrl: t.string({ required: false, description: "http(s) only" }),
    coverPath: t.string({ required: false, description: "Path in community-assets; empty removes" }),
    capacity: t.int({ required: false, description: "null = unlimited; >= 1" }),
    waitlistEnabled: t.boolean({ required: true }),
    waitlistOfferHours: t.int({ required: false, description: "1 to 168; omitted: 12" }),
    approvalRequired: t.boolean({ required: true }),
    requireVerifiedEmail: t.boolean({
      required: false,
      description: "Omitted: on for members-only events and events needing approval",
    }),
    guestListVisible: t.boolean({
      required: false,
      description:
        "Visitors see who is going (never on members-only events); omitted: on when created, unchanged when updated",
    }),
    visibility: t.field({ type: EventVisibility, required: true }),
    ticketTypes: t.field({ type: [TicketTypeInput], required: true }),
    questions: t.field({ type: [QuestionInput], required: true }),
  }),
});
const toEventInput = (input: typeof EventInput.$inferInput) => ({
  ...input,
  ticketTypes: input.ticketTypes.map((tt) => ({ ...tt, id: tt.id == null ? null : String(tt.id) })),
  questions: input.questions.map((q) => ({ ...q, id: q.id == null ? null : String(q.id) })),
});

builder.queryFields((t) => ({
  events: t.field({
    type: EventConnection,
    args: {
      communityId: t.arg.id({ required: true }),
      filter: t.arg({ type: EventListFilter, required: true }),
      search: t.arg.string({ required: false }),
      first: t.arg.int({ required: false, defaultValue: 20 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => listEvents(ctx, { ...args, communityId: String(args.communityId) }),
  }),
  event: t.field({
    type: Event,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getEvent(ctx, String(args.id)),
  }),
}));

builder.objectField(Community, "nextEvent", (t) =>
  t.field({
    type: Event,
    nullable: true,
    description: "The next published event its members see (public or members-only) that has not ended",
    resolve: (c, _args, ctx) => nextEventOf(ctx, c.id),
  }),
);

builder.objectField(Community, "heldSeats", (t) =>
  t.int({
    nullable: true,
    description:
      "Seats of its events held for people paying for them (in checkout, or offered from the waitlist); null for those who do not manage events",
    resolve: (c, _args, ctx) => heldSeatsOf(ctx, c.id),
  }),
);

builder.mutationFields((t) => ({
  createEvent: t.field({
    type: Event,
    args: {
      communityId: t.arg.id({ required: true }),
      input: t.arg({ type: EventInput, required: true }),
      publish: t.arg.boolean({ required: true, defaultValue: false }),
    },
    resolve: (_root, args, ctx) =>
      createEvent(ctx, String(args.communityId), toEventInput(args.input), args.publish, ctx.payments),
  }),
  updateEvent: t.field({
    type: Event,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: EventInput, required: true }) },
    resolve: (_root, args, ctx) =>
      updateEvent(ctx, String(args.id), toEventInput(args.input), ctx.seats, ctx.payments),
  }),
  publishEvent: t.field({
    type: Event,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => publishEvent(ctx, String(args.id)),
  }),
  cancelEvent: t.field({
    type: Event,
    args: { id: t.arg.id({ required: true }), message: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) => cancelEvent(ctx, String(args.id), args.message),
  }),
  duplicateEvent: t.field({
    type: Event,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => duplicateEvent(ctx, String(args.id)),
  }),
}));
