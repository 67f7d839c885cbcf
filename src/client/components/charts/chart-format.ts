import { viewerLocale } from "#client/lib/money.ts";

/** Calendar buckets, named by their first day: a day, a week (Monday) or a month. */
export type CalendarGranularity = "day" | "week" | "month";
/** How long one bucket of a series is; minutes and hours are instants (a check-in curve on the day). */
export type Granularity = "minute" | "hour" | CalendarGranularity;

// Buckets are calendar days without a time zone: they are read and written as UTC midnight so no
// viewer's own offset moves them to the day before.
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as milliseconds at UTC midnight; NaN when it is not a day. */
export function dayToTime(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A bucket's time in milliseconds: a day (`YYYY-MM-DD`) at UTC midnight, or an ISO instant as it is. */
export function bucketToTime(bucket: string): number {
  return DAY.test(bucket) ? dayToTime(bucket) : Date.parse(bucket);
}

const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

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

function dateFormat(
  options: Intl.DateTimeFormatOptions,
  locale = viewerLocale(),
  timeZone = "UTC",
): Intl.DateTimeFormat {
  const key = `d:${locale}:${timeZone}:${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
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

/**
 * A bucket's name in a tooltip or table: "3 Mar 2026", "Week of 3 Mar 2026", "March 2026", or for
 * minutes and hours the time of day in `timeZone` (the viewer's when none is given): "18:15".
 */
export function formatBucket(
  bucket: string,
  granularity: Granularity,
  locale?: string,
  timeZone?: string,
): string {
  const time = bucketToTime(bucket);
  if (Number.isNaN(time)) return bucket;
  if (granularity === "minute" || granularity === "hour") {
    return dateFormat({ hour: "numeric", minute: "2-digit" }, locale, timeZone ?? viewerTimeZone()).format(
      time,
    );
  }
  if (granularity === "month") return dateFormat({ month: "long", year: "numeric" }, locale).format(time);
  const day = dateFormat({ day: "numeric", month: "short", year: "numeric" }, locale).format(time);
  return granularity === "week" ? `Week of ${day}` : day;
}

/** A short date for an axis tick: "3 Mar" within a year, "Mar 2026" across years or by month, "18:15" within a day. */
export function formatTick(
  time: number,
  granularity: Granularity,
  spanDays: number,
  locale?: string,
  timeZone?: string,
): string {
  if (granularity === "minute" || granularity === "hour") {
    return dateFormat({ hour: "numeric", minute: "2-digit" }, locale, timeZone ?? viewerTimeZone()).format(
      time,
    );
  }
  if (granularity === "month" || spanDays > 366) {
    return dateFormat({ month: "short", year: "numeric" }, locale).format(time);
  }
  return dateFormat({ day: "numeric", month: "short" }, locale).format(time);
}

/** A calendar day (`YYYY-MM-DD`) as the viewer writes dates: "3 Mar 2026". */
export const formatDay = (day: string, locale?: string): string => formatBucket(day, "day", locale);
