import type { FieldError } from "#server/errors.ts";
import { currencyCode, formatMoney, MONEY_MAX_MINOR } from "#shared/money.ts";

export type SettledStatus = "succeeded" | "partially_refunded" | "refunded";

/**
 * The one place a payment's status follows from its refunds: nothing refunded leaves it
 * succeeded, all of it makes it refunded, anything between partially refunded.
 */
export function statusAfterRefunds(amountMinor: number, refundedMinor: number): SettledStatus {
  if (refundedMinor <= 0) return "succeeded";
  return refundedMinor >= amountMinor ? "refunded" : "partially_refunded";
}

/** What the community keeps of a payment: amount less the provider's fee and every refund. */
export const netMinor = (amountMinor: number, feeMinor: number, refundedMinor: number) =>
  amountMinor - feeMinor - refundedMinor;

/** Statuses in which money was taken: the payment counts in the totals and may be refunded. */
export const TAKEN_STATUSES = ["succeeded", "partially_refunded", "refunded"] as const;

/** The currency as stored (`EUR`), or a field error naming the field. */
export function checkCurrency(
  field: string,
  value: string,
): { currency: string | null; errors: FieldError[] } {
  const currency = currencyCode(value);
  if (currency) return { currency, errors: [] };
  return {
    currency: null,
    errors: [{ field, code: "INVALID_CURRENCY", message: "Choose a currency such as EUR, JPY or KWD." }],
  };
}

/**
 * An amount of minor units: a whole number above zero that the money helpers can still show
 * exactly. The unit is the currency's own (1 is one yen, a cent, or a thousandth of a dinar).
 */
export function checkAmount(field: string, amountMinor: number, currency: string | null): FieldError[] {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    return [{ field, code: "OUT_OF_RANGE", message: "Enter an amount above zero." }];
  if (amountMinor > MONEY_MAX_MINOR)
    return [
      {
        field,
        code: "TOO_LARGE",
        message: currency
          ? `Enter at most ${formatMoney(MONEY_MAX_MINOR, currency)}.`
          : "That amount is too large.",
      },
    ];
  return [];
}
