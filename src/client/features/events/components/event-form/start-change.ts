import { fromWallTime } from "../../../../../shared/time.ts";

type Wall = { date: string; time: string };

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Minutes since the epoch of a wall time read as if it were UTC: only differences are used. */
function wallMinutes({ date, time }: Wall): number | null {
  const match = WALL.exec(`${date}T${time}`);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute) / 60_000;
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
