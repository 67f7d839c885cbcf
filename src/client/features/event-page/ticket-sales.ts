import { formatPrice } from "#client/lib/money.ts";
import { formatter, plain } from "#shared/event-time-format.ts";
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
    const when = formatter("en-US", {
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

/** In one locale, so that the server's page and the browser's first render agree. */
export const priceText = (amountMinor: number, currency: string) =>
  amountMinor === 0 ? "Free" : formatPrice(amountMinor, currency, "en-US");

/** How many one order may hold now: the per-order limit, and no more than are left. */
export function orderMax(ticket: EventTicketType): number {
  const left = ticket.remaining ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(ticket.maxPerOrder, left));
}

/**
 * The price beside the title, as a signed-out visitor pays: "Free", "€12", or "From €8" when
 * ticket types differ; null without ticket types.
 */
export function priceSummary(tickets: Pick<EventTicketType, "priceMinor" | "currency">[]): string | null {
  const first = tickets[0];
  if (!first) return null;
  const prices = tickets.map((t) => t.priceMinor);
  const lowest = Math.min(...prices);
  const highest = Math.max(...prices);
  if (highest === 0) return "Free";
  const text = priceText(lowest, first.currency);
  return lowest === highest
    ? text
    : lowest === 0
      ? `Free – ${priceText(highest, first.currency)}`
      : `From ${text}`;
}
