/** "20260328T180000Z": the UTC form Google Calendar's `dates=` expects, whatever the event's zone. */
export function calendarStamp(instant: string | Date): string {
  return new Date(instant)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

const MAX_DETAILS = 1500;

export type CalendarEvent = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venueName?: string | null;
  venueAddress?: string | null;
  pageUrl: string;
};

export function eventLocation(event: Pick<CalendarEvent, "venueName" | "venueAddress">): string {
  return [event.venueName, event.venueAddress].filter((part) => part?.trim()).join(", ");
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const description = event.description.trim();
  // Google rejects very long URLs; the event page keeps the full description.
  const details = [
    description.length > MAX_DETAILS ? `${description.slice(0, MAX_DETAILS)}…` : description,
    event.pageUrl,
  ]
    .filter(Boolean)
    .join("\n\n");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${calendarStamp(event.startsAt)}/${calendarStamp(event.endsAt)}`,
    details,
    location: eventLocation(event) || event.pageUrl,
    ctz: event.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function icsUrl(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
}

export function mapUrl(query: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** Only http(s) links become clickable: the URL comes from an organizer. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Outlook on the web's "new event" form, filled in; its times are UTC instants. */
export function outlookCalendarUrl(event: CalendarEvent): string {
  const description = event.description.trim();
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: new Date(event.startsAt).toISOString(),
    enddt: new Date(event.endsAt).toISOString(),
    body: [
      description.length > MAX_DETAILS ? `${description.slice(0, MAX_DETAILS)}…` : description,
      event.pageUrl,
    ]
      .filter(Boolean)
      .join("\n\n"),
    location: eventLocation(event) || event.pageUrl,
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params.toString()}`;
}

export function googleMapsUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
