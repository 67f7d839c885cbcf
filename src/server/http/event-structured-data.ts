// schema.org `Event` structured data for /e/{id}, so search engines show the date, place and price
// (https://developers.google.com/search/docs/appearance/structured-data/event).

import { toDecimalString } from "#shared/money.ts";
import { toWallTime, zoneOffsetMinutes } from "#shared/time.ts";

/** What the structured data is made of: an event as a signed-out visitor sees it. */
export type StructuredEvent = {
  title: string;
  /** Plain text, already cut to a preview's length. */
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  status: "draft" | "published" | "canceled";
  venueName: string | null;
  venueAddress: string | null;
  /** Whether it has an online link; the link itself is for registrants, never put here. */
  online: boolean;
  capacity: number | null;
  goingCount: number;
  heldCount: number;
  /** The community's currency, for a free event without ticket types. */
  currency: string;
  ticketTypes: {
    name: string;
    priceMinor: number;
    currency: string;
    quantity: number | null;
    goingCount: number;
    heldCount: number;
    salesStartAt: Date | null;
    salesEndAt: Date | null;
  }[];
};

const SCHEMA = "https://schema.org/";

/** "2030-03-10T19:00:00-04:00": the wall time in the event's zone with that zone's offset then. */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${toWallTime(instant, timeZone)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The schema.org `Event` of an event page (`url`, absolute) whose picture is `image` (absolute). */
export function eventStructuredData(
  event: StructuredEvent,
  page: { url: string; image: string; organizer: { name: string; url: string }; now: Date },
): Record<string, unknown> {
  const place =
    event.venueName || event.venueAddress
      ? {
          "@type": "Place",
          name: event.venueName ?? event.venueAddress,
          ...(event.venueAddress
            ? { address: { "@type": "PostalAddress", streetAddress: event.venueAddress } }
            : {}),
        }
      : null;
  // The online link is given to registrants only: the page is where the way in is found.
  const virtual = event.online ? { "@type": "VirtualLocation", url: page.url } : null;
  const location = [place, virtual].filter(Boolean);
  const mode =
    place && virtual
      ? "MixedEventAttendanceMode"
      : virtual
        ? "OnlineEventAttendanceMode"
        : "OfflineEventAttendanceMode";
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    startDate: isoWithOffset(event.startsAt, event.timeZone),
    endDate: isoWithOffset(event.endsAt, event.timeZone),
    eventStatus: `${SCHEMA}${event.status === "canceled" ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: `${SCHEMA}${mode}`,
    ...(location.length > 0 ? { location: location.length === 1 ? location[0] : location } : {}),
    image: [page.image],
    url: page.url,
    organizer: { "@type": "Organization", name: page.organizer.name, url: page.organizer.url },
    offers: offersOf(event, page.url, page.now),
  };
}

function offersOf(event: StructuredEvent, url: string, now: Date) {
  const eventFull = event.capacity !== null && event.goingCount + event.heldCount >= event.capacity;
  const ended = event.status === "canceled" || event.endsAt <= now;
  if (event.ticketTypes.length === 0) {
    return [
      offer({ price: "0", currency: event.currency, url, availability: eventFull ? "SoldOut" : "InStock" }),
    ];
  }
  return event.ticketTypes.map((type) => {
    const typeFull = type.quantity !== null && type.goingCount + type.heldCount >= type.quantity;
    const salesOver = ended || (type.salesEndAt !== null && type.salesEndAt <= now);
    const notYet = type.salesStartAt !== null && type.salesStartAt > now;
    const availability = eventFull || typeFull || salesOver ? "SoldOut" : notYet ? "PreOrder" : "InStock";
    return offer({
      name: type.name,
      // A free ticket is "0", as search engines show free events.
      price: type.priceMinor === 0 ? "0" : toDecimalString(type.priceMinor, type.currency),
      currency: type.currency,
      url,
      availability,
      validFrom: type.salesStartAt ?? null,
    });
  });
}

function offer(o: {
  name?: string;
  price: string;
  currency: string;
  url: string;
  availability: string;
  validFrom?: Date | null;
}) {
  return {
    "@type": "Offer",
    ...(o.name ? { name: o.name } : {}),
    price: o.price,
    priceCurrency: o.currency,
    availability: `${SCHEMA}${o.availability}`,
    url: o.url,
    ...(o.validFrom ? { validFrom: o.validFrom.toISOString() } : {}),
  };
}

/**
 * The data as a `<script>` for the page's head. JSON escapes quotes but not `<`: a title holding
 * `</script>` would end the script and run what follows, so `<`, `>` and `&` are written as
 * \u escapes (still the same JSON), as are the two line separators JavaScript once refused.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/ld+json">${json}</script>`;
}
