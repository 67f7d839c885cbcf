import { builder } from "#server/graphql/builder.ts";
import { AnswerInput } from "#server/graphql/question-types.ts";
import { clientOrigin } from "#shared/origins.ts";
import { cancelCheckout, type OrderRow, orderById, payForOffer, startCheckout } from "./checkout.service.ts";

const OrderStatus = builder.enumType("TicketOrderStatus", {
  values: {
    OPEN: { value: "open", description: "Seats held while the buyer pays" },
    PAID: { value: "paid", description: "Paid: the seats are the buyer's and the ticket is mailed" },
    EXPIRED: { value: "expired", description: "Not paid in time, or given up: the seats went back" },
  } as const,
});

const TicketOrder = builder.objectRef<OrderRow>("TicketOrder").implement({
  description:
    "One purchase of tickets, as its buyer sees it on returning from Stripe. Its id is known only to the buyer.",
  fields: (t) => ({
    id: t.exposeID("id"),
    eventId: t.exposeID("eventId"),
    status: t.expose("status", { type: OrderStatus }),
    ticketName: t.exposeString("ticketName"),
    quantity: t.exposeInt("quantity"),
    currency: t.exposeString("currency"),
    subtotalMinor: t.expose("subtotalMinor", { type: "MinorUnits" }),
    discountMinor: t.expose("discountMinor", { type: "MinorUnits" }),
    totalMinor: t.expose("totalMinor", { type: "MinorUnits" }),
    promoCode: t.string({ nullable: true, resolve: (o) => o.promoCodeText }),
    expiresAt: t.field({
      type: "DateTime",
      description: "When held seats go back",
      resolve: (o) => o.expiresAt,
    }),
    checkoutUrl: t.string({
      nullable: true,
      description: "Stripe's page to pay on, while the order is open",
      resolve: (o) => (o.status === "open" ? o.checkoutUrl : null),
    }),
  }),
});

const CheckoutGuestInput = builder.inputType("CheckoutGuestInput", {
  description: "A signed-out buyer, as the one-step guest form takes them",
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
  }),
});

const StartCheckoutInput = builder.inputType("StartCheckoutInput", {
  fields: (t) => ({
    ticketTypeId: t.id({ required: true }),
    quantity: t.int({ required: true }),
    promoCode: t.string({ required: false }),
    answers: t.field({ type: [AnswerInput], required: true }),
    guest: t.field({ type: CheckoutGuestInput, required: false }),
    announcements: t.boolean({ required: false, description: "As RegisterInput.announcements" }),
    origin: t.string({ required: false, description: "As RegisterInput.origin" }),
  }),
});

const CheckoutStart = builder.objectRef<{ order: OrderRow; url: string | null }>("CheckoutStart").implement({
  fields: (t) => ({
    order: t.expose("order", { type: TicketOrder }),
    url: t.string({
      nullable: true,
      description: "Where to send the buyer: Stripe Checkout; null when nothing was left to pay",
      resolve: (s) => s.url,
    }),
  }),
});

builder.queryFields((t) => ({
  ticketOrder: t.field({
    type: TicketOrder,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => orderById(ctx.db, String(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  startCheckout: t.field({
    type: CheckoutStart,
    description:
      "Holds the seats and answers Stripe Checkout's address. Signed out, `guest` names the buyer. Refusals: those of ticketQuote, ALREADY_REGISTERED, BANNED, VERIFIED_EMAIL_REQUIRED, PAYMENTS_NOT_CONNECTED, PAYMENT_PROVIDER_ERROR, RATE_LIMITED(_EMAIL), BAD_USER_INPUT.",
    args: {
      eventId: t.arg.id({ required: true }),
      input: t.arg({ type: StartCheckoutInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      startCheckout(ctx, String(args.eventId), {
        ticketTypeId: String(args.input.ticketTypeId),
        quantity: args.input.quantity,
        promoCode: args.input.promoCode ?? null,
        answers: args.input.answers.map((a) => ({ questionId: String(a.questionId), values: a.values })),
        guest: args.input.guest ?? null,
        announcements: args.input.announcements ?? false,
        origin: clientOrigin(args.input.origin),
      }),
  }),
  payForOffer: t.field({
    type: CheckoutStart,
    description:
      "Pays for seats offered to the holder of a registration's private link (approved, or next on a paid event's waitlist): answers Stripe Checkout's address. CONFLICT once the offer has ended.",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => payForOffer(ctx, args.token),
  }),
  cancelCheckout: t.field({
    type: TicketOrder,
    description: "The buyer gives up paying: Stripe's page stops taking the payment and the seats go back.",
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => cancelCheckout(ctx, String(args.orderId)),
  }),
}));
