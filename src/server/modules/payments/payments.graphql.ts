import { builder } from "#server/graphql/builder.ts";
import { Community } from "#server/modules/communities/communities.graphql.ts";
import { type PaymentActivity, paymentActivity } from "./payment-activity.service.ts";
import {
  connectStripe,
  type PaymentConnection,
  paymentConnection,
  refreshPaymentConnection,
  stripeDashboardLink,
} from "./payment-connection.service.ts";

const PaymentConnectionStatus = builder.enumType("PaymentConnectionStatus", {
  description: "How far the community is with taking payments.",
  values: {
    NOT_CONFIGURED: { value: "not_configured", description: "The server's operator set no Stripe keys." },
    NOT_CONNECTED: { value: "not_connected", description: "No Stripe account yet." },
    ONBOARDING_INCOMPLETE: {
      value: "onboarding_incomplete",
      description: "Stripe still needs details, or is reviewing them: no payments yet.",
    },
    CHARGES_ENABLED: {
      value: "charges_enabled",
      description: "Payments can be taken; Stripe holds payouts until it enables them.",
    },
    PAYOUTS_ENABLED: { value: "payouts_enabled", description: "Payments are taken and paid out." },
  } as const,
});

const PaymentAccountMode = builder.enumType("PaymentAccountMode", {
  values: {
    CONNECTED_ACCOUNT: { value: "connected_account", description: "The community's own Stripe account." },
    OPERATOR_ACCOUNT: {
      value: "operator_account",
      description: "The server's operator's Stripe account, for every community (STRIPE_CONNECT=off).",
    },
  } as const,
});

const PaymentConnectionRef = builder.objectRef<PaymentConnection>("PaymentConnection").implement({
  fields: (t) => ({
    communityId: t.exposeID("communityId"),
    status: t.expose("status", { type: PaymentConnectionStatus }),
    mode: t.expose("mode", { type: PaymentAccountMode, nullable: true }),
    accountId: t.exposeString("accountId", {
      nullable: true,
      description: "The community's Stripe account id (acct_…), once it has one.",
    }),
    chargesEnabled: t.exposeBoolean("chargesEnabled"),
    payoutsEnabled: t.exposeBoolean("payoutsEnabled"),
    detailsSubmitted: t.exposeBoolean("detailsSubmitted"),
    checkedAt: t.expose("checkedAt", {
      type: "DateTime",
      nullable: true,
      description: "When Stripe last confirmed this state.",
    }),
  }),
});

export const StripeLink = builder.objectRef<{ url: string }>("StripeLink").implement({
  description: "A single-use address on Stripe to send the person to.",
  fields: (t) => ({ url: t.exposeString("url") }),
});

builder.queryFields((t) => ({
  paymentConnection: t.field({
    type: PaymentConnectionRef,
    description: "Where the community's payments go and whether it can take them. Owners and admins.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => paymentConnection(ctx, String(args.communityId)),
  }),
}));

builder.mutationFields((t) => ({
  connectStripe: t.field({
    type: StripeLink,
    description:
      "Stripe's onboarding for the community's own account, made on first use. The owner only. `returnPath` is the page of this site to come back to.",
    args: { communityId: t.arg.id({ required: true }), returnPath: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => connectStripe(ctx, String(args.communityId), args.returnPath),
  }),
  refreshPaymentConnection: t.field({
    type: PaymentConnectionRef,
    description: "Asks Stripe for the account's state now, without waiting for its webhook.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => refreshPaymentConnection(ctx, String(args.communityId)),
  }),
  stripeDashboardLink: t.field({
    type: StripeLink,
    description: "A login link to the community's Stripe Express dashboard. The owner only.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => stripeDashboardLink(ctx, String(args.communityId)),
  }),
}));

builder.objectField(Community, "canTakePayments", (t) =>
  t.boolean({
    description:
      "Whether tickets may cost something: the community's Stripe account takes charges, or the operator's takes every community's.",
    resolve: (c, _args, ctx) => ctx.payments.canTakePayments(ctx.db, c.id),
  }),
);

const PaymentActivityRef = builder.objectRef<PaymentActivity>("PaymentActivity").implement({
  description: "What the overview shows of payments besides revenue",
  fields: (t) => ({
    failedLast30Days: t.exposeInt("failedLast30Days", {
      description: "Payments that failed in the last 30 days",
    }),
    anyTaken: t.exposeBoolean("anyTaken", {
      description: "Whether any payment was ever received (refunded ones included)",
    }),
  }),
});

builder.objectField(Community, "paymentActivity", (t) =>
  t.field({
    type: PaymentActivityRef,
    nullable: true,
    description: "Null unless the viewer manages payments",
    resolve: (c, _args, ctx) => paymentActivity(ctx, c.id),
  }),
);
