import { describe, expect, it } from "vitest";
import { fromWallTime, toWallTime, zoneOffsetMinutes } from "./time.ts";

const instant = (wall: string, zone: string) => {
  const result = fromWallTime(wall, zone);
  if (!result.ok) throw new Error(result.reason);
  return result.instant.toISOString();
};

describe("wall time in a zone", () => {
  it("converts ordinary times both ways", () => {
    expect(instant("2026-06-15T19:00", "Europe/Berlin")).toBe("2026-06-15T17:00:00.000Z");
    expect(instant("2026-01-15T19:00", "Europe/Berlin")).toBe("2026-01-15T18:00:00.000Z");
    expect(toWallTime(new Date("2026-06-15T17:00:00Z"), "Europe/Berlin")).toBe("2026-06-15T19:00");
    expect(instant("2026-12-31T23:30", "Pacific/Auckland")).toBe("2026-12-31T10:30:00.000Z");
  });

  it("refuses a time skipped when clocks go forward", () => {
    expect(fromWallTime("2026-03-29T02:30", "Europe/Berlin")).toEqual({ ok: false, reason: "NONEXISTENT" });
    expect(fromWallTime("2026-03-08T02:15", "America/New_York")).toEqual({
      ok: false,
      reason: "NONEXISTENT",
    });
  });

  it("takes the first of a time that happens twice when clocks go back", () => {
    expect(instant("2026-10-25T02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(instant("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
  });

  it("keeps an evening event across a change at the same wall time, not the same UTC time", () => {
    const before = instant("2026-03-28T19:00", "Europe/Berlin");
    const after = instant("2026-03-29T19:00", "Europe/Berlin");
    expect(new Date(after).getTime() - new Date(before).getTime()).toBe(23 * 3_600_000);
  });

  it("knows half-hour zones and refuses nonsense", () => {
    expect(zoneOffsetMinutes(new Date("2026-06-01T00:00:00Z"), "Asia/Kolkata")).toBe(330);
    expect(fromWallTime("2026-02-30T10:00", "UTC")).toEqual({ ok: false, reason: "INVALID" });
    expect(fromWallTime("2026-02-10T10:00", "Mars/Base")).toEqual({ ok: false, reason: "INVALID" });
  });
});
