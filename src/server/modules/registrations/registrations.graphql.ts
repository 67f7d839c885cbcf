import { builder } from "#server/graphql/builder.ts";
import { AnswerInput } from "#server/graphql/question-types.ts";
import { Event, PageInfo, spotsLeft, TicketType } from "#server/modules/events/events.graphql.ts";
import { canSeeOnlineUrl, canSeeRegistrationPrivate } from "#server/modules/events/events.policy.ts";
import type { Page } from "#server/modules/events/events.service.ts";
import { clientOrigin } from "#shared/origins.ts";
import { shownEmail } from "#shared/phone.ts";
import { checkIn, checkInByCode, undoCheckIn } from "./check-in.service.ts";
import { type GoingPerson, goingPeople } from "./guest-list.service.ts";
import {
  listRegistrations,
  messageRegistrants,
  myRegistrations,
  type RegistrationPage,
} from "./registration-lists.service.ts";
import {
  approveRegistration,
  cancelRegistration,
  declineRegistration,
  moveFromWaitlist,
  register,
} from "./registrations.service.ts";
import { type RegistrationView, registrationLoaders } from "./registrations.views.ts";

export const Registration = builder.objectRef<RegistrationView>("Registration");

export const RegistrationStatus = builder.enumType("RegistrationStatus", {
  values: {
    GOING: { value: "going" },
    WAITLISTED: { value: "waitlisted" },
    PENDING: { value: "pending" },
    HELD: { value: "held", description: "Seats kept while the buyer pays; going once paid." },
    DECLINED: { value: "declined" },
    CANCELED: { value: "canceled" },
  } as const,
});
const RegistrationTimeFilter = builder.enumType("RegistrationTimeFilter", {
  values: { UPCOMING: { value: "upcoming" }, PAST: { value: "past" } } as const,
});

type AnswerShape = { questionId: string; label: string; values: string[] };
const Answer = builder.objectRef<AnswerShape>("RegistrationAnswer").implement({
  fields: (t) => ({
    questionId: t.exposeID("questionId"),
    label: t.exposeString("label"),
    values: t.exposeStringList("values"),
  }),
});

type RegistrantShape = { id: string; name: string; email: string; image: string | null };
const Registrant = builder.objectRef<RegistrantShape>("Registrant").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    image: t.exposeString("image", { nullable: true }),
  }),
});

/** The registrant themselves, or someone managing the event's community (asked only then). */
const mayReadPrivate = async (r: RegistrationView) =>
  r.loaders.viewerId === r.userId ||
  canSeeRegistrationPrivate(await r.loaders.canManage(r.eventId), r.loaders.viewerId, r.userId);

Registration.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    event: t.field({
      type: Event,
      resolve: async (r) => {
        const view = await r.loaders.event(r.eventId);
        if (!view) throw new Error("registration without its event");
        return view;
      },
    }),
    person: t.field({
      type: Registrant,
      resolve: async (r) => ({
        ...r.person,
        email: (await mayReadPrivate(r)) ? shownEmail(r.person.email) : "",
      }),
    }),
    status: t.expose("status", { type: RegistrationStatus }),
    quantity: t.exposeInt("quantity", { description: "Seats taken: the tickets of a paid order, else 1" }),
    ticketType: t.field({
      type: TicketType,
      nullable: true,
      resolve: async (r) => {
        if (!r.ticketTypeId) return null;
        const [types, view] = await Promise.all([
          r.loaders.ofEvents.ticketTypes.load(r.eventId),
          r.loaders.event(r.eventId),
        ]);
        const tt = types.find((x) => x.id === r.ticketTypeId);
        return tt && view ? { ...tt, spotsLeft: spotsLeft(view), communityId: view.communityId } : null;
      },
    }),
    answers: t.field({
      type: [Answer],
      resolve: async (r) =>
        (await r.loaders.ofEvents.questions.load(r.eventId))
          .filter((q) => (r.answers[q.id] ?? []).length > 0)
          .map((q) => ({ questionId: q.id, label: q.label, values: r.answers[q.id] ?? [] })),
    }),
    checkInCode: t.string({
      nullable: true,
      resolve: async (r) => ((await mayReadPrivate(r)) ? r.checkInCode : null),
    }),
    checkedInAt: t.expose("checkedInAt", { type: "DateTime", nullable: true }),
    waitlistPosition: t.int({
      nullable: true,
      resolve: (r) => (r.status === "waitlisted" ? r.loaders.waitlistPosition.load(r.id) : null),
    }),
    holdExpiresAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "While HELD: when the seats go to the next in line unless paid for",
      resolve: async (r) => (r.status === "held" && (await mayReadPrivate(r)) ? r.holdExpiresAt : null),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    origin: t.string({
      nullable: true,
      description:
        "Where the registration came from: community_page, event_page, link:<ref>, or another way in the server records; null when unknown, and for viewers who do not manage the event's community",
      resolve: async (r) => ((await r.loaders.canManage(r.eventId)) ? r.origin : null),
    }),
  }),
});

const RegistrationConnection = builder
  .objectRef<Page<RegistrationView> & { totalCount?: number }>("RegistrationConnection")
  .implement({
    fields: (t) => ({
      nodes: t.expose("nodes", { type: [Registration] }),
      pageInfo: t.field({ type: PageInfo, resolve: (p) => p }),
      totalCount: t.int({
        resolve: (p: Page<RegistrationView> & { totalCount?: number }) => p.totalCount ?? p.nodes.length,
      }),
    }),
  });

const RegisterInput = builder.inputType("RegisterInput", {
  fields: (t) => ({
    ticketTypeId: t.id({ required: false }),
    answers: t.field({ type: [AnswerInput], required: true }),
    quantity: t.int({
      required: false,
      description: "Tickets wanted when asking for a paid ticket (approval or waitlist); 1 by default",
    }),
    announcements: t.boolean({
      required: false,
      description:
        "The registrant agrees to receive the community's announcements (unticked by default); members keep their own choice",
    }),
    origin: t.string({
      required: false,
      description:
        "Where the registrant came from: community_page, event_page, or link:<ref> (a shared link's ref or utm_source). Anything else is ignored.",
    }),
  }),
});
const MessageRegistrantsInput = builder.inputType("MessageRegistrantsInput", {
  fields: (t) => ({
    subject: t.string({ required: true }),
    body: t.string({ required: true }),
    status: t.field({ type: RegistrationStatus, required: false }),
    ticketTypeId: t.id({ required: false }),
  }),
});

// The online link shows to managers and to people holding a seat.
builder.objectField(Event, "onlineUrl", (t) =>
  t.string({
    nullable: true,
    resolve: async (e, _args, ctx) => {
      if (!e.onlineUrl) return null;
      if (e.canManage) return e.onlineUrl;
      const mine = await registrationLoaders(ctx, e.loaders).viewerRegistration.load(e.id);
      return canSeeOnlineUrl(false, mine?.status ?? null) ? e.onlineUrl : null;
    },
  }),
);

const EventGuest = builder.objectRef<GoingPerson>("EventGuest").implement({
  description: "Someone going to an event, as visitors of its page see them",
  fields: (t) => ({
    name: t.exposeString("name"),
    image: t.exposeString("image", { nullable: true }),
  }),
});

builder.objectField(Event, "guests", (t) =>
  t.field({
    type: [EventGuest],
    nullable: true,
    description:
      "The first people going (names and avatars, at most 24); null when the organizers hide the guest list or the event is for members only",
    args: { first: t.arg.int({ required: false, defaultValue: 8 }) },
    resolve: (e, args, ctx) => goingPeople(ctx.db, e, args.first ?? 8),
  }),
);

builder.objectField(Event, "viewerRegistration", (t) =>
  t.field({
    type: Registration,
    nullable: true,
    resolve: (e, _args, ctx) => registrationLoaders(ctx, e.loaders).viewerRegistration.load(e.id),
  }),
);

builder.queryFields((t) => ({
  eventRegistrations: t.field({
    type: RegistrationConnection,
    args: {
      eventId: t.arg.id({ required: true }),
      status: t.arg({ type: RegistrationStatus, required: false }),
      ticketTypeId: t.arg.id({ required: false }),
      search: t.arg.string({ required: false }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx): Promise<RegistrationPage> =>
      listRegistrations(ctx, String(args.eventId), {
        ...args,
        ticketTypeId: args.ticketTypeId == null ? null : String(args.ticketTypeId),
      }),
  }),
  myRegistrations: t.field({
    type: RegistrationConnection,
    args: {
      when: t.arg({ type: RegistrationTimeFilter, required: true }),
      first: t.arg.int({ required: false, defaultValue: 20 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => myRegistrations(ctx, args),
  }),
}));

builder.mutationFields((t) => {
  const byId = (
    run: (ctx: Parameters<typeof cancelRegistration>[0], id: string) => Promise<RegistrationView>,
  ) =>
    t.field({
      type: Registration,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, ctx) => run(ctx, String(args.id)),
    });
  const byRegistrationId = (
    run: (ctx: Parameters<typeof cancelRegistration>[0], id: string) => Promise<RegistrationView>,
  ) =>
    t.field({
      type: Registration,
      args: { registrationId: t.arg.id({ required: true }) },
      resolve: (_root, args, ctx) => run(ctx, String(args.registrationId)),
    });
  return {
    register: t.field({
      type: Registration,
      args: { eventId: t.arg.id({ required: true }), input: t.arg({ type: RegisterInput, required: true }) },
      resolve: (_root, args, ctx) =>
        register(ctx, String(args.eventId), {
          ticketTypeId: args.input.ticketTypeId == null ? null : String(args.input.ticketTypeId),
          answers: args.input.answers.map((a) => ({ questionId: String(a.questionId), values: a.values })),
          quantity: args.input.quantity ?? null,
          announcements: args.input.announcements ?? false,
          origin: clientOrigin(args.input.origin),
        }),
    }),
    cancelRegistration: byId(cancelRegistration),
    approveRegistration: byId(approveRegistration),
    declineRegistration: byId(declineRegistration),
    moveFromWaitlist: byId(moveFromWaitlist),
    checkIn: byRegistrationId(checkIn),
    undoCheckIn: byRegistrationId(undoCheckIn),
    checkInByCode: t.field({
      type: Registration,
      args: { eventId: t.arg.id({ required: true }), code: t.arg.string({ required: true }) },
      resolve: (_root, args, ctx) => checkInByCode(ctx, String(args.eventId), args.code),
    }),
    messageRegistrants: t.int({
      args: {
        eventId: t.arg.id({ required: true }),
        input: t.arg({ type: MessageRegistrantsInput, required: true }),
      },
      resolve: (_root, args, ctx) =>
        messageRegistrants(ctx, String(args.eventId), {
          ...args.input,
          ticketTypeId: args.input.ticketTypeId == null ? null : String(args.input.ticketTypeId),
        }),
    }),
  };
});
