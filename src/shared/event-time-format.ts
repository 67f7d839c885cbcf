// One way to write event times, for the browser and for mail alike: "Tue, Mar 3, 2026, 7:00 PM GMT+1".
// Mail has no reader locale, so the server passes "en-US"; the browser passes nothing and gets the
// reader's own. The zone's short name is whatever Intl knows ("EST", or "GMT+1" where English has no
// common abbreviation).

type Instant = string | Date;

/**
 * Node's ICU writes thin and narrow no-break spaces ("7:00\u2009–\u20099:30\u202fPM") where
 * Chromium's writes plain ones: the same page rendered on the server and in the browser must read
 * the same (decision 034), so every time written here uses plain spaces.
 */
export const plain = (text: string) => text.replace(/[\u2009\u202f]/g, " ");

const cache = new Map<string, Intl.DateTimeFormat>();
/**
 * A formatter for `locale` and `options`, made on first use and kept: making one costs far more
 * than formatting with it, and a page formats the same few zones again and again.
 */
export function formatter(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

const dayOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  timeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});

function day(at: Date, timeZone: string, locale?: string): string {
  return formatter(locale, dayOptions(timeZone)).format(at);
}

function time(at: Date, timeZone: string, locale?: string): string {
  return plain(formatter(locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(at));
}

/** The zone's short name at that instant: "EST" in winter, "EDT" in summer. */
export function zoneShortName(at: Instant, timeZone: string, locale?: string): string {
  return (
    formatter(locale, { timeZone, timeZoneName: "short" })
      .formatToParts(new Date(at))
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}

/** "Tue, Mar 3, 2026, 7:00 PM GMT+1" */
export function formatDateTime(at: Instant, timeZone: string, locale?: string): string {
  const instant = new Date(at);
  return plain(
    formatter(locale, {
      ...dayOptions(timeZone),
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(instant),
  );
}

/**
 * "Tue, Mar 3, 2026, 7:00 – 9:30 PM GMT+1" on one day; both ends in full over several days. Each end
 * carries its own zone name when a clock change falls in between.
 */
export function formatEventRange(
  startsAt: Instant,
  endsAt: Instant,
  timeZone: string,
  locale?: string,
): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  // A server writes the same few events' times into every page and mail about them: each range is
  // written once (a dozen formatter calls) and kept, at most `RANGES_KEPT` of them.
  const key = `${start.getTime()}|${end.getTime()}|${timeZone}|${locale ?? ""}`;
  const known = ranges.get(key);
  if (known !== undefined) return known;
  const written = writeRange(start, end, timeZone, locale);
  if (ranges.size >= RANGES_KEPT) ranges.clear();
  ranges.set(key, written);
  return written;
}

const RANGES_KEPT = 2_000;
const ranges = new Map<string, string>();

function writeRange(start: Date, end: Date, timeZone: string, locale?: string): string {
  const startZone = zoneShortName(start, timeZone, locale);
  const endZone = zoneShortName(end, timeZone, locale);
  if (day(start, timeZone, locale) !== day(end, timeZone, locale)) {
    return `${formatDateTime(start, timeZone, locale)} – ${formatDateTime(end, timeZone, locale)}`;
  }
  if (startZone !== endZone) {
    return `${day(start, timeZone, locale)}, ${time(start, timeZone, locale)} ${startZone} – ${time(end, timeZone, locale)} ${endZone}`;
  }
  const times = formatter(locale, { timeZone, hour: "numeric", minute: "2-digit" }).formatRange(start, end);
  return `${day(start, timeZone, locale)}, ${plain(times)} ${startZone}`;
}
