import { describe, expect, it } from "vitest";
import { DomainError } from "#server/errors.ts";
import {
  addDays,
  addMonths,
  bucketOf,
  bucketsOf,
  dayAt,
  dayBounds,
  MAX_PERIOD_DAYS,
  rangeBounds,
  resolvePeriod,
} from "./insights-period.ts";

const at = (iso: string) => new Date(iso);
const context = (timeZone: string, now: string, createdAt = "2024-01-10T12:00:00Z") => ({
  timeZone,
  now: at(now),
  createdAt: at(createdAt),
});

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, fields: error.fields.map((f) => f.field) };
    throw error;
  }
  throw new Error("not refused");
}

describe("resolvePeriod", () => {
  it("ends presets on the community's today, not the server's", () => {
    // 23:30 UTC on 28 November is already 29 November in Kathmandu (+5:45) and still 28th in New York.
    const now = "2026-11-28T23:30:00Z";
    expect(resolvePeriod({ preset: "last_7_days" }, context("Asia/Kathmandu", now))).toEqual({
      from: "2026-11-23",
      to: "2026-11-29",
      previousFrom: "2026-11-16",
      previousTo: "2026-11-22",
      granularity: "day",
      timeZone: "Asia/Kathmandu",
      preset: "last_7_days",
    });
    expect(resolvePeriod({ preset: "last_7_days" }, context("America/New_York", now)).to).toBe("2026-11-28");
  });

  it("picks the granularity from the number of days", () => {
    const now = "2026-06-15T12:00:00Z";
    const of = (preset: string) => resolvePeriod({ preset }, context("UTC", now)).granularity;
    expect(of("last_30_days")).toBe("day");
    expect(of("last_90_days")).toBe("week");
    expect(of("last_12_months")).toBe("month");
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-01-31" }, context("UTC", now)).granularity).toBe(
      "day",
    );
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-02-01" }, context("UTC", now)).granularity).toBe(
      "week",
    );
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-07-05" }, context("UTC", now)).granularity).toBe(
      "week",
    );
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-07-06" }, context("UTC", now)).granularity).toBe(
      "month",
    );
  });

  it("counts twelve months from the same day a year ago, leap days included", () => {
    const leap = resolvePeriod({ preset: "last_12_months" }, context("UTC", "2024-02-29T10:00:00Z"));
    expect([leap.from, leap.to]).toEqual(["2023-03-01", "2024-02-29"]);
    // The previous period has as many days (366), just before.
    expect([leap.previousFrom, leap.previousTo]).toEqual(["2022-02-28", "2023-02-28"]);
    const after = resolvePeriod({ preset: "last_12_months" }, context("UTC", "2025-02-28T10:00:00Z"));
    expect([after.from, after.to]).toEqual(["2024-02-29", "2025-02-28"]);
  });

  it("takes all time from the community's first local day, with no previous period", () => {
    const period = resolvePeriod(
      { preset: "all_time" },
      context("Europe/Berlin", "2026-03-01T09:00:00Z", "2025-12-31T23:30:00Z"),
    );
    expect(period).toMatchObject({
      from: "2026-01-01",
      to: "2026-03-01",
      previousFrom: null,
      previousTo: null,
    });
  });

  it("keeps a custom range as given, both ends included", () => {
    const period = resolvePeriod(
      { from: "2024-02-01", to: "2024-02-29" },
      context("UTC", "2026-01-01T00:00:00Z"),
    );
    expect(period).toMatchObject({
      from: "2024-02-01",
      to: "2024-02-29",
      previousFrom: "2024-01-03",
      previousTo: "2024-01-31",
      preset: null,
    });
  });

  it("refuses a wrong period with a message at the field to fix", () => {
    const ctx = context("UTC", "2026-01-01T00:00:00Z");
    expect(refusal(() => resolvePeriod({ from: "2026-02-30", to: "2026-03-01" }, ctx))).toEqual({
      code: "BAD_USER_INPUT",
      fields: ["period.from"],
    });
    expect(refusal(() => resolvePeriod({ from: "2026-03-02", to: "2026-03-01" }, ctx)).fields).toEqual([
      "period.to",
    ]);
    const longest = addDays("2026-01-01", -(MAX_PERIOD_DAYS - 1));
    expect(
      refusal(() => resolvePeriod({ from: addDays(longest, -1), to: "2026-01-01" }, ctx)).fields,
    ).toEqual(["period.to"]);
    expect(refusal(() => resolvePeriod({ preset: "last_week" }, ctx)).fields).toEqual(["period.preset"]);
    expect(refusal(() => resolvePeriod({ preset: "last_7_days", from: "2026-01-01" }, ctx)).fields).toEqual([
      "period.preset",
    ]);
    expect(refusal(() => resolvePeriod({}, ctx)).fields).toEqual(["period.preset"]);
    expect(refusal(() => resolvePeriod({ from: "2026-01-01" }, ctx)).fields).toEqual(["period.to"]);
    expect(resolvePeriod({ from: longest, to: "2026-01-01" }, ctx).granularity).toBe("month");
  });
});

describe("days and buckets", () => {
  it("gives a spring-forward day 23 hours and a fall-back day 25", () => {
    const spring = dayBounds("2026-03-08", "America/New_York");
    expect([spring.start.toISOString(), spring.end.toISOString()]).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-09T04:00:00.000Z",
    ]);
    const autumn = dayBounds("2026-10-25", "Europe/Berlin");
    expect([autumn.start.toISOString(), autumn.end.toISOString()]).toEqual([
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T23:00:00.000Z",
    ]);
  });

  it("bounds a DST week in local days", () => {
    // Monday 2 March to Sunday 8 March 2026, New York: 7 days less the lost hour.
    const week = rangeBounds("2026-03-02", "2026-03-08", "America/New_York");
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(7 * 24 - 1);
    const berlin = rangeBounds("2026-10-19", "2026-10-25", "Europe/Berlin");
    expect((berlin.end.getTime() - berlin.start.getTime()) / 3_600_000).toBe(7 * 24 + 1);
  });

  it("starts a Kathmandu day at 18:15 UTC the day before", () => {
    expect(dayBounds("2026-05-01", "Asia/Kathmandu").start.toISOString()).toBe("2026-04-30T18:15:00.000Z");
    expect(dayAt(at("2026-04-30T18:14:59Z"), "Asia/Kathmandu")).toBe("2026-04-30");
    expect(dayAt(at("2026-04-30T18:15:00Z"), "Asia/Kathmandu")).toBe("2026-05-01");
  });

  it("starts a day whose midnight does not exist at the first moment after the jump", () => {
    expect(dayBounds("2025-09-07", "America/Santiago").start.toISOString()).toBe("2025-09-07T04:00:00.000Z");
  });

  it("names weeks by their Monday and months by their first day", () => {
    expect(bucketOf("2026-03-08", "week")).toBe("2026-03-02");
    expect(bucketOf("2026-03-09", "week")).toBe("2026-03-09");
    expect(bucketOf("2024-02-29", "month")).toBe("2024-02-01");
    expect(bucketsOf({ from: "2026-02-26", to: "2026-03-09", granularity: "week" })).toEqual([
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
    ]);
    expect(bucketsOf({ from: "2023-12-15", to: "2024-03-01", granularity: "month" })).toEqual([
      "2023-12-01",
      "2024-01-01",
      "2024-02-01",
      "2024-03-01",
    ]);
    expect(bucketsOf({ from: "2024-02-27", to: "2024-03-01", granularity: "day" })).toEqual([
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
  });

  it("moves to the month's last day when it has no such day", () => {
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29");
    expect(addMonths("2024-01-31", 13)).toBe("2025-02-28");
  });
});
