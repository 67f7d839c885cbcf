import { formatEventRange, plain } from "#shared/event-time-format.ts";

export type When = { date: string; time: string | null };

/** "Saturday, March 28, 2026" over "7:00 – 9:30 PM CET"; an event over several days gets one line. */
export function describeWhen(startsAt: string, endsAt: string, timeZone: string): When {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const day = new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
  if (day.format(start) !== day.format(end))
    return { date: formatEventRange(start, end, timeZone), time: null };
  const time = new Intl.DateTimeFormat(undefined, {
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
    month: new Intl.DateTimeFormat(undefined, { timeZone, month: "short" }).format(at),
    day: new Intl.DateTimeFormat(undefined, { timeZone, day: "numeric" }).format(at),
  };
}
