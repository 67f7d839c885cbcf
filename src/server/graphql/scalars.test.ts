import { describe, expect, it } from "vitest";
import { parseDateTime } from "./scalars.ts";

describe("DateTime input", () => {
  it("takes what toISOString writes, other offsets, and a plain day", () => {
    expect(parseDateTime("2026-05-01T18:30:00.000Z")?.toISOString()).toBe("2026-05-01T18:30:00.000Z");
    expect(parseDateTime("2026-05-01T20:30:00+02:00")?.toISOString()).toBe("2026-05-01T18:30:00.000Z");
    expect(parseDateTime("2026-05-01t18:30z")?.toISOString()).toBe("2026-05-01T18:30:00.000Z");
    expect(parseDateTime("2028-02-29")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });

  it("refuses what new Date would guess at", () => {
    for (const text of [
      "12",
      "1.5",
      "garbage 2026",
      "2026-02-29",
      "2026-04-31T00:00:00Z",
      "2026-13-01",
      "2026-05-01T18:30",
      "2026-05-01T24:00:00Z",
      "2026-05-01T18:60:00Z",
      "2026-05-01T18:30:00+24:00",
      "2026-05-01 18:30:00Z",
      "+275760-09-13T00:00:00Z",
    ])
      expect({ text, date: parseDateTime(text) }).toEqual({ text, date: null });
    expect(parseDateTime(1_700_000_000_000)).toBeNull();
  });
});
