import Stripe from "stripe";
import { DomainError } from "#server/errors.ts";
import { processLog, withoutEmails } from "#server/observability/logger.ts";

/**
 * A request to Stripe made while a person waits: Stripe's refusals and outages become
 * PAYMENT_PROVIDER_ERROR with a sentence they can act on (the details go to the server log).
 * `what` completes "Stripe could not …", e.g. "start the onboarding".
 */
export async function askStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    processLog().warn(
      withoutEmails(`stripe: could not ${what}: ${error.type} ${error.statusCode ?? "-"} ${error.message}`),
    );
    const refused = error instanceof Stripe.errors.StripeInvalidRequestError;
    throw new DomainError(
      "PAYMENT_PROVIDER_ERROR",
      refused
        ? `Stripe could not ${what}: ${error.message}`
        : `Stripe could not ${what} just now. Try again in a moment.`,
    );
  }
}

/** The id of an object Stripe may send expanded or as its id. */
export const idOf = (value: unknown): string | null =>
  typeof value === "string" ? value : ((value as { id?: string } | null | undefined)?.id ?? null);

/** A Stripe timestamp (seconds) as a date. */
export const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

export type PaidCharge = { paymentIntent: Stripe.PaymentIntent; feeMinor: number; at: Date };

/** The fee and time of a payment intent's charge, read with its balance transaction. */
export function chargeOf(paymentIntent: Stripe.PaymentIntent): PaidCharge {
  const charge = typeof paymentIntent.latest_charge === "object" ? paymentIntent.latest_charge : null;
  const balance =
    charge && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
  return {
    paymentIntent,
    feeMinor: balance?.fee ?? 0,
    at: seconds(charge?.created ?? paymentIntent.created) ?? new Date(),
  };
}
