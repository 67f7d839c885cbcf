import { fromWallTime, parseWallTime } from "#shared/time.ts";

type Wall = { date: string; time: string };

/** Minutes since the epoch of a wall time read as if it were UTC: only differences are used. */
function wallMinutes({ date, time }: Wall): number | null {
  const parts = parseWallTime(`${date}T${time}`);
  if (!parts) return null;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) / 60_000;
}

function fromMinutes(minutes: number): Wall {
  const iso = new Date(minutes * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * Where the end goes when the start moves from `before` to `after`: as far as the start moved, so
 * the event keeps its length on the clock. Null when there is no length to keep.
 */
export function shiftedEnd(before: Wall, after: Wall, end: Wall): Wall | null {
  const from = wallMinutes(before);
  const to = wallMinutes(after);
  const until = wallMinutes(end);
  if (from === null || to === null || until === null || until <= from || to === from) return null;
  return fromMinutes(to + (until - from));
}

/** True when a valid start in `timeZone` lies before `now`. */
export function startHasPassed(start: Wall, timeZone: string, now = new Date()): boolean {
  const result = fromWallTime(`${start.date}T${start.time}`, timeZone);
  return result.ok && result.instant.getTime() < now.getTime();
}
