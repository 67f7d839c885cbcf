import type { FieldError } from "#server/errors.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import {
  type AmountProblem,
  amountProblem,
  isOrderLimit,
  ORDER_LIMIT,
  PRICE_MAX_MINOR,
} from "#shared/pricing.ts";
import { fromWallTime } from "#shared/time.ts";

export type TicketTypeInput = {
  id?: string | null;
  name: string;
  quantity?: number | null;
  /** Minor units of the community's currency; omitted: free. */
  priceMinor?: number | null;
  memberPriceMinor?: number | null;
  maxPerOrder?: number | null;
  /** Wall times in the event's zone, like the event's own start and end; omitted: no bound. */
  salesStartLocal?: string | null;
  salesEndLocal?: string | null;
};

export type ValidTicketType = {
  id: string | null;
  name: string;
  quantity: number | null;
  priceMinor: number;
  memberPriceMinor: number | null;
  maxPerOrder: number;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
};

const AMOUNT_ERRORS: Record<AmountProblem, { code: string; message: string }> = {
  NOT_WHOLE: { code: "INVALID_AMOUNT", message: "Give the amount in whole minor units of the currency." },
  NEGATIVE: { code: "NEGATIVE_PRICE", message: "A price can't be negative. Use 0 for a free ticket." },
  TOO_LARGE: {
    code: "PRICE_TOO_LARGE",
    message: `A ticket can cost at most ${PRICE_MAX_MINOR.toLocaleString("en-US")} minor units of the currency.`,
  },
};

type Err = (field: string, code: string, message: string) => void;

function salesTime(err: Err, field: string, wall: string | null | undefined, timeZone: string | null) {
  const text = wall?.trim() ?? "";
  if (text === "" || timeZone === null) return null;
  const result = fromWallTime(text, timeZone);
  if (result.ok) return result.instant;
  if (result.reason === "NONEXISTENT") {
    err(field, "NONEXISTENT_TIME", "That time does not exist there: clocks skip it. Choose another.");
  } else {
    err(field, "INVALID_TIME", "Use a date and time like 2025-06-01T18:30.");
  }
  return null;
}

/**
 * One ticket type's fields, each problem reported under `ticketTypes.{index}.{field}`. Sales
 * times are read in the event's zone (`timeZone`; null when the zone itself is wrong).
 */
export function validateTicketType(
  tt: TicketTypeInput,
  index: number,
  timeZone: string | null,
  errors: FieldError[],
): ValidTicketType {
  const at = (field: string) => `ticketTypes.${index}.${field}`;
  const err: Err = (field, code, message) => errors.push({ field: at(field), code, message });

  const name = tt.name.trim();
  if (!name) err("name", "REQUIRED", "Name the ticket type.");
  if (name.length > TEXT_LIMITS.ticketTypeName) err("name", "TOO_LONG", tooLongMessage("ticketTypeName"));
  const nameProblem = nameCharactersProblem(name);
  if (nameProblem) err("name", nameProblem.code, nameProblem.message);
  const quantity = tt.quantity ?? null;
  if (quantity !== null && (!Number.isInteger(quantity) || quantity < 1))
    err("quantity", "INVALID_CAPACITY", "Allow at least one, or leave it empty.");

  const priceMinor = tt.priceMinor ?? 0;
  const priceProblem = amountProblem(priceMinor);
  if (priceProblem) err("priceMinor", AMOUNT_ERRORS[priceProblem].code, AMOUNT_ERRORS[priceProblem].message);
  const memberPriceMinor = tt.memberPriceMinor ?? null;
  if (memberPriceMinor !== null) {
    const problem = amountProblem(memberPriceMinor);
    if (problem) err("memberPriceMinor", AMOUNT_ERRORS[problem].code, AMOUNT_ERRORS[problem].message);
    else if (!priceProblem && memberPriceMinor > priceMinor)
      err(
        "memberPriceMinor",
        "MEMBER_PRICE_ABOVE_PRICE",
        "The member price can't be more than the price. Lower it, or leave it empty.",
      );
  }

  const maxPerOrder = tt.maxPerOrder ?? ORDER_LIMIT.default;
  if (!isOrderLimit(maxPerOrder))
    err(
      "maxPerOrder",
      "ORDER_LIMIT_OUT_OF_RANGE",
      `Allow ${ORDER_LIMIT.min} to ${ORDER_LIMIT.max} tickets per order.`,
    );

  const salesStartAt = salesTime(err, "salesStartLocal", tt.salesStartLocal, timeZone);
  const salesEndAt = salesTime(err, "salesEndLocal", tt.salesEndLocal, timeZone);
  if (salesStartAt && salesEndAt && salesEndAt <= salesStartAt)
    err("salesEndLocal", "SALES_END_BEFORE_START", "Sales must end after they start.");

  return {
    id: tt.id?.trim() || null,
    name,
    quantity,
    priceMinor,
    memberPriceMinor,
    maxPerOrder,
    salesStartAt,
    salesEndAt,
  };
}
