import type { OriginKind } from "#shared/origins.ts";

// What the insights page reads (GraphQL `communityInsights`, the CSV downloads and the overview's
// figures): one shape, so the pages never disagree. Dates are the community's days, `YYYY-MM-DD`.

export const PERIOD_PRESETS = [
  "last_7_days",
  "last_30_days",
  "last_90_days",
  "last_12_months",
  "all_time",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type PeriodInput = { preset: PeriodPreset } | { from: string; to: string };
export type Granularity = "day" | "week" | "month";

/** A period resolved in the community's time zone: both ends included. */
export type ResolvedPeriod = {
  from: string;
  to: string;
  /** The period of the same length just before; null for all time. */
  previousFrom: string | null;
  previousTo: string | null;
  granularity: Granularity;
  timeZone: string;
  preset: PeriodPreset | null;
};

/** A count and the same count over the previous period (null when there is none). */
export type CountChange = { value: number; previous: number | null };
/** A share between 0 and 1; null when nothing was there to divide by. */
export type RateChange = { value: number | null; previous: number | null };
export type MoneyChange = { currency: string; netMinor: number; previousNetMinor: number | null };

export type InsightsFigures = {
  /** Members at the end of the period. */
  members: CountChange;
  newMembers: CountChange;
  membersLeft: CountChange;
  /** Distinct people who registered or checked in within the period. */
  activeMembers: CountChange;
  /** Published events that ended within the period. */
  eventsHeld: CountChange;
  registrations: CountChange;
  /** Checked in / going, over the events held in the period. */
  attendanceRate: RateChange;
  noShowRate: RateChange;
  /** Gross minus refunds per currency; null for a viewer without `insights.revenue`. */
  revenue: MoneyChange[] | null;
};

/** `bucket` is the first day of the day, week (Monday) or month. */
export type MemberGrowthPoint = { bucket: string; total: number; joined: number; left: number };
export type ActivePoint = { bucket: string; people: number };
export type EventsHeldPoint = {
  bucket: string;
  events: number;
  going: number;
  checkedIn: number;
  attendanceRate: number | null;
};
/** `origin` is a named origin, or `link:<ref>` (#shared/origins.ts). */
export type SourceCount = {
  origin: string;
  kind: OriginKind;
  ref: string | null;
  registrations: number;
  joins: number;
};
export type RevenuePoint = {
  bucket: string;
  currency: string;
  ticketsMinor: number;
  membershipsMinor: number;
  otherMinor: number;
  refundsMinor: number;
};
export type TopEvent = {
  eventId: string;
  title: string;
  startsAt: Date;
  registrations: number;
  going: number;
  checkedIn: number;
  attendanceRate: number | null;
  /** Gross minus refunds per currency; null without `insights.revenue`. */
  revenue: { currency: string; netMinor: number }[] | null;
};
/** Members who first joined in `cohort`; `retention[i]` is the share who attended in the i-th month after (0: the month itself). */
export type CohortRow = { cohort: string; members: number; retention: number[] };

export type CommunityInsights = {
  period: ResolvedPeriod;
  figures: InsightsFigures;
  memberGrowth: MemberGrowthPoint[];
  activeMembers: ActivePoint[];
  eventsHeld: EventsHeldPoint[];
  sources: SourceCount[];
  /** Null without `insights.revenue`. */
  revenue: RevenuePoint[] | null;
  topEvents: TopEvent[];
  /** Up to 24 cohorts, the last ones of the period. */
  cohorts: CohortRow[];
};
