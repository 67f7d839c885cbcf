import type { PromoCodeFieldsFragment, PromoCodeInput } from "#client/gql/graphql.ts";
import { amountForInput, parsePrice } from "#client/lib/money.ts";
import { isPercentOff, PERCENT_OFF } from "#shared/pricing.ts";
import { fromWallTime, toWallTime } from "#shared/time.ts";

/** The dialog's fields, as typed. Times are wall times in `timeZone` (the event's or community's). */
export type PromoCodeValues = {
  /** The event it is for, "" for every event; only the edit dialog changes it. */
  eventId: string;
  code: string;
  kind: "percent" | "amount";
  percent: string;
  amount: string;
  ticketTypeId: string;
  maxUses: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
};

export type PromoField = "eventId" | "code" | "value" | "ticketTypeId" | "maxUses" | "starts" | "expires";
export type PromoErrors = Partial<Record<PromoField | "form", string>>;

export const emptyPromoCode = (): PromoCodeValues => ({
  eventId: "",
  code: "",
  kind: "percent",
  percent: "",
  amount: "",
  ticketTypeId: "",
  maxUses: "",
  startDate: "",
  startTime: "",
  endDate: "",
  endTime: "",
});

/** A saved code as the dialog shows it for editing: amounts and times as a person types them. */
export function promoCodeValues(code: PromoCodeFieldsFragment, timeZone: string): PromoCodeValues {
  const wall = (at: string | null | undefined) => {
    const [date = "", time = ""] = at ? toWallTime(new Date(at), timeZone).split("T") : [];
    return { date, time };
  };
  const starts = wall(code.startsAt);
  const ends = wall(code.expiresAt);
  return {
    eventId: code.eventId ?? "",
    code: code.code,
    kind: code.percentOff != null ? "percent" : "amount",
    percent: code.percentOff != null ? String(code.percentOff) : "",
    amount: code.amountOffMinor != null ? amountForInput(code.amountOffMinor, code.currency) : "",
    ticketTypeId: code.ticketTypeId ?? "",
    maxUses: code.maxUses != null ? String(code.maxUses) : "",
    startDate: starts.date,
    startTime: starts.time,
    endDate: ends.date,
    endTime: ends.time,
  };
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;
const WHOLE = /^\d+$/;

function instant(date: string, time: string, timeZone: string): { at: Date | null; error?: string } {
  if (date === "" && time === "") return { at: null };
  if (date === "" || time === "") return { at: null, error: "Pick both a date and a time, or clear them." };
  const result = fromWallTime(`${date}T${time}`, timeZone);
  if (!result.ok)
    return { at: null, error: "That time does not exist there: clocks skip it. Choose another." };
  return { at: result.instant };
}

/** The input to send, or what to say beside each field; nothing is sent while anything is wrong. */
export function checkPromoCode(
  values: PromoCodeValues,
  currency: string,
  timeZone: string,
): { input: PromoCodeInput; errors: PromoErrors } {
  const errors: PromoErrors = {};
  const code = values.code.trim();
  if (code === "") errors.code = "Give the code people will type.";
  else if (!CODE.test(code)) errors.code = "Use 3 to 40 letters, digits, dashes or underscores.";

  let percentOff: number | null = null;
  let amountOffMinor: number | null = null;
  if (values.kind === "percent") {
    const text = values.percent.trim();
    if (WHOLE.test(text) && isPercentOff(Number(text))) percentOff = Number(text);
    else errors.value = `Take ${PERCENT_OFF.min} to ${PERCENT_OFF.max} percent off.`;
  } else {
    const parsed = parsePrice(values.amount, currency);
    if (!parsed.ok)
      errors.value = values.amount.trim() === "" ? "Give the amount off each ticket." : parsed.message;
    else if (parsed.amount === 0) errors.value = "Take more than 0 off.";
    else amountOffMinor = parsed.amount;
  }

  const uses = values.maxUses.trim();
  if (uses !== "" && !(WHOLE.test(uses) && Number(uses) >= 1))
    errors.maxUses = "Allow at least one use, or leave it empty for no limit.";

  const start = instant(values.startDate, values.startTime, timeZone);
  if (start.error) errors.starts = start.error;
  const end = instant(values.endDate, values.endTime, timeZone);
  if (end.error) errors.expires = end.error;
  if (start.at && end.at && end.at <= start.at) errors.expires = "The code must expire after it starts.";

  return {
    input: {
      code,
      percentOff,
      amountOffMinor,
      ticketTypeId: values.ticketTypeId || null,
      maxUses: uses === "" ? null : Number(uses),
      startsAt: start.at?.toISOString() ?? null,
      expiresAt: end.at?.toISOString() ?? null,
    },
    errors,
  };
}

/** Which dialog field a server field error belongs to. */
export function promoFieldFor(field: string): PromoField | "form" {
  switch (field.replace(/^input\./, "")) {
    case "eventId":
      return "eventId";
    case "code":
      return "code";
    case "discount":
    case "percentOff":
    case "amountOffMinor":
      return "value";
    case "ticketTypeId":
      return "ticketTypeId";
    case "maxUses":
      return "maxUses";
    case "startsAt":
      return "starts";
    case "expiresAt":
      return "expires";
    default:
      return "form";
  }
}
