import { DomainError } from "#server/errors.ts";
import { type SalesWindow, salesState } from "#shared/pricing.ts";

/** Why a ticket type cannot be had now because of its sales window: the same words everywhere. */
export const SALES_REFUSALS = {
  not_open: { code: "SALES_NOT_OPEN", message: "Sales for this ticket have not opened yet." },
  ended: { code: "SALES_ENDED", message: "Sales for this ticket have ended." },
} as const;

/** Refuses a ticket type outside its sales window (SALES_NOT_OPEN, SALES_ENDED). */
export function requireOnSale(window: SalesWindow, now: Date): void {
  const state = salesState(window, now);
  if (state === "open") return;
  const refusal = SALES_REFUSALS[state];
  throw new DomainError(refusal.code, refusal.message);
}
