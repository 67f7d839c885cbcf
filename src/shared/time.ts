/** Wall-clock time in an IANA zone, as typed in a form: "YYYY-MM-DDTHH:mm". */
export type WallTime = string;

const WALL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(value: string): boolean {
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsIn(instant: Date, timeZone: string): Parts {
  const out: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") out[part.type] = Number(part.value);
  }
  return out as Parts;
}

/** Minutes the zone is ahead of UTC at that instant. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The wall time an instant shows in a zone, as "YYYY-MM-DDTHH:mm". */
export function toWallTime(instant: Date, timeZone: string): WallTime {
  const p = partsIn(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

export type WallTimeParts = { year: number; month: number; day: number; hour: number; minute: number };

/** The numbers of a "YYYY-MM-DDTHH:mm" wall time (month 1 to 12), unchecked; null when it has another shape. */
export function parseWallTime(wall: WallTime): WallTimeParts | null {
  const match = WALL_PATTERN.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { year, month, day, hour, minute };
}

export type WallTimeResult = { ok: true; instant: Date } | { ok: false; reason: "INVALID" | "NONEXISTENT" };

/**
 * The instant a wall time names in a zone. A time skipped when clocks go forward is refused
 * (NONEXISTENT); a time that happens twice when clocks go back means the first of the two.
 */
export function fromWallTime(wall: WallTime, timeZone: string): WallTimeResult {
  const parts = parseWallTime(wall);
  if (!parts || !isTimeZone(timeZone)) return { ok: false, reason: "INVALID" };
  const { year, month, day, hour, minute } = parts;
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(naive);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return { ok: false, reason: "INVALID" };
  }
  // Try the offsets in force a day either side; the earliest instant that shows this wall time wins.
  const offsets = new Set([
    zoneOffsetMinutes(new Date(naive - 86_400_000), timeZone),
    zoneOffsetMinutes(new Date(naive), timeZone),
    zoneOffsetMinutes(new Date(naive + 86_400_000), timeZone),
  ]);
  const candidates = [...offsets]
    .map((offset) => new Date(naive - offset * 60_000))
    .filter((instant) => toWallTime(instant, timeZone) === wall)
    .sort((a, b) => a.getTime() - b.getTime());
  const first = candidates[0];
  return first ? { ok: true, instant: first } : { ok: false, reason: "NONEXISTENT" };
}
