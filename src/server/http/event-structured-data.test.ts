import { describe, expect, it } from "vitest";
import {
  eventStructuredData,
  isoWithOffset,
  jsonLdScript,
  type StructuredEvent,
} from "./event-structured-data.ts";

const base: StructuredEvent = {
  title: "Workshop",
  description: "Bring a laptop.",
  startsAt: new Date("2030-07-01T16:00:00Z"),
  endsAt: new Date("2030-07-01T18:00:00Z"),
  timeZone: "Europe/Berlin",
  status: "published",
  venueName: "Hall 1",
  venueAddress: null,
  online: false,
  capacity: null,
  goingCount: 0,
  heldCount: 0,
  currency: "EUR",
  ticketTypes: [],
};
const page = {
  url: "https://commons.example/e/1",
  image: "https://commons.example/api/events/1/share.png",
  organizer: { name: "Night Owls", url: "https://commons.example/c/owls" },
  now: new Date("2030-06-01T00:00:00Z"),
};
const ticket = {
  name: "General",
  priceMinor: 0,
  currency: "EUR",
  quantity: null,
  goingCount: 0,
  heldCount: 0,
  salesStartAt: null,
  salesEndAt: null,
};
const offers = (event: Partial<StructuredEvent>) =>
  eventStructuredData({ ...base, ...event }, page).offers as Record<string, unknown>[];

describe("schema.org Event", () => {
  it("writes times in the event's zone with its offset, summer and winter", () => {
    expect(isoWithOffset(new Date("2030-07-01T16:00:00Z"), "Europe/Berlin")).toBe(
      "2030-07-01T18:00:00+02:00",
    );
    expect(isoWithOffset(new Date("2030-01-01T16:00:00Z"), "America/St_Johns")).toBe(
      "2030-01-01T12:30:00-03:30",
    );
    expect(isoWithOffset(new Date("2030-01-01T16:00:00Z"), "UTC")).toBe("2030-01-01T16:00:00+00:00");
  });

  it("offers a free event at 0 in the community's currency, and a paid one at its price", () => {
    expect(offers({})).toEqual([
      {
        "@type": "Offer",
        price: "0",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: page.url,
      },
    ]);
    expect(offers({ ticketTypes: [{ ...ticket, priceMinor: 1999, currency: "USD" }] })[0]).toMatchObject({
      name: "General",
      price: "19.99",
      priceCurrency: "USD",
    });
    expect(offers({ ticketTypes: [{ ...ticket, priceMinor: 500, currency: "JPY" }] })[0]?.price).toBe("500");
  });

  it("says sold out when the event or the ticket type is full or sales ended, pre-order before they open", () => {
    const availability = (event: Partial<StructuredEvent>) => offers(event)[0]?.availability;
    expect(availability({ capacity: 2, goingCount: 1, heldCount: 1 })).toBe("https://schema.org/SoldOut");
    expect(availability({ ticketTypes: [{ ...ticket, quantity: 3, goingCount: 3 }] })).toBe(
      "https://schema.org/SoldOut",
    );
    expect(availability({ ticketTypes: [{ ...ticket, salesEndAt: new Date("2030-05-01T00:00:00Z") }] })).toBe(
      "https://schema.org/SoldOut",
    );
    const later = new Date("2030-06-10T00:00:00Z");
    expect(offers({ ticketTypes: [{ ...ticket, salesStartAt: later }] })[0]).toMatchObject({
      availability: "https://schema.org/PreOrder",
      validFrom: later.toISOString(),
    });
  });

  it("tells offline, online and mixed events apart, never giving the online link", () => {
    const mode = (event: Partial<StructuredEvent>) => eventStructuredData({ ...base, ...event }, page);
    expect(mode({})).toMatchObject({
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Hall 1" },
    });
    expect(mode({ venueName: null, online: true })).toMatchObject({
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: page.url },
    });
    const mixed = mode({ online: true, venueAddress: "Main street 1" });
    expect(mixed.eventAttendanceMode).toBe("https://schema.org/MixedEventAttendanceMode");
    expect(mixed.location).toHaveLength(2);
  });

  it("marks a canceled event cancelled", () => {
    expect(eventStructuredData({ ...base, status: "canceled" }, page).eventStatus).toBe(
      "https://schema.org/EventCancelled",
    );
  });
});

describe("the JSON-LD script", () => {
  it("cannot be closed by the text it carries, and parses back to the same data", () => {
    const data = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const script = jsonLdScript(data);
    const inner = script.slice('<script type="application/ld+json">'.length, -"</script>".length);
    expect(inner).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(inner)).toEqual(data);
  });
});
