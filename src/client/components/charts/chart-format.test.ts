// @vitest-environment node
import { describe, expect, it } from "vitest";
import { bucketToTime, formatBucket, formatShare, formatTick } from "./chart-format.ts";

describe("chart formatting", () => {
  it("names calendar buckets by their day, whatever the viewer's own time zone", () => {
    expect(formatBucket("2026-03-29", "day", "en-GB")).toBe("29 Mar 2026");
    expect(formatBucket("2026-03-30", "week", "en-US")).toBe("Week of Mar 30, 2026");
    expect(formatBucket("2026-03-01", "month", "de-DE")).toBe("März 2026");
    expect(bucketToTime("2026-03-29")).toBe(Date.UTC(2026, 2, 29));
  });

  it("reads minute buckets as instants in the event's time zone, for a check-in curve", () => {
    expect(formatBucket("2026-03-29T16:15:00.000Z", "minute", "en-GB", "Europe/Berlin")).toBe("18:15");
    expect(formatTick(Date.parse("2026-03-29T16:15:00.000Z"), "minute", 0, "en-US", "America/New_York")).toBe(
      "12:15 PM",
    );
  });

  it("writes shares in the viewer's way, and a dash for none", () => {
    expect(formatShare(0.425, "en-US", 1)).toBe("42.5%");
    // German puts a no-break space before the sign.
    expect(formatShare(0.5, "de-DE")).toBe("50\u00a0%");
    expect(formatShare(null, "en-US")).toBe("–");
  });
});
