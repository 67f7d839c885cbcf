import { viewerLocale } from "#client/lib/money.ts";

/** How long one bucket of a series is: the first day of a day, a week (Monday) or a month. */
export type Granularity = "day" | "week" | "month";

// Buckets are calendar days without a time zone: they are read and written as UTC midnight so no
// viewer's own offset moves them to the day before.
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as milliseconds at UTC midnight; NaN when it is not a day. */
export function dayToTime(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function timeToDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions, locale = viewerLocale()): Intl.NumberFormat {
  const key = `n:${locale}:${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format as Intl.NumberFormat;
}

function dateFormat(options: Intl.DateTimeFormatOptions, locale = viewerLocale()): Intl.DateTimeFormat {
  const key = `d:${locale}:${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formatters.set(key, format);
  }
  return format as Intl.DateTimeFormat;
}

/** "1,234" in the viewer's way of writing numbers. */
export const formatCount = (value: number, locale?: string): string =>
  numberFormat({ maximumFractionDigits: 0 }, locale).format(value);

/** "1.2K": for axis ticks, where space is short. */
export const formatCompact = (value: number, locale?: string): string =>
  numberFormat({ notation: "compact", maximumFractionDigits: 1 }, locale).format(value);

/** A share between 0 and 1 as "42%" (or "42,5 %"); an en dash when there is none. */
export const formatShare = (value: number | null, locale?: string, digits = 0): string =>
  value === null
    ? "–"
    : numberFormat({ style: "percent", maximumFractionDigits: digits }, locale).format(value);

/** A bucket's name in a tooltip or table: "3 Mar 2026", "Week of 3 Mar 2026", "March 2026". */
export function formatBucket(bucket: string, granularity: Granularity, locale?: string): string {
  const time = dayToTime(bucket);
  if (Number.isNaN(time)) return bucket;
  if (granularity === "month") return dateFormat({ month: "long", year: "numeric" }, locale).format(time);
  const day = dateFormat({ day: "numeric", month: "short", year: "numeric" }, locale).format(time);
  return granularity === "week" ? `Week of ${day}` : day;
}

/** A short date for an axis tick: "3 Mar" within a year, "Mar 2026" across years or by month. */
export function formatTick(
  time: number,
  granularity: Granularity,
  spanDays: number,
  locale?: string,
): string {
  if (granularity === "month" || spanDays > 366) {
    return dateFormat({ month: "short", year: "numeric" }, locale).format(time);
  }
  return dateFormat({ day: "numeric", month: "short" }, locale).format(time);
}

/** A calendar day (`YYYY-MM-DD`) as the viewer writes dates: "3 Mar 2026". */
export const formatDay = (day: string, locale?: string): string => formatBucket(day, "day", locale);
