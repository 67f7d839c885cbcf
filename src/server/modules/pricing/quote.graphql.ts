import { builder } from "#server/graphql/builder.ts";
import { type Quote, type QuoteLine, ticketQuote } from "./quote.service.ts";

const TicketQuoteLine = builder.objectRef<QuoteLine>("TicketQuoteLine").implement({
  fields: (t) => ({
    ticketTypeId: t.exposeID("ticketTypeId"),
    name: t.exposeString("name"),
    quantity: t.exposeInt("quantity"),
    unitPriceMinor: t.exposeInt("unitPriceMinor", { description: "What one ticket costs this buyer" }),
    listUnitPriceMinor: t.exposeInt("listUnitPriceMinor", {
      description: "One ticket without the member price",
    }),
    memberPrice: t.exposeBoolean("memberPrice", { description: "The buyer pays the member price" }),
    unitDiscountMinor: t.exposeInt("unitDiscountMinor"),
    subtotalMinor: t.exposeInt("subtotalMinor"),
    discountMinor: t.exposeInt("discountMinor"),
    totalMinor: t.exposeInt("totalMinor"),
  }),
});

const TicketQuote = builder.objectRef<Quote>("TicketQuote").implement({
  description: "What an order costs, computed by the server; amounts in minor units of `currency`.",
  fields: (t) => ({
    eventId: t.exposeID("eventId"),
    currency: t.exposeString("currency"),
    lines: t.expose("lines", { type: [TicketQuoteLine] }),
    subtotalMinor: t.exposeInt("subtotalMinor"),
    discountMinor: t.exposeInt("discountMinor"),
    totalMinor: t.exposeInt("totalMinor"),
    promoCode: t.string({
      nullable: true,
      description: "The code applied, as its organizer wrote it",
      resolve: (q) => q.promoCode?.code ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  ticketQuote: t.field({
    type: TicketQuote,
    description:
      "What `quantity` tickets of one type cost the viewer (signed in or not), with a promo code. Refusals: EVENT_CLOSED, SALES_NOT_OPEN, SALES_ENDED, OVER_ORDER_LIMIT, SOLD_OUT, PROMO_CODE_INVALID, PROMO_CODE_EXPIRED, PROMO_CODE_USED_UP, PROMO_CODE_NOT_FOR_TICKET (with `fields` naming quantity or promoCode).",
    args: {
      eventId: t.arg.id({ required: true }),
      ticketTypeId: t.arg.id({ required: true }),
      quantity: t.arg.int({ required: true }),
      promoCode: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      ticketQuote(ctx, {
        eventId: String(args.eventId),
        ticketTypeId: String(args.ticketTypeId),
        quantity: args.quantity,
        promoCode: args.promoCode ?? null,
      }),
  }),
}));
