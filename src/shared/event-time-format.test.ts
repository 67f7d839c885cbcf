import { describe, expect, it } from "vitest";
import { formatDateTime, formatEventRange, zoneShortName } from "./event-time-format.ts";

// Intl puts narrow and thin no-break spaces around "PM" and the dash; people read them as spaces.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("event time format", () => {
  it("writes a date and time with the zone's short name", () => {
    expect(plain(formatDateTime("2026-03-03T18:00:00Z", "Europe/Berlin", "en-US"))).toBe(
      "Tue, Mar 3, 2026, 7:00 PM GMT+1",
    );
  });

  it("follows daylight saving time on both sides of the change, with named abbreviations", () => {
    // New York moves to summer time on 8 March 2026 and back on 1 November 2026.
    expect(plain(formatDateTime("2026-03-07T23:30:00Z", "America/New_York", "en-US"))).toBe(
      "Sat, Mar 7, 2026, 6:30 PM EST",
    );
    expect(plain(formatDateTime("2026-03-08T22:30:00Z", "America/New_York", "en-US"))).toBe(
      "Sun, Mar 8, 2026, 6:30 PM EDT",
    );
    expect(plain(formatDateTime("2026-10-31T22:30:00Z", "America/New_York", "en-US"))).toBe(
      "Sat, Oct 31, 2026, 6:30 PM EDT",
    );
    expect(plain(formatDateTime("2026-11-01T23:30:00Z", "America/New_York", "en-US"))).toBe(
      "Sun, Nov 1, 2026, 6:30 PM EST",
    );
    expect(zoneShortName("2026-07-01T12:00:00Z", "Europe/Berlin", "en-US")).toBe("GMT+2");
    expect(zoneShortName("2026-01-01T12:00:00Z", "Europe/Berlin", "en-US")).toBe("GMT+1");
  });

  it("writes a range on one day with the day once", () => {
    expect(
      plain(formatEventRange("2026-03-03T18:00:00Z", "2026-03-03T20:30:00Z", "Europe/Berlin", "en-US")),
    ).toBe("Tue, Mar 3, 2026, 7:00 – 9:30 PM GMT+1");
    expect(
      plain(formatEventRange("2026-03-03T08:00:00Z", "2026-03-03T20:30:00Z", "Europe/Berlin", "en-US")),
    ).toBe("Tue, Mar 3, 2026, 9:00 AM – 9:30 PM GMT+1");
  });

  it("names the zone at each end when the clocks change during the event", () => {
    // Berlin: 2:00 becomes 3:00 on 29 March 2026.
    expect(
      plain(formatEventRange("2026-03-28T23:00:00Z", "2026-03-29T03:00:00Z", "Europe/Berlin", "en-US")),
    ).toBe("Sun, Mar 29, 2026, 12:00 AM GMT+1 – 5:00 AM GMT+2");
  });

  it("writes both ends in full over several days", () => {
    expect(
      plain(formatEventRange("2026-11-01T03:00:00Z", "2026-11-02T22:00:00Z", "America/New_York", "en-US")),
    ).toBe("Sat, Oct 31, 2026, 11:00 PM EDT – Mon, Nov 2, 2026, 5:00 PM EST");
  });
});
