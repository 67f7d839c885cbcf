import { builder } from "#server/graphql/builder.ts";
import { Registration } from "#server/modules/registrations/registrations.graphql.ts";
import { registrationCancelable } from "#server/modules/registrations/registrations.service.ts";
import { Payment } from "./ledger.graphql.ts";
import { paymentsOfRegistration } from "./registration-payments.service.ts";

// What payments adds to a registration, and to a payment of its registration: the event
// dashboard refunds a ticket from its registration's row, and a refund may free the seat.

builder.objectField(Registration, "payments", (t) =>
  t.field({
    type: [Payment],
    nullable: true,
    description:
      "What was paid for this registration's ticket, newest first. Null unless the viewer manages the community's payments.",
    resolve: async (r, _args, ctx) => {
      const event = await r.loaders.event(r.eventId);
      if (!event) return null;
      const rows = await paymentsOfRegistration(ctx, event.communityId, r.id);
      return rows?.map((row) => ({ ...row, eventTitle: event.title })) ?? null;
    },
  }),
);

builder.objectField(Payment, "registrationCancelable", (t) =>
  t.boolean({
    description:
      "Whether the ticket's registration can still be canceled with a refund (`cancelRegistration`): it is active and not checked in.",
    resolve: (p, _args, ctx) => (p.registrationId ? registrationCancelable(ctx.db, p.registrationId) : false),
  }),
);
