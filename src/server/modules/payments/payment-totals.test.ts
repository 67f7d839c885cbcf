import { describe, expect, it } from "vitest";
import { periodParts } from "./payment-totals.service.ts";

const at = (iso: string) => new Date(iso);
const spans = (list: [Date, Date][]) => list.map(([a, b]) => [a.toISOString(), b.toISOString()]);

describe("a period cut for the rollups", () => {
  it("reads whole days, then whole hours, then rows at either end", () => {
    const parts = periodParts(at("2031-05-01T10:30:00Z"), at("2031-05-04T08:15:00Z"));
    expect(spans(parts.days)).toEqual([["2031-05-02T00:00:00.000Z", "2031-05-04T00:00:00.000Z"]]);
    expect(spans(parts.hours)).toEqual([
      ["2031-05-01T11:00:00.000Z", "2031-05-02T00:00:00.000Z"],
      ["2031-05-04T00:00:00.000Z", "2031-05-04T08:00:00.000Z"],
    ]);
    expect(spans(parts.rows)).toEqual([
      ["2031-05-01T10:30:00.000Z", "2031-05-01T11:00:00.000Z"],
      ["2031-05-04T08:00:00.000Z", "2031-05-04T08:15:00.000Z"],
    ]);
  });

  it("keeps to hours within a day and to rows within an hour", () => {
    const sameDay = periodParts(at("2031-05-01T10:00:00Z"), at("2031-05-01T23:00:00Z"));
    expect(sameDay.days).toEqual([]);
    expect(spans(sameDay.hours)).toEqual([["2031-05-01T10:00:00.000Z", "2031-05-01T23:00:00.000Z"]]);
    expect(sameDay.rows).toEqual([]);
    const sameHour = periodParts(at("2031-05-01T10:10:00Z"), at("2031-05-01T10:50:00Z"));
    expect(sameHour).toEqual({
      days: [],
      hours: [],
      rows: [[at("2031-05-01T10:10:00Z"), at("2031-05-01T10:50:00Z")]],
    });
  });
});
