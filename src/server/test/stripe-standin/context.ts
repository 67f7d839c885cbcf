import type { Hono } from "hono";
import type { Params } from "./params.ts";
import type { Cause, Owner, StandinStore, StripeObject } from "./store.ts";
import type { WebhookSender } from "./webhooks.ts";

/** One onboarding link: single use and short-lived, like Stripe's account links. */
export type OnboardingLink = {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
};

/** What every part of one stand-in shares. Nothing lives at module level: each stand-in is its own world. */
export type StandinContext = {
  store: StandinStore;
  webhooks: WebhookSender;
  /** The stand-in's own origin, for the URLs of its hosted pages. */
  origin: () => string;
  onboardingLinks: Map<string, OnboardingLink>;
  /** What a Checkout Session keeps out of its answers, by session id. */
  checkouts: Map<string, CheckoutExtras>;
};

export type CheckoutExtras = {
  /** Listed only when asked for (`expand[]=line_items` or `/line_items`), as Stripe does. */
  lineItems: StripeObject[];
  paymentIntentData: {
    metadata: Record<string, string>;
    applicationFeeAmount: number;
    description: string | null;
  };
  subscriptionData: { metadata: Record<string, string>; applicationFeePercent: number | null };
};

export type StandinEnv = {
  Variables: {
    /** The `Stripe-Account` a request acts for, or null for the platform itself. */
    owner: Owner;
    params: Params;
    cause: Cause;
  };
};

export type StandinApp = Hono<StandinEnv>;
