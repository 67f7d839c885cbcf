/** One event as an iCalendar (RFC 5545) document: the `.ics` download and the mail attachment. */
export type IcsEvent = {
  uid: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  url: string;
  status: "CONFIRMED" | "CANCELLED";
  /** Bumped when the event changes, so calendars replace their copy. */
  sequence?: number;
  organizerName?: string;
  /** DTSTAMP; defaults to now. */
  stampedAt?: Date;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** UTC date-time form: YYYYMMDDTHHMMSSZ. */
export function icsUtc(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 3.1). */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  // The first line holds 75 octets; each continuation starts with a space, leaving 74.
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** One VEVENT's lines, unfolded. */
function veventLines(event: IcsEvent, stampedAt: Date): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.stampedAt ?? stampedAt)}`,
    `DTSTART:${icsUtc(event.startsAt)}`,
    `DTEND:${icsUtc(event.endsAt)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    `URL:${event.url}`,
    `STATUS:${event.status}`,
    ...(event.organizerName
      ? [`ORGANIZER;CN="${event.organizerName.replace(/["\r\n]/g, "")}":invalid:nomail`]
      : []),
    "END:VEVENT",
  ];
}

const HEADER = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Commons//Events//EN",
  "CALSCALE:GREGORIAN",
  "METHOD:PUBLISH",
];

const calendarDocument = (lines: string[]) => `${lines.map(foldIcsLine).join("\r\n")}\r\n`;

export function buildIcs(event: IcsEvent): string {
  return calendarDocument([...HEADER, ...veventLines(event, new Date()), "END:VCALENDAR"]);
}

export type IcsFeed = {
  /** The calendar's name as calendar apps list it (X-WR-CALNAME). */
  name: string;
  description?: string;
  /** How often a subscribed calendar should look again (REFRESH-INTERVAL, RFC 7986). */
  refreshMinutes?: number;
  events: IcsEvent[];
  /** DTSTAMP of every event without its own; defaults to now. */
  stampedAt?: Date;
};

/** A subscribable calendar: one VCALENDAR with a VEVENT per event (none is a valid, empty feed). */
export function buildIcsFeed(feed: IcsFeed): string {
  const stampedAt = feed.stampedAt ?? new Date();
  const refresh = feed.refreshMinutes ?? 60;
  return calendarDocument([
    ...HEADER,
    `NAME:${escapeIcsText(feed.name)}`,
    `X-WR-CALNAME:${escapeIcsText(feed.name)}`,
    ...(feed.description
      ? [`DESCRIPTION:${escapeIcsText(feed.description)}`, `X-WR-CALDESC:${escapeIcsText(feed.description)}`]
      : []),
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refresh}M`,
    `X-PUBLISHED-TTL:PT${refresh}M`,
    ...feed.events.flatMap((event) => veventLines(event, stampedAt)),
    "END:VCALENDAR",
  ]);
}

/** The calendar-level properties of a document (before its first VEVENT), for tests and tools. */
export function parseIcsCalendar(text: string): Record<string, string> {
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r\n/);
  const found: Record<string, string> = {};
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") break;
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    found[(line.slice(0, colon).split(";")[0] ?? "").toUpperCase()] = unescapeIcsText(line.slice(colon + 1));
  }
  return found;
}

export type ParsedIcsEvent = Record<string, string>;

const unescapeIcsText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === "n" || c === "N" ? "\n" : c));

/** Reads VEVENT properties back (name -> unescaped value, parameters dropped); for tests and tools. */
export function parseIcs(text: string): ParsedIcsEvent[] {
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r\n/);
  const events: ParsedIcsEvent[] = [];
  let current: ParsedIcsEvent | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      if (colon < 0) continue;
      const name = (line.slice(0, colon).split(";")[0] ?? "").toUpperCase();
      current[name] = unescapeIcsText(line.slice(colon + 1));
    }
  }
  return events;
}

/** "20240331T010000Z" -> Date. */
export function parseIcsUtc(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}
