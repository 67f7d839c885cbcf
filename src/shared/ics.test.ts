import { describe, expect, it } from "vitest";
import {
  buildIcs,
  buildIcsFeed,
  escapeIcsText,
  foldIcsLine,
  icsUtc,
  parseIcs,
  parseIcsCalendar,
  parseIcsUtc,
} from "./ics.ts";

const base = {
  uid: "evt-1@commons",
  title: "Board games; snacks, and \\ fun",
  description: "Line one\nLine two",
  startsAt: new Date("2030-03-31T08:00:00Z"),
  endsAt: new Date("2030-03-31T10:30:00Z"),
  location: "Café Zürich, Main street 1",
  url: "https://commons.test/e/evt-1",
  status: "CONFIRMED" as const,
  stampedAt: new Date("2030-01-02T03:04:05Z"),
};

describe("buildIcs", () => {
  it("writes a VEVENT with UTC times, CRLF lines and a DTSTAMP", () => {
    const ics = buildIcs({ ...base, sequence: 2, organizerName: "Berlin Hackers" });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics).toContain("DTSTART:20300331T080000Z\r\n");
    expect(ics).toContain("DTEND:20300331T103000Z\r\n");
    expect(ics).toContain("DTSTAMP:20300102T030405Z\r\n");
    expect(ics).toContain("SEQUENCE:2\r\n");
    expect(ics).toContain("SUMMARY:Board games\\; snacks\\, and \\\\ fun\r\n");
    expect(ics).toContain("DESCRIPTION:Line one\\nLine two\r\n");
  });

  it("reads back what it wrote", () => {
    const [event] = parseIcs(buildIcs({ ...base, status: "CANCELLED" }));
    expect(event).toMatchObject({
      UID: base.uid,
      SUMMARY: base.title,
      DESCRIPTION: base.description,
      LOCATION: base.location,
      URL: base.url,
      STATUS: "CANCELLED",
    });
    expect(parseIcsUtc(event?.DTSTART ?? "")).toEqual(base.startsAt);
  });

  it("folds long lines at 75 octets without splitting characters", () => {
    const title = "Ünïcödé ".repeat(30);
    const ics = buildIcs({ ...base, title });
    for (const line of ics.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(parseIcs(ics)[0]?.SUMMARY).toBe(title);
    expect(foldIcsLine("short")).toBe("short");
  });

  it("formats and escapes pieces", () => {
    expect(icsUtc(new Date("2030-12-01T23:59:58.900Z"))).toBe("20301201T235958Z");
    expect(escapeIcsText("a,b;c\\d\r\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });
});

describe("buildIcsFeed", () => {
  const event = (uid: string, status: "CONFIRMED" | "CANCELLED" = "CONFIRMED") => ({
    uid,
    title: `Talk ${uid}`,
    description: "",
    startsAt: new Date("2031-05-01T18:00:00Z"),
    endsAt: new Date("2031-05-01T20:00:00Z"),
    location: null,
    url: `https://example.test/e/${uid}`,
    status,
    sequence: 3,
  });

  it("names the calendar and holds one VEVENT per event, a canceled one marked so", () => {
    const text = buildIcsFeed({ name: "Night Owls, Berlin", events: [event("a"), event("b", "CANCELLED")] });
    expect(parseIcsCalendar(text)["X-WR-CALNAME"]).toBe("Night Owls, Berlin");
    const events = parseIcs(text);
    expect(events.map((e) => [e.UID, e.STATUS, e.SEQUENCE])).toEqual([
      ["a", "CONFIRMED", "3"],
      ["b", "CANCELLED", "3"],
    ]);
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("is a valid empty calendar without events", () => {
    const text = buildIcsFeed({ name: "Quiet", events: [] });
    expect(parseIcs(text)).toEqual([]);
    expect(text).toContain("BEGIN:VCALENDAR");
  });
});
