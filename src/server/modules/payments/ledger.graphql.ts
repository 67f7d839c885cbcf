import { builder } from "#server/graphql/builder.ts";
import { PageInfo } from "#server/graphql/page-info.ts";
import { Community } from "#server/modules/communities/communities.graphql.ts";
import type { RefundRow } from "./ledger.service.ts";
import type { ManualMethod, PaymentPurpose } from "./ledger.tables.ts";
import { netMinor } from "./ledger-rules.ts";
import { recordPayment } from "./manual-payments.service.ts";
import type { PaymentFilter } from "./payment-filter.ts";
import { listPayments, type PaymentPage } from "./payment-list.service.ts";
import { type PaymentView, paymentById, refundsOf } from "./payment-reads.service.ts";
import {
  type CurrencyTotals,
  payerTotals,
  paymentTotals,
  type Revenue,
  revenueLast30Days,
} from "./payment-totals.service.ts";
import { refundPayment } from "./refunds.service.ts";

const PaymentStatusEnum = builder.enumType("PaymentStatus", {
  values: {
    PENDING: { value: "pending" },
    SUCCEEDED: { value: "succeeded" },
    FAILED: { value: "failed" },
    REFUNDED: { value: "refunded" },
    PARTIALLY_REFUNDED: { value: "partially_refunded" },
  } as const,
});

const PaymentPurposeEnum = builder.enumType("PaymentPurpose", {
  values: {
    TICKET: { value: "ticket" },
    MEMBERSHIP: { value: "membership" },
    OTHER: { value: "other" },
  } as const,
});

const PaymentMethodEnum = builder.enumType("PaymentMethod", {
  values: {
    STRIPE: { value: "stripe" },
    CASH: { value: "cash" },
    BANK_TRANSFER: { value: "bank_transfer" },
    OTHER: { value: "other" },
  } as const,
});

const ManualPaymentMethodEnum = builder.enumType("ManualPaymentMethod", {
  description: "How money recorded by hand was paid.",
  values: {
    CASH: { value: "cash" },
    BANK_TRANSFER: { value: "bank_transfer" },
    OTHER: { value: "other" },
  } as const,
});

const PaymentPayer = builder.objectRef<PaymentView>("PaymentPayer").implement({
  description: "Who paid, as recorded with the payment.",
  fields: (t) => ({
    userId: t.exposeID("payerUserId", { nullable: true, description: "The member's account, when known." }),
    name: t.exposeString("payerName"),
    email: t.exposeString("payerEmail", { nullable: true }),
  }),
});

const PaymentEvent = builder
  .objectRef<{ id: string; title: string }>("PaymentEvent")
  .implement({ fields: (t) => ({ id: t.exposeID("id"), title: t.exposeString("title") }) });

const PaymentRefund = builder.objectRef<RefundRow>("PaymentRefund").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    amountMinor: t.expose("amountMinor", { type: "MinorUnits" }),
    reason: t.exposeString("reason"),
    method: t.expose("method", { type: PaymentMethodEnum }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const Payment = builder.objectRef<PaymentView>("Payment").implement({
  description:
    "One payment of the ledger, taken through Stripe or recorded by hand. Amounts are minor units of `currency`.",
  fields: (t) => ({
    id: t.exposeID("id"),
    payer: t.field({ type: PaymentPayer, resolve: (p) => p }),
    purpose: t.expose("purpose", { type: PaymentPurposeEnum }),
    event: t.field({
      type: PaymentEvent,
      nullable: true,
      resolve: (p) => (p.eventId && p.eventTitle !== null ? { id: p.eventId, title: p.eventTitle } : null),
    }),
    registrationId: t.exposeID("registrationId", { nullable: true }),
    amountMinor: t.expose("amountMinor", { type: "MinorUnits" }),
    feeMinor: t.expose("feeMinor", { type: "MinorUnits" }),
    refundedMinor: t.expose("refundedMinor", {
      type: "MinorUnits",
      description: "Every refund so far, summed.",
    }),
    netMinor: t.field({
      type: "MinorUnits",
      description: "amount − fee − refunded.",
      resolve: (p) => netMinor(p.amountMinor, p.feeMinor, p.refundedMinor),
    }),
    currency: t.exposeString("currency"),
    status: t.expose("status", { type: PaymentStatusEnum }),
    method: t.expose("method", { type: PaymentMethodEnum }),
    providerRef: t.exposeString("providerRef", { nullable: true }),
    note: t.exposeString("note"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    succeededAt: t.expose("succeededAt", { type: "DateTime", nullable: true }),
    refunds: t.field({ type: [PaymentRefund], resolve: (p, _args, ctx) => refundsOf(ctx.db, p.id) }),
  }),
});

const PaymentsConnection = builder.objectRef<PaymentPage>("PaymentsConnection").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Payment] }),
    pageInfo: t.field({ type: PageInfo, resolve: (p) => p }),
    totalCount: t.exposeInt("totalCount", {
      description: "Exact, unless totalCountCapped: then at least this many match (show it as 1,000+).",
    }),
    totalCountCapped: t.exposeBoolean("totalCountCapped"),
  }),
});

const PaymentFilterInput = builder.inputType("PaymentFilter", {
  fields: (t) => ({
    statuses: t.field({ type: [PaymentStatusEnum], required: false }),
    purposes: t.field({ type: [PaymentPurposeEnum], required: false }),
    methods: t.field({ type: [PaymentMethodEnum], required: false }),
    eventId: t.id({ required: false }),
    planId: t.id({ required: false, description: "Membership payments for this plan." }),
    payerUserId: t.id({ required: false, description: "One member's payments." }),
    createdAfter: t.field({ type: "DateTime", required: false, description: "From this instant on." }),
    createdBefore: t.field({ type: "DateTime", required: false, description: "Before this instant." }),
  }),
});

const PaymentTotals = builder.objectRef<CurrencyTotals>("PaymentTotals").implement({
  description: "A period's money in one currency, in its minor units.",
  fields: (t) => ({
    currency: t.exposeString("currency"),
    grossMinor: t.expose("grossMinor", {
      type: "MinorUnits",
      description: "Payments that succeeded in the period.",
    }),
    refundsMinor: t.expose("refundsMinor", {
      type: "MinorUnits",
      description: "Refunds made in the period.",
    }),
    feesMinor: t.expose("feesMinor", { type: "MinorUnits" }),
    netMinor: t.expose("netMinor", { type: "MinorUnits", description: "gross − fees − refunds." }),
    payments: t.exposeInt("payments"),
    refunds: t.exposeInt("refunds"),
  }),
});

const RevenueRef = builder.objectRef<Revenue>("Revenue").implement({
  fields: (t) => ({
    currency: t.exposeString("currency"),
    amountMinor: t.expose("amountMinor", { type: "MinorUnits" }),
  }),
});

const RecordPaymentInput = builder.inputType("RecordPaymentInput", {
  fields: (t) => ({
    purpose: t.field({ type: PaymentPurposeEnum, required: true }),
    amountMinor: t.field({ type: "MinorUnits", required: true }),
    currency: t.string({ required: true }),
    method: t.field({ type: ManualPaymentMethodEnum, required: true }),
    payerName: t.string({ required: false }),
    payerEmail: t.string({
      required: false,
      description: "When it is a member's address, the payment is linked to that member.",
    }),
    payerUserId: t.id({ required: false, description: "A member of the community who paid." }),
    registrationId: t.id({ required: false, description: "The registration this pays for (a ticket)." }),
    eventId: t.id({ required: false }),
    note: t.string({ required: false }),
    feeMinor: t.field({
      type: "MinorUnits",
      required: false,
      description: "What receiving it cost (a transfer's bank charge); net is amount less fee.",
    }),
    paidAt: t.field({
      type: "DateTime",
      required: false,
      description: "When it was received, when not now; not in the future, at most ten years back.",
    }),
  }),
});

builder.objectFields(Community, (t) => ({
  revenueLast30Days: t.field({
    type: [RevenueRef],
    nullable: true,
    description:
      "Per currency: payments that succeeded in the last 30 days less refunds. Null unless the viewer manages payments.",
    deprecationReason: "Use Community.insightsSummary.revenue: the same figure as the insights page's.",
    resolve: (c, _args, ctx) => revenueLast30Days(ctx, c.id),
  }),
}));

builder.queryFields((t) => ({
  payments: t.field({
    type: PaymentsConnection,
    description: "The payments table: admins and owners. Newest first; `after` is the previous endCursor.",
    args: {
      communityId: t.arg.id({ required: true }),
      filter: t.arg({ type: PaymentFilterInput, required: false }),
      search: t.arg.string({ required: false, description: "Part of the payer's name or e-mail address." }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      listPayments(ctx, String(args.communityId), {
        filter: args.filter as PaymentFilter | null | undefined,
        search: args.search,
        first: args.first,
        after: args.after,
      }),
  }),
  payment: t.field({
    type: Payment,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => paymentById(ctx, String(args.id)),
  }),
  paymentTotals: t.field({
    type: [PaymentTotals],
    description: "Totals of [from, to) per currency; at most ten years.",
    args: {
      communityId: t.arg.id({ required: true }),
      from: t.arg({ type: "DateTime", required: true }),
      to: t.arg({ type: "DateTime", required: true }),
    },
    resolve: (_root, args, ctx) => paymentTotals(ctx, String(args.communityId), args.from, args.to),
  }),
  payerPaymentTotals: t.field({
    type: [PaymentTotals],
    description:
      "Per currency, everything one member paid the community (payments that went through, less their refunds): admins and owners.",
    args: { communityId: t.arg.id({ required: true }), payerUserId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => payerTotals(ctx, String(args.communityId), String(args.payerUserId)),
  }),
}));

builder.mutationFields((t) => ({
  recordPayment: t.field({
    type: Payment,
    description: "Money received outside Stripe (cash, bank transfer): admins and owners.",
    args: {
      communityId: t.arg.id({ required: true }),
      input: t.arg({ type: RecordPaymentInput, required: true }),
    },
    resolve: (_root, { communityId, input }, ctx) =>
      recordPayment(ctx, String(communityId), {
        ...input,
        purpose: input.purpose as PaymentPurpose,
        method: input.method as ManualMethod,
        payerUserId: input.payerUserId == null ? null : String(input.payerUserId),
        registrationId: input.registrationId == null ? null : String(input.registrationId),
        eventId: input.eventId == null ? null : String(input.eventId),
      }),
  }),
  refundPayment: t.field({
    type: Payment,
    description:
      "Gives money of a payment back, in full or in part: a card payment through Stripe, one recorded by hand marked as given back. Admins and owners.",
    args: {
      id: t.arg.id({ required: true }),
      amountMinor: t.arg({ type: "MinorUnits", required: true }),
      reason: t.arg.string({ required: true }),
      cancelRegistration: t.arg.boolean({
        required: false,
        description: "Also cancel the ticket's registration (its seat goes to the waitlist).",
      }),
    },
    resolve: (_root, args, ctx) =>
      refundPayment(ctx, String(args.id), {
        amountMinor: args.amountMinor,
        reason: args.reason,
        cancelRegistration: args.cancelRegistration,
      }),
  }),
}));
