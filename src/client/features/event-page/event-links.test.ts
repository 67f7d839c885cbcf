// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  calendarStamp,
  googleCalendarUrl,
  googleMapsUrl,
  icsUrl,
  mapUrl,
  outlookCalendarUrl,
} from "./event-links.ts";

const base = {
  title: "Spring meetup & drinks",
  description: "Bring a friend",
  venueName: "Café Central",
  venueAddress: "Herrengasse 14, Vienna",
  pageUrl: "https://commons.example/e/ev1",
};

describe("Google Calendar link", () => {
  it("puts the event's instants in UTC, whatever zone the event is in", () => {
    // 19:00–21:30 in Vienna in March (CET, UTC+1) is 18:00–20:30 UTC.
    const url = new URL(
      googleCalendarUrl({
        ...base,
        startsAt: "2026-03-14T18:00:00.000Z",
        endsAt: "2026-03-14T20:30:00.000Z",
        timeZone: "Europe/Vienna",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20260314T180000Z/20260314T203000Z");
    expect(url.searchParams.get("ctz")).toBe("Europe/Vienna");
    expect(url.searchParams.get("text")).toBe("Spring meetup & drinks");
    expect(url.searchParams.get("location")).toBe("Café Central, Herrengasse 14, Vienna");
    expect(url.searchParams.get("details")).toBe("Bring a friend\n\nhttps://commons.example/e/ev1");
  });

  it("crosses the date line correctly for a zone ahead of UTC", () => {
    // 09:00 on 1 July in Tokyo (UTC+9) is 00:00 UTC the same day; 08:00 is the day before.
    expect(calendarStamp("2026-06-30T23:00:00Z")).toBe("20260630T230000Z");
    const url = new URL(
      googleCalendarUrl({
        ...base,
        startsAt: "2026-06-30T23:00:00Z",
        endsAt: "2026-07-01T01:00:00Z",
        timeZone: "Asia/Tokyo",
      }),
    );
    expect(url.searchParams.get("dates")).toBe("20260630T230000Z/20260701T010000Z");
  });

  it("uses the event page as the location of an online event", () => {
    const url = new URL(
      googleCalendarUrl({
        ...base,
        venueName: null,
        venueAddress: null,
        startsAt: "2026-03-14T18:00:00Z",
        endsAt: "2026-03-14T19:00:00Z",
        timeZone: "UTC",
      }),
    );
    expect(url.searchParams.get("location")).toBe("https://commons.example/e/ev1");
  });
});

describe("other event links", () => {
  it("downloads the calendar file from the API and searches OpenStreetMap for the address", () => {
    expect(icsUrl("ev 1")).toBe("/api/events/ev%201/calendar.ics");
    expect(mapUrl("Herrengasse 14, Vienna")).toBe(
      "https://www.openstreetmap.org/search?query=Herrengasse%2014%2C%20Vienna",
    );
  });
});

describe("Outlook and map links", () => {
  it("opens Outlook's new event form with the event's instants in UTC", () => {
    const url = new URL(
      outlookCalendarUrl({
        ...base,
        startsAt: "2026-03-14T18:00:00.000Z",
        endsAt: "2026-03-14T20:30:00.000Z",
        timeZone: "Europe/Vienna",
      }),
    );
    expect(url.hostname).toBe("outlook.live.com");
    expect(url.searchParams.get("subject")).toBe("Spring meetup & drinks");
    expect(url.searchParams.get("startdt")).toBe("2026-03-14T18:00:00.000Z");
    expect(url.searchParams.get("enddt")).toBe("2026-03-14T20:30:00.000Z");
    expect(url.searchParams.get("location")).toBe("Café Central, Herrengasse 14, Vienna");
    expect(url.searchParams.get("body")).toBe("Bring a friend\n\nhttps://commons.example/e/ev1");
  });

  it("searches Google Maps for the place, with no map script on the page", () => {
    const url = new URL(googleMapsUrl("Herrengasse 14, Vienna"));
    expect(url.searchParams.get("query")).toBe("Herrengasse 14, Vienna");
  });
});
