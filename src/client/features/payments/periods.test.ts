import { describe, expect, it } from "vitest";
import { dayStart, periodRange } from "./periods.ts";

const NOW = new Date("2031-03-30T22:30:00Z");

describe("periods in the community's time zone", () => {
  it("ends the last 30 days with today as the community sees it", () => {
    // 22:30 UTC is already 31 March in Berlin (summer time since 30 March).
    expect(periodRange("30d", NOW, "Europe/Berlin")).toEqual({
      from: "2031-03-01T23:00:00.000Z",
      to: "2031-03-31T22:00:00.000Z",
    });
    expect(periodRange("7d", NOW, "UTC")).toEqual({
      from: "2031-03-24T00:00:00.000Z",
      to: "2031-03-31T00:00:00.000Z",
    });
  });

  it("takes whole months and years, across a year's end", () => {
    const january = new Date("2031-01-15T12:00:00Z");
    expect(periodRange("lastMonth", january, "Asia/Kathmandu")).toEqual({
      from: "2030-11-30T18:15:00.000Z",
      to: "2030-12-31T18:15:00.000Z",
    });
    expect(periodRange("thisMonth", january, "UTC")).toEqual({
      from: "2031-01-01T00:00:00.000Z",
      to: "2031-02-01T00:00:00.000Z",
    });
    expect(periodRange("lastYear", january, "UTC")).toEqual({
      from: "2030-01-01T00:00:00.000Z",
      to: "2031-01-01T00:00:00.000Z",
    });
  });

  it("starts a day whose midnight is skipped at the first minute it has", () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 8 September 2024.
    expect(dayStart("2024-09-08", "America/Santiago").toISOString()).toBe("2024-09-08T04:00:00.000Z");
  });
});
