/**
 * Ticket prices and their limits, the same for the event form and the server. Amounts are whole
 * minor units of the community's currency (money.ts).
 */

/**
 * The most one ticket may cost, in minor units of any currency: Stripe's own ceiling for one
 * charge (eight digits), so a single ticket can always be paid.
 */
export const PRICE_MAX_MINOR = 99_999_999;

/** Tickets in one order: 1 to 50, 10 unless the organizer says otherwise. */
export const ORDER_LIMIT = { min: 1, max: 50, default: 10 } as const;

/** A percent-off promo code takes 1 to 100 percent. */
export const PERCENT_OFF = { min: 1, max: 100 } as const;

export type AmountProblem = "NOT_WHOLE" | "NEGATIVE" | "TOO_LARGE";

/** What is wrong with an amount of minor units, or null when a ticket may cost it. */
export function amountProblem(amountMinor: number): AmountProblem | null {
  if (!Number.isSafeInteger(amountMinor)) return "NOT_WHOLE";
  if (amountMinor < 0) return "NEGATIVE";
  if (amountMinor > PRICE_MAX_MINOR) return "TOO_LARGE";
  return null;
}

export const isOrderLimit = (value: number): boolean =>
  Number.isInteger(value) && value >= ORDER_LIMIT.min && value <= ORDER_LIMIT.max;

export const isPercentOff = (value: number): boolean =>
  Number.isInteger(value) && value >= PERCENT_OFF.min && value <= PERCENT_OFF.max;

export type PricedTicket = { priceMinor: number; memberPriceMinor: number | null };

/** What one ticket costs the person: the member price when they are an active member and it has one. */
export function unitPrice(ticket: PricedTicket, activeMember: boolean): number {
  return activeMember && ticket.memberPriceMinor !== null ? ticket.memberPriceMinor : ticket.priceMinor;
}

export type SalesWindow = { salesStartAt: Date | null; salesEndAt: Date | null };
export type SalesState = "not_open" | "open" | "ended";

/** Sales open at their start (inclusive) and stop at their end. */
export function salesState(window: SalesWindow, now: Date): SalesState {
  if (window.salesStartAt && now < window.salesStartAt) return "not_open";
  if (window.salesEndAt && now >= window.salesEndAt) return "ended";
  return "open";
}

/**
 * A percent of an amount in whole minor units, half rounded up (12.5 cents is 13): integer
 * arithmetic only, so no binary fraction ever decides a cent.
 */
export function percentOf(amountMinor: number, percent: number): number {
  return Math.floor((amountMinor * percent + 50) / 100);
}
