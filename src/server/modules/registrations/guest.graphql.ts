import { builder } from "#server/graphql/builder.ts";
import { AnswerInput } from "#server/graphql/question-types.ts";
import { Event } from "#server/modules/events/events.graphql.ts";
import { clientOrigin } from "#shared/origins.ts";
import { registrationDigestEnabled, setRegistrationDigest } from "./digest.service.ts";
import {
  cancelByToken,
  type ManagedRegistrationView,
  managedRegistration,
  registerAsGuest,
  resendTicket,
} from "./guest-registrations.service.ts";
import type { RegistrationStatus as RegistrationStatusValue } from "./registration-transitions.ts";
import { RegistrationStatus } from "./registrations.graphql.ts";

// Signed-out guests: one-step registration, their private link, and organizers' digest switch.

const GuestRegistration = builder
  .objectRef<{ status: RegistrationStatusValue; email: string }>("GuestRegistration")
  .implement({
    description: "What a guest learns on screen: the outcome, never the ticket (it goes by mail).",
    fields: (t) => ({
      status: t.expose("status", { type: RegistrationStatus }),
      email: t.exposeString("email"),
    }),
  });

const ManagedRegistration = builder.objectRef<ManagedRegistrationView>("ManagedRegistration").implement({
  description: "A registration opened through the private link in its mails.",
  fields: (t) => ({
    id: t.id({ resolve: (m) => m.registration.id }),
    token: t.exposeString("token"),
    status: t.field({ type: RegistrationStatus, resolve: (m) => m.registration.status }),
    quantity: t.int({ resolve: (m) => m.registration.quantity }),
    holdExpiresAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "While HELD: when the seats go to the next in line unless paid for",
      resolve: (m) => (m.registration.status === "held" ? m.registration.holdExpiresAt : null),
    }),
    name: t.string({ resolve: (m) => m.registration.person.name }),
    email: t.string({ resolve: (m) => m.registration.person.email }),
    checkInCode: t.string({
      nullable: true,
      resolve: (m) => (m.registration.status === "going" ? m.registration.checkInCode : null),
    }),
    checkedInAt: t.field({ type: "DateTime", nullable: true, resolve: (m) => m.registration.checkedInAt }),
    waitlistPosition: t.int({
      nullable: true,
      resolve: (m) =>
        m.registration.status === "waitlisted"
          ? m.registration.loaders.waitlistPosition.load(m.registration.id)
          : null,
    }),
    ticketTypeName: t.string({
      nullable: true,
      resolve: async (m) => {
        const types = await m.registration.loaders.ofEvents.ticketTypes.load(m.registration.eventId);
        return types.find((tt) => tt.id === m.registration.ticketTypeId)?.name ?? null;
      },
    }),
    onlineUrl: t.exposeString("onlineUrl", { nullable: true }),
    canCancel: t.exposeBoolean("canCancel"),
    event: t.field({
      type: Event,
      resolve: async (m) => {
        const view = await m.registration.loaders.event(m.registration.eventId);
        if (!view) throw new Error("registration without its event");
        return view;
      },
    }),
  }),
});

const GuestRegisterInput = builder.inputType("GuestRegisterInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    ticketTypeId: t.id({ required: false }),
    answers: t.field({ type: [AnswerInput], required: true }),
    quantity: t.int({ required: false, description: "As RegisterInput.quantity" }),
    announcements: t.boolean({ required: false, description: "As RegisterInput.announcements" }),
    origin: t.string({ required: false, description: "As RegisterInput.origin" }),
  }),
});

builder.queryFields((t) => ({
  managedRegistration: t.field({
    type: ManagedRegistration,
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => managedRegistration(ctx, args.token),
  }),
  registrationDigest: t.boolean({
    description: "Whether the viewer gets the daily mail of new registrations for this community",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => registrationDigestEnabled(ctx, String(args.communityId)),
  }),
}));

builder.mutationFields((t) => ({
  registerAsGuest: t.field({
    type: GuestRegistration,
    args: {
      eventId: t.arg.id({ required: true }),
      input: t.arg({ type: GuestRegisterInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      registerAsGuest(ctx, String(args.eventId), {
        name: args.input.name,
        email: args.input.email,
        ticketTypeId: args.input.ticketTypeId == null ? null : String(args.input.ticketTypeId),
        answers: args.input.answers.map((a) => ({ questionId: String(a.questionId), values: a.values })),
        quantity: args.input.quantity ?? null,
        announcements: args.input.announcements ?? false,
        origin: clientOrigin(args.input.origin),
      }),
  }),
  resendTicket: t.boolean({
    description: "Mails the registration again to the address if it holds one; answers the same either way",
    args: { eventId: t.arg.id({ required: true }), email: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => resendTicket(ctx, String(args.eventId), args.email),
  }),
  cancelManagedRegistration: t.field({
    type: ManagedRegistration,
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => cancelByToken(ctx, args.token),
  }),
  setRegistrationDigest: t.boolean({
    args: { communityId: t.arg.id({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setRegistrationDigest(ctx, String(args.communityId), args.enabled),
  }),
}));
