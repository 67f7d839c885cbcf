import { describe, expect, it } from "vitest";
import type { CommunityInsights } from "#server/modules/insights/insights.types.ts";
import { insightsChart } from "./insights-csv.ts";

const count = (value: number) => ({ value, previous: null });

const insights: CommunityInsights = {
  period: {
    from: "2026-01-01",
    to: "2026-03-31",
    previousFrom: null,
    previousTo: null,
    granularity: "week",
    timeZone: "Europe/Berlin",
    preset: null,
  },
  figures: {
    members: count(12),
    newMembers: count(3),
    membersLeft: count(1),
    activeMembers: count(7),
    eventsHeld: count(2),
    registrations: count(9),
    attendanceRate: { value: 0.5, previous: null },
    noShowRate: { value: 0.5, previous: null },
    revenue: [{ currency: "JPY", netMinor: 1500, previousNetMinor: null }],
  },
  memberGrowth: [{ bucket: "2025-12-29", total: 10, joined: 2, left: 0 }],
  activeMembers: [{ bucket: "2025-12-29", people: 4 }],
  eventsHeld: [{ bucket: "2025-12-29", events: 1, going: 3, checkedIn: 2, attendanceRate: 2 / 3 }],
  sources: [
    { origin: "link:newsletter", kind: "link", ref: "newsletter", registrations: 5, joins: 1 },
    { origin: "unknown", kind: "unknown", ref: null, registrations: 4, joins: 2 },
  ],
  revenue: [
    {
      bucket: "2025-12-29",
      currency: "KWD",
      ticketsMinor: 12_345,
      membershipsMinor: 0,
      otherMinor: 5,
      refundsMinor: 1_000,
    },
  ],
  topEvents: [
    {
      eventId: "e1",
      title: "Winter social",
      startsAt: new Date("2026-01-02T18:00:00Z"),
      registrations: 9,
      going: 3,
      checkedIn: 0,
      attendanceRate: 0,
      revenue: [
        { currency: "EUR", netMinor: 2_000 },
        { currency: "JPY", netMinor: 1_500 },
      ],
    },
  ],
  cohorts: [
    { cohort: "2026-01-01", members: 3, retention: [1, 0.3333333, 0] },
    { cohort: "2026-02-01", members: 0, retention: [0] },
  ],
};

const table = (chart: string, of = insights) => insightsChart(chart)?.(of);

describe("insights CSV tables", () => {
  it("write each chart's rows with the bucket first and rates as shares", () => {
    expect(table("member-growth")).toEqual({
      header: ["Bucket", "Members", "Joined", "Left"],
      rows: [["2025-12-29", "10", "2", "0"]],
    });
    expect(table("active-members")?.rows).toEqual([["2025-12-29", "4"]]);
    expect(table("events-held")?.rows).toEqual([["2025-12-29", "1", "3", "2", "0.6667"]]);
    expect(table("sources")).toEqual({
      header: ["Origin", "Kind", "Ref", "Registrations", "Joins"],
      rows: [
        ["link:newsletter", "link", "newsletter", "5", "1"],
        ["unknown", "unknown", "", "4", "2"],
      ],
    });
  });

  it("write money in each currency's own decimals", () => {
    expect(table("revenue")).toEqual({
      header: ["Bucket", "Currency", "Tickets", "Memberships", "Other", "Refunds"],
      rows: [["2025-12-29", "KWD", "12.345", "0.000", "0.005", "1.000"]],
    });
    expect(table("top-events")?.rows).toEqual([
      ["Winter social", "2026-01-02T18:00:00.000Z", "9", "3", "0", "0", "EUR 20.00; JPY 1500"],
    ]);
  });

  it("leave the money column out for a viewer who may not see revenue", () => {
    const noMoney = {
      ...insights,
      figures: { ...insights.figures, revenue: null },
      revenue: null,
      topEvents: insights.topEvents.map((e) => ({ ...e, revenue: null })),
    };
    expect(table("top-events", noMoney)?.header).not.toContain("Revenue");
    expect(table("top-events", noMoney)?.rows[0]).toHaveLength(6);
  });

  it("give cohorts as many month columns as the longest row, blank where a cohort is too young", () => {
    expect(table("cohorts")).toEqual({
      header: ["Cohort", "Members", "Month 0", "Month 1", "Month 2"],
      rows: [
        ["2026-01-01", "3", "1", "0.3333", "0"],
        ["2026-02-01", "0", "0", "", ""],
      ],
    });
  });

  it("know no chart by another name", () => {
    expect(insightsChart("constructor")).toBeNull();
    expect(insightsChart("everything")).toBeNull();
  });
});
