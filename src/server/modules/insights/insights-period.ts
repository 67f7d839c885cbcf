import { TZDate } from "@date-fns/tz";
import { type FieldError, invalidInput } from "#server/errors.ts";
import {
  type Granularity,
  PERIOD_PRESETS,
  type PeriodPreset,
  type ResolvedPeriod,
} from "./insights.types.ts";

// Periods are the community's local days (docs/decisions/029-insights.md): calendar arithmetic on
// `YYYY-MM-DD` strings, which no time zone affects, and a time zone only where a day meets an
// instant (today, and each day's UTC bounds, which move with daylight saving time).

/** The longest custom period: ten years and a few leap days. */
export const MAX_PERIOD_DAYS = 3660;

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a period is asked as, before it is checked: GraphQL's input or the CSV route's query. */
export type PeriodRequest = { preset?: string | null; from?: string | null; to?: string | null };

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const fromUtc = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return !Number.isNaN(at) && fromUtc(new Date(at)) === value;
}

export const addDays = (day: string, days: number): string => fromUtc(new Date(utcOf(day) + days * DAY_MS));

/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string): number =>
  Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1;

/** The same day `months` later, on the month's last day when it has no such day (31 March - 1 month = 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return fromUtc(first);
}

/** The community's date at an instant. */
export function dayAt(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The instant a local day begins: its midnight, or the first moment after it where the clocks
 * jump over midnight (America/Santiago in September).
 */
export function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

/** A local day as UTC instants, `end` excluded: 23 or 25 hours long on the days clocks change. */
export const dayBounds = (day: string, timeZone: string): { start: Date; end: Date } => ({
  start: dayStart(day, timeZone),
  end: dayStart(addDays(day, 1), timeZone),
});

/** The instants from the start of `from` to the end of `to`, in the community's time zone. */
export const rangeBounds = (from: string, to: string, timeZone: string): { start: Date; end: Date } => ({
  start: dayStart(from, timeZone),
  end: dayStart(addDays(to, 1), timeZone),
});

export function granularityOf(days: number): Granularity {
  if (days <= 31) return "day";
  if (days <= 186) return "week";
  return "month";
}

/** The first day of the bucket a day falls in: itself, its week's Monday, or its month's first day. */
export function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === "day") return day;
  if (granularity === "month") return `${day.slice(0, 8)}01`;
  const weekday = new Date(utcOf(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Every bucket of a period in order, each named by its first day (the first may begin before `from`). */
export function bucketsOf(period: Pick<ResolvedPeriod, "from" | "to" | "granularity">): string[] {
  const out: string[] = [];
  for (let bucket = bucketOf(period.from, period.granularity); bucket <= period.to; ) {
    out.push(bucket);
    bucket =
      period.granularity === "month"
        ? addMonths(bucket, 1)
        : addDays(bucket, period.granularity === "week" ? 7 : 1);
  }
  return out;
}

/** What the period needs to know of its community and the time. */
export type PeriodContext = { timeZone: string; now: Date; createdAt: Date };

const presetFrom = (preset: PeriodPreset, today: string, createdOn: string): string => {
  switch (preset) {
    case "last_7_days":
      return addDays(today, -6);
    case "last_30_days":
      return addDays(today, -29);
    case "last_90_days":
      return addDays(today, -89);
    case "last_12_months":
      return addDays(addMonths(today, -12), 1);
    case "all_time":
      return createdOn < today ? createdOn : today;
  }
};

const isPreset = (value: string): value is PeriodPreset =>
  (PERIOD_PRESETS as readonly string[]).includes(value);

/**
 * Checks a period and resolves it in the community's time zone: presets end on the community's
 * today; the previous period has as many days and ends the day before `from` (none for all time).
 * A wrong period is BAD_USER_INPUT with a message at `period.preset`, `period.from` or `period.to`.
 */
export function resolvePeriod(request: PeriodRequest, context: PeriodContext): ResolvedPeriod {
  const today = dayAt(context.now, context.timeZone);
  const preset = request.preset ?? null;
  const from = request.from ?? null;
  const to = request.to ?? null;
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string) =>
    errors.push({ field: `period.${field}`, code: "INVALID", message });

  let resolved: { from: string; to: string; preset: PeriodPreset | null } | null = null;
  if (preset !== null) {
    if (from !== null || to !== null) refuse("preset", "Choose a preset or a range of dates, not both.");
    else if (!isPreset(preset)) refuse("preset", `Choose one of ${PERIOD_PRESETS.join(", ")}.`);
    else
      resolved = {
        from: presetFrom(preset, today, dayAt(context.createdAt, context.timeZone)),
        to: today,
        preset,
      };
  } else if (from === null && to === null) {
    refuse("preset", "Choose a preset or a range of dates.");
  } else {
    if (from === null || !isDay(from)) refuse("from", "Give the first day as YYYY-MM-DD.");
    if (to === null || !isDay(to)) refuse("to", "Give the last day as YYYY-MM-DD.");
    if (errors.length === 0 && from !== null && to !== null) {
      if (from > to) refuse("to", "The last day comes on or after the first day.");
      else if (daysIn(from, to) > MAX_PERIOD_DAYS)
        refuse("to", `A period has at most ${MAX_PERIOD_DAYS} days.`);
      else resolved = { from, to, preset: null };
    }
  }
  if (!resolved) throw invalidInput(errors);

  const days = daysIn(resolved.from, resolved.to);
  const hasPrevious = resolved.preset !== "all_time";
  return {
    from: resolved.from,
    to: resolved.to,
    previousFrom: hasPrevious ? addDays(resolved.from, -days) : null,
    previousTo: hasPrevious ? addDays(resolved.from, -1) : null,
    granularity: granularityOf(days),
    timeZone: context.timeZone,
    preset: resolved.preset,
  };
}
