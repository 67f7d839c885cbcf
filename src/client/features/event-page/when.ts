import { formatEventRange, formatter, plain } from "#shared/event-time-format.ts";

/** One locale on the server and in the browser, so the page the server renders is the one hydrated. */
const LOCALE = "en-US";

export type When = { date: string; time: string | null };

/** "Saturday, March 28, 2026" over "7:00 – 9:30 PM CET"; an event over several days gets one line. */
export function describeWhen(startsAt: string, endsAt: string, timeZone: string): When {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const day = formatter(LOCALE, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
  if (day.format(start) !== day.format(end))
    return { date: formatEventRange(start, end, timeZone, LOCALE), time: null };
  const time = formatter(LOCALE, {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
  return { date: day.format(start), time: plain(time.formatRange(start, end)) };
}

export function dateTileParts(startsAt: string, timeZone: string): { month: string; day: string } {
  const at = new Date(startsAt);
  return {
    month: formatter(LOCALE, { timeZone, month: "short" }).format(at),
    day: formatter(LOCALE, { timeZone, day: "numeric" }).format(at),
  };
}
