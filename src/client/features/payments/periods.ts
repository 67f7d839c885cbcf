import { fromWallTime, toWallTime } from "#shared/time.ts";
import type { Period } from "./search-params.ts";

/** An instant range [from, to), as the server's DateTime strings. */
export type Range = { from: string; to: string };

export const PERIOD_LABEL: Record<Period, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  thisMonth: "This month",
  lastMonth: "Last month",
  thisYear: "This year",
  lastYear: "Last year",
};

export const DEFAULT_PERIOD: Period = "30d";

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The instant a calendar day begins in the zone: its midnight, or the first minute the clocks show
 * that day where midnight is skipped (a change to summer time at 00:00).
 */
export function dayStart(day: string, timeZone: string): Date {
  for (const time of ["00:00", "00:30", "01:00"]) {
    const result = fromWallTime(`${day}T${time}`, timeZone);
    if (result.ok) return result.instant;
  }
  throw new RangeError(`no start for ${day} in ${timeZone}`);
}

/** Today in the zone, as YYYY-MM-DD. */
export const todayIn = (now: Date, timeZone: string) => toWallTime(now, timeZone).slice(0, 10);

/** The calendar days [first, last] as instants [start of first, start of the day after last). */
export const daysRange = (first: string, last: string, timeZone: string): Range => ({
  from: dayStart(first, timeZone).toISOString(),
  to: dayStart(addDays(last, 1), timeZone).toISOString(),
});

/** The period's days in the community's zone: the last N days end today; months and years are whole. */
export function periodRange(period: Period, now: Date, timeZone: string): Range {
  const today = todayIn(now, timeZone);
  const [year, month] = today.split("-").map(Number) as [number, number];
  const monthStart = (y: number, m: number) => {
    const date = new Date(Date.UTC(y, m - 1, 1));
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-01`;
  };
  switch (period) {
    case "7d":
      return daysRange(addDays(today, -6), today, timeZone);
    case "30d":
      return daysRange(addDays(today, -29), today, timeZone);
    case "90d":
      return daysRange(addDays(today, -89), today, timeZone);
    case "thisMonth":
      return daysRange(monthStart(year, month), addDays(monthStart(year, month + 1), -1), timeZone);
    case "lastMonth":
      return daysRange(monthStart(year, month - 1), addDays(monthStart(year, month), -1), timeZone);
    case "thisYear":
      return daysRange(`${year}-01-01`, `${year}-12-31`, timeZone);
    case "lastYear":
      return daysRange(`${year - 1}-01-01`, `${year - 1}-12-31`, timeZone);
  }
}
