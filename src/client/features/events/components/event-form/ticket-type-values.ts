import { z } from "zod";
import type { EventDetailQuery, TicketTypeInput } from "#client/gql/graphql.ts";
import { amountForInput, parsePrice } from "#client/lib/money.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import { ORDER_LIMIT } from "#shared/pricing.ts";
import { toWallTime } from "#shared/time.ts";

const WHOLE = /^\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

export const optionalCount = z
  .string()
  .trim()
  .refine((value) => value === "" || (WHOLE.test(value) && Number(value) >= 1), {
    message: "Enter a whole number of 1 or more, or leave it empty.",
  });

/** Prices are checked against the currency with the whole form (see `checkTicketPrices`). */
export const ticketTypeSchema = z.object({
  id: z.string().optional(),
  name: z
    .string()
    .trim()
    .min(1, "Give the ticket type a name.")
    .max(TEXT_LIMITS.ticketTypeName, tooLongMessage("ticketTypeName"))
    .refine((value) => !hasUnsafeNameCharacters(value), INVALID_CHARACTERS_MESSAGE),
  quantity: optionalCount,
  price: z.string().trim(),
  memberPrice: z.string().trim(),
  maxPerOrder: z
    .string()
    .trim()
    .refine(
      (value) => WHOLE.test(value) && Number(value) >= ORDER_LIMIT.min && Number(value) <= ORDER_LIMIT.max,
      { message: `Allow ${ORDER_LIMIT.min} to ${ORDER_LIMIT.max} tickets per order.` },
    ),
  salesStartDate: z.string(),
  salesStartTime: z.string(),
  salesEndDate: z.string(),
  salesEndTime: z.string(),
});

export type TicketTypeValues = z.input<typeof ticketTypeSchema>;

export const newTicketType = (name = ""): TicketTypeValues => ({
  name,
  quantity: "",
  price: "",
  memberPrice: "",
  maxPerOrder: String(ORDER_LIMIT.default),
  salesStartDate: "",
  salesStartTime: "",
  salesEndDate: "",
  salesEndTime: "",
});

type Issue = { path: (string | number)[]; message: string };

/** A sales bound: both parts or neither; null when it is left open. */
function salesBound(
  date: string,
  time: string,
  prefix: "salesStart" | "salesEnd",
  issues: Issue[],
  index: number,
) {
  if (date === "" && time === "") return null;
  if (!DATE.test(date)) {
    issues.push({
      path: ["ticketTypes", index, `${prefix}Date`],
      message: "Pick a date, or clear the time.",
    });
    return null;
  }
  if (!TIME.test(time)) {
    issues.push({
      path: ["ticketTypes", index, `${prefix}Time`],
      message: "Pick a time, or clear the date.",
    });
    return null;
  }
  return `${date}T${time}`;
}

/**
 * What the schema cannot see alone: prices read in the community's currency (nothing rounded),
 * the member price at most the price, and sales that end after they start.
 */
export function checkTicketPrices(tickets: readonly TicketTypeValues[], currency: string): Issue[] {
  const issues: Issue[] = [];
  tickets.forEach((ticket, index) => {
    let price = 0;
    if (ticket.price.trim() !== "") {
      const parsed = parsePrice(ticket.price, currency);
      if (parsed.ok) price = parsed.amount;
      else issues.push({ path: ["ticketTypes", index, "price"], message: parsed.message });
    }
    if (ticket.memberPrice.trim() !== "") {
      const parsed = parsePrice(ticket.memberPrice, currency);
      if (!parsed.ok) issues.push({ path: ["ticketTypes", index, "memberPrice"], message: parsed.message });
      else if (parsed.amount > price)
        issues.push({
          path: ["ticketTypes", index, "memberPrice"],
          message: "The member price can't be more than the price. Lower it, or leave it empty.",
        });
    }
    const start = salesBound(ticket.salesStartDate, ticket.salesStartTime, "salesStart", issues, index);
    const end = salesBound(ticket.salesEndDate, ticket.salesEndTime, "salesEnd", issues, index);
    // Both are wall times in the event's zone, so text order is time order.
    if (start && end && end <= start)
      issues.push({
        path: ["ticketTypes", index, "salesEndTime"],
        message: "Sales must end after they start.",
      });
  });
  return issues;
}

type SavedTicket = EventDetailQuery["event"]["ticketTypes"][number];

/** A saved ticket type as the form shows it: amounts in the currency, sales times in the event's zone. */
export function ticketToValues(ticket: SavedTicket, currency: string, timeZone: string): TicketTypeValues {
  const wall = (at: string | null | undefined) => (at ? toWallTime(new Date(at), timeZone) : "");
  const start = wall(ticket.salesStartAt);
  const end = wall(ticket.salesEndAt);
  return {
    id: ticket.id,
    name: ticket.name,
    quantity: ticket.quantity == null ? "" : String(ticket.quantity),
    price: ticket.priceMinor === 0 ? "" : amountForInput(ticket.priceMinor, currency),
    memberPrice: ticket.memberPriceMinor == null ? "" : amountForInput(ticket.memberPriceMinor, currency),
    maxPerOrder: String(ticket.maxPerOrder),
    salesStartDate: start.slice(0, 10),
    salesStartTime: start.slice(11),
    salesEndDate: end.slice(0, 10),
    salesEndTime: end.slice(11),
  };
}

const amount = (text: string, currency: string): number | null => {
  if (text.trim() === "") return null;
  const parsed = parsePrice(text, currency);
  return parsed.ok ? parsed.amount : null;
};

export function ticketToInput(ticket: TicketTypeValues, currency: string): TicketTypeInput {
  const bound = (date: string, time: string) => (date && time ? `${date}T${time}` : null);
  return {
    ...(ticket.id ? { id: ticket.id } : {}),
    name: ticket.name,
    quantity: ticket.quantity === "" ? null : Number(ticket.quantity),
    priceMinor: amount(ticket.price, currency) ?? 0,
    memberPriceMinor: amount(ticket.memberPrice, currency),
    maxPerOrder: Number(ticket.maxPerOrder),
    salesStartLocal: bound(ticket.salesStartDate, ticket.salesStartTime),
    salesEndLocal: bound(ticket.salesEndDate, ticket.salesEndTime),
  };
}
