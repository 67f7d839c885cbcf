// @vitest-environment node
import { describe, expect, it } from "vitest";
import { csvHref, formatPeriodParam, parsePeriod, periodInput } from "./period.ts";
import { keepInsightsSearch } from "./route-search.ts";

describe("the insights period in the URL", () => {
  it("reads presets and custom ranges, and refuses what the server would", () => {
    expect(parsePeriod("last_90_days")).toEqual({ preset: "last_90_days" });
    expect(parsePeriod("2026-01-01..2026-03-31")).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(parsePeriod("2026-03-31..2026-01-01")).toBeNull();
    expect(parsePeriod("2026-02-30..2026-03-01")).toBeNull();
    expect(parsePeriod("2000-01-01..2026-01-01")).toBeNull();
    expect(parsePeriod("yesterday")).toBeNull();
  });

  it("writes the same period back to the URL, the query and the CSV links", () => {
    const custom = { from: "2026-01-01", to: "2026-03-31" };
    expect(formatPeriodParam(custom)).toBe("2026-01-01..2026-03-31");
    expect(periodInput({ preset: "last_12_months" })).toEqual({ preset: "LAST_12_MONTHS" });
    expect(csvHref("c1", "top-events", custom)).toBe(
      "/api/communities/c1/insights/top-events.csv?from=2026-01-01&to=2026-03-31",
    );
  });

  it("keeps only values shaped like a period in the route's search", () => {
    expect(keepInsightsSearch({ period: "all_time" })).toEqual({ period: "all_time" });
    expect(keepInsightsSearch({ period: "<script>" })).toEqual({ period: undefined });
  });
});
