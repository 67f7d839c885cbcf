import { formatPrice } from "#client/lib/money.ts";
import { plain } from "#shared/event-time-format.ts";
import { type SalesState, salesState } from "#shared/pricing.ts";
import type { EventTicketType } from "./api/event-page-queries.ts";

const at = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Whether the ticket can be had now, as its sales window says. */
export function ticketSales(ticket: EventTicketType, now = new Date()): SalesState {
  return salesState({ salesStartAt: at(ticket.salesStartAt), salesEndAt: at(ticket.salesEndAt) }, now);
}

/** "Sales open Mar 1, 9:00 AM" (in the event's zone) or "Sales ended"; null while on sale. */
export function salesText(ticket: EventTicketType, timeZone: string, now = new Date()): string | null {
  const state = ticketSales(ticket, now);
  if (state === "ended") return "Sales ended";
  if (state === "not_open" && ticket.salesStartAt) {
    const when = new Intl.DateTimeFormat(undefined, {
      timeZone,
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }).format(new Date(ticket.salesStartAt));
    return `Sales open ${plain(when)}`;
  }
  return null;
}

export const isSoldOut = (ticket: EventTicketType) =>
  ticket.remaining !== null && ticket.remaining !== undefined && ticket.remaining <= 0;

/** Bought through checkout: it costs this viewer something. */
export const isPaid = (ticket: EventTicketType) => ticket.viewerPriceMinor > 0;

export const priceText = (amountMinor: number, currency: string) =>
  amountMinor === 0 ? "Free" : formatPrice(amountMinor, currency);

/** How many one order may hold now: the per-order limit, and no more than are left. */
export function orderMax(ticket: EventTicketType): number {
  const left = ticket.remaining ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(ticket.maxPerOrder, left));
}
