/** "Sat, Mar 28, 2026 · 7:00 – 9:30 PM CET", in the given zone and the reader's locale. */
export function formatEventRange(startsAt: string | Date, endsAt: string | Date, timeZone: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const day = new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
  const time = new Intl.DateTimeFormat(undefined, { timeZone, hour: "numeric", minute: "2-digit" });
  const zoneName = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: "short" })
    .formatToParts(start)
    .find((part) => part.type === "timeZoneName")?.value;
  const sameDay = day.format(start) === day.format(end);
  const range = sameDay
    ? `${day.format(start)} · ${time.format(start)} – ${time.format(end)}`
    : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
  return zoneName ? `${range} ${zoneName}` : range;
}

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** True when the viewer's clock shows a different time than the event's zone at that instant. */
export function differsFromViewer(instant: string | Date, timeZone: string): boolean {
  const at = new Date(instant);
  const show = (zone: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hour: "numeric",
      minute: "numeric",
      day: "numeric",
    }).format(at);
  return show(timeZone) !== show(viewerTimeZone());
}
