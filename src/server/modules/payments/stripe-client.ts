import Stripe from "stripe";
import type { StripeSettings } from "#server/config-stripe.ts";

export type StripeClientOptions = {
  /** Retries of a request that failed on the network or with a 409/5xx; each POST keeps its Idempotency-Key. */
  maxNetworkRetries?: number;
  /** Per request, in milliseconds: a person is waiting on most of these calls. */
  timeout?: number;
};

/**
 * The one Stripe client of the server, aimed at STRIPE_API_URL (Stripe's API, or the local
 * stand-in in tests and for trying payments without a Stripe account). The API version is the
 * one this library release pins and its types describe, so a library upgrade is a version upgrade.
 */
export function createStripeClient(
  settings: Pick<StripeSettings, "secretKey" | "apiUrl">,
  options: StripeClientOptions = {},
): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    // Node's http wants an IPv6 literal without the brackets a URL writes around it.
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port === "" ? (protocol === "http" ? 80 : 443) : Number(url.port),
    protocol,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeout ?? 20_000,
    telemetry: false,
    appInfo: { name: "Commons" },
  });
}

/**
 * What the payments module needs of the process, built once by the composition root when the
 * operator set Stripe's keys: the client, the settings, and the app's address for the pages
 * Stripe sends people back to.
 */
export type StripeGateway = {
  stripe: Stripe;
  settings: StripeSettings;
  appUrl: string;
};
