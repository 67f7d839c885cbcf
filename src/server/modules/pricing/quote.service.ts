import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, type DomainErrorCode, invalidInput, notFound } from "#server/errors.ts";
import { type Ctx as EventsCtx, getEvent } from "#server/modules/events/events.service.ts";
import { seatsTaken } from "#server/modules/events/seats.service.ts";
import { SALES_REFUSALS } from "#server/modules/events/ticket-sales.ts";
import { ticketForSale } from "#server/modules/events/ticket-types.service.ts";
import { hasBenefit } from "#server/modules/members/members.policy.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import { PRICE_MAX_MINOR, salesState, unitPrice } from "#shared/pricing.ts";
import { promoCode } from "./pricing.tables.ts";
import type { PromoCodeRow } from "./promo-codes.service.ts";
import { type Discount, type LineAmounts, priceLine } from "./quote-math.ts";

export type QuoteInput = {
  eventId: string;
  ticketTypeId: string;
  quantity: number;
  promoCode?: string | null;
  /** Who is buying, when signed in: active members of the community pay the member price. */
  viewerUserId?: string | null;
  /** Seats already held for this buyer (a seat offered to them): theirs, not taken. */
  heldByBuyer?: number;
};

export type QuoteLine = LineAmounts & {
  ticketTypeId: string;
  name: string;
  quantity: number;
  /** What one ticket costs without the member price. */
  listUnitPriceMinor: number;
  memberPrice: boolean;
};

export type Quote = {
  eventId: string;
  communityId: string;
  currency: string;
  lines: QuoteLine[];
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  /** The code that was applied, as its organizer wrote it; checkout claims its use. */
  promoCode: { id: string; code: string } | null;
};

export type QuoteRefusalCode = Extract<
  DomainErrorCode,
  | "EVENT_CLOSED"
  | "SALES_NOT_OPEN"
  | "SALES_ENDED"
  | "OVER_ORDER_LIMIT"
  | "SOLD_OUT"
  | "PROMO_CODE_INVALID"
  | "PROMO_CODE_EXPIRED"
  | "PROMO_CODE_USED_UP"
  | "PROMO_CODE_NOT_FOR_TICKET"
>;

export type QuoteRefusal = {
  code: QuoteRefusalCode;
  message: string;
  /** The input to change: the quantity or the promo code; null when neither would help. */
  field: "quantity" | "promoCode" | null;
  /** SOLD_OUT: how many can still be had. */
  remaining?: number;
};

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; refusal: QuoteRefusal };

const refuse = (
  code: QuoteRefusalCode,
  message: string,
  field: QuoteRefusal["field"] = null,
  remaining?: number,
): QuoteResult => ({
  ok: false,
  refusal: { code, message, field, ...(remaining === undefined ? {} : { remaining }) },
});

const left = (limit: number | null, taken: number) => (limit === null ? null : Math.max(0, limit - taken));

const unknownCode = () =>
  refuse("PROMO_CODE_INVALID", "This code doesn't apply to this event. Check the spelling.", "promoCode");

function promoRefusal(row: PromoCodeRow, eventId: string, now: Date): QuoteResult | null {
  if (!row.active || (row.eventId !== null && row.eventId !== eventId)) return unknownCode();
  if (row.startsAt && row.startsAt > now)
    return refuse("PROMO_CODE_INVALID", "This code can't be used yet.", "promoCode");
  if (row.expiresAt && row.expiresAt <= now)
    return refuse("PROMO_CODE_EXPIRED", "This code has expired.", "promoCode");
  if (row.maxUses !== null && row.uses >= row.maxUses)
    return refuse("PROMO_CODE_USED_UP", "This code has been used as often as it may be.", "promoCode");
  return null;
}

/**
 * What an order of one ticket type costs at `now`, or why it cannot be had: the one place that
 * says what anyone pays (checkout charges this). Reads only; claiming the promo code's use and
 * holding seats are the caller's, in its own transaction.
 */
export async function quoteOrder(db: Db, input: QuoteInput, now: Date): Promise<QuoteResult> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1) {
    throw invalidInput([
      { field: "quantity", code: "INVALID_QUANTITY", message: "Choose at least one ticket." },
    ]);
  }
  const sale = await ticketForSale(db, input.eventId, input.ticketTypeId);
  if (!sale) throw notFound();
  const { event, ticket } = sale;
  if (event.status !== "published" || event.endsAt < now)
    return refuse("EVENT_CLOSED", "This event is not open for registration.");
  const state = salesState(ticket, now);
  if (state !== "open") return refuse(SALES_REFUSALS[state].code, SALES_REFUSALS[state].message);
  if (input.quantity > ticket.maxPerOrder) {
    const limit = ticket.maxPerOrder;
    return refuse("OVER_ORDER_LIMIT", `One order can hold at most ${limit} of these tickets.`, "quantity");
  }
  const mine = input.heldByBuyer ?? 0;
  const own = left(ticket.quantity, seatsTaken(ticket) - mine);
  const seats = left(event.capacity, seatsTaken(event) - mine);
  const remaining = own === null ? seats : seats === null ? own : Math.min(own, seats);
  if (remaining !== null && remaining < input.quantity) {
    const message =
      remaining === 0
        ? "These tickets are sold out."
        : `Only ${remaining} left: choose ${remaining} or fewer.`;
    return refuse("SOLD_OUT", message, remaining === 0 ? null : "quantity", remaining);
  }

  const membership = input.viewerUserId
    ? await getMembership(db, input.viewerUserId, event.communityId)
    : null;
  const unit = unitPrice(ticket, hasBenefit(membership, "member_prices"));

  let applied: PromoCodeRow | null = null;
  let discount: Discount | null = null;
  const typed = input.promoCode?.trim() ?? "";
  if (typed !== "") {
    const [row] = await db
      .select()
      .from(promoCode)
      .where(
        and(eq(promoCode.communityId, event.communityId), sql`lower(${promoCode.code}) = lower(${typed})`),
      )
      .limit(1);
    if (!row) return unknownCode();
    const refusal = promoRefusal(row, event.id, now);
    if (refusal) return refusal;
    if (
      (row.ticketTypeId !== null && row.ticketTypeId !== ticket.id) ||
      (row.amountOffMinor !== null && row.currency !== ticket.currency)
    )
      return refuse(
        "PROMO_CODE_NOT_FOR_TICKET",
        "This code is for other tickets of this event.",
        "promoCode",
      );
    applied = row;
    discount =
      row.percentOff !== null ? { percentOff: row.percentOff } : { amountOffMinor: row.amountOffMinor ?? 0 };
  }

  const amounts = priceLine(unit, input.quantity, discount);
  // One payment can be at most what one ticket may cost (Stripe's ceiling for a charge).
  if (amounts.subtotalMinor > PRICE_MAX_MINOR)
    return refuse(
      "OVER_ORDER_LIMIT",
      "This order is more than one payment can be: choose fewer tickets.",
      "quantity",
    );
  return {
    ok: true,
    quote: {
      eventId: event.id,
      communityId: event.communityId,
      currency: ticket.currency,
      lines: [
        {
          ticketTypeId: ticket.id,
          name: ticket.name,
          quantity: input.quantity,
          listUnitPriceMinor: ticket.priceMinor,
          memberPrice: unit !== ticket.priceMinor,
          ...amounts,
        },
      ],
      subtotalMinor: amounts.subtotalMinor,
      discountMinor: amounts.discountMinor,
      totalMinor: amounts.totalMinor,
      promoCode: applied ? { id: applied.id, code: applied.code } : null,
    },
  };
}

/**
 * The quote for the event page, signed in or not: the event must be one the viewer may see; a
 * refusal is an error with its code, placed on the quantity or the promo code when one of those is
 * what to change.
 */
export async function ticketQuote(
  ctx: EventsCtx & { clock: () => Date },
  input: Omit<QuoteInput, "viewerUserId">,
): Promise<Quote> {
  await getEvent(ctx, input.eventId);
  const result = await quoteOrder(ctx.db, { ...input, viewerUserId: ctx.viewer?.id ?? null }, ctx.clock());
  if (result.ok) return result.quote;
  const { code, message, field } = result.refusal;
  throw new DomainError(code, message, field ? [{ field, code, message }] : []);
}
