// The result of the CommunityInsights query as GraphQL Code Generator will type it once
// `communityInsights` is in schema.graphql: the SDL of the insights contract, field for field.

export type InsightsPreset = "LAST_7_DAYS" | "LAST_30_DAYS" | "LAST_90_DAYS" | "LAST_12_MONTHS" | "ALL_TIME";
export type InsightsGranularity = "DAY" | "WEEK" | "MONTH";

/** Exactly one of `preset` or `from` and `to`. */
export type InsightsPeriodInput = {
  preset?: InsightsPreset | null;
  from?: string | null;
  to?: string | null;
};

export type CommunityInsightsQueryVariables = { communityId: string | number; period: InsightsPeriodInput };

type CountChange = { value: number; previous: number | null };
type RateChange = { value: number | null; previous: number | null };

export type CommunityInsightsQuery = {
  communityInsights: {
    period: {
      from: string;
      to: string;
      previousFrom: string | null;
      previousTo: string | null;
      granularity: InsightsGranularity;
      timeZone: string;
      preset: InsightsPreset | null;
    };
    figures: {
      members: CountChange;
      newMembers: CountChange;
      membersLeft: CountChange;
      activeMembers: CountChange;
      eventsHeld: CountChange;
      registrations: CountChange;
      attendanceRate: RateChange;
      noShowRate: RateChange;
      revenue: Array<{ currency: string; netMinor: number; previousNetMinor: number | null }> | null;
    };
    memberGrowth: Array<{ bucket: string; total: number; joined: number; left: number }>;
    activeMembers: Array<{ bucket: string; people: number }>;
    eventsHeld: Array<{
      bucket: string;
      events: number;
      going: number;
      checkedIn: number;
      attendanceRate: number | null;
    }>;
    sources: Array<{
      origin: string;
      kind: string;
      ref: string | null;
      registrations: number;
      joins: number;
    }>;
    revenue: Array<{
      bucket: string;
      currency: string;
      ticketsMinor: number;
      membershipsMinor: number;
      otherMinor: number;
      refundsMinor: number;
    }> | null;
    topEvents: Array<{
      eventId: string;
      title: string;
      startsAt: string;
      registrations: number;
      going: number;
      checkedIn: number;
      attendanceRate: number | null;
      revenue: Array<{ currency: string; netMinor: number }> | null;
    }>;
    cohorts: Array<{ cohort: string; members: number; retention: Array<number> }>;
  };
};

export type CommunityInsights = CommunityInsightsQuery["communityInsights"];
export type InsightsFigures = CommunityInsights["figures"];
export type MemberGrowthPoint = CommunityInsights["memberGrowth"][number];
export type ActivePoint = CommunityInsights["activeMembers"][number];
export type EventsHeldPoint = CommunityInsights["eventsHeld"][number];
export type SourceCount = CommunityInsights["sources"][number];
export type RevenuePoint = NonNullable<CommunityInsights["revenue"]>[number];
export type TopEvent = CommunityInsights["topEvents"][number];
export type CohortRow = CommunityInsights["cohorts"][number];
