import { builder } from "#server/graphql/builder.ts";
import { Community } from "#server/modules/communities/communities.graphql.ts";
import { communityInsights, type InsightsSummary, insightsSummary } from "./insights.service.ts";
import type {
  ActivePoint,
  CohortRow,
  CommunityInsights,
  CountChange,
  EventsHeldPoint,
  InsightsFigures,
  MemberGrowthPoint,
  MoneyChange,
  RateChange,
  ResolvedPeriod,
  RevenuePoint,
  SourceCount,
  TopEvent,
} from "./insights.types.ts";

const InsightsPreset = builder.enumType("InsightsPreset", {
  values: {
    LAST_7_DAYS: { value: "last_7_days" },
    LAST_30_DAYS: { value: "last_30_days" },
    LAST_90_DAYS: { value: "last_90_days" },
    LAST_12_MONTHS: { value: "last_12_months" },
    ALL_TIME: { value: "all_time" },
  } as const,
});

const InsightsGranularity = builder.enumType("InsightsGranularity", {
  values: { DAY: { value: "day" }, WEEK: { value: "week" }, MONTH: { value: "month" } } as const,
});

const InsightsPeriodInput = builder.inputType("InsightsPeriodInput", {
  description:
    "Exactly one of `preset` or `from` and `to` (the community's days, YYYY-MM-DD, both included).",
  fields: (t) => ({
    preset: t.field({ type: InsightsPreset, required: false }),
    from: t.string({ required: false }),
    to: t.string({ required: false }),
  }),
});

const InsightsPeriod = builder.objectRef<ResolvedPeriod>("InsightsPeriod").implement({
  description: "A period in the community's days (YYYY-MM-DD), both ends included.",
  fields: (t) => ({
    from: t.exposeString("from"),
    to: t.exposeString("to"),
    previousFrom: t.exposeString("previousFrom", { nullable: true }),
    previousTo: t.exposeString("previousTo", { nullable: true }),
    granularity: t.expose("granularity", { type: InsightsGranularity }),
    timeZone: t.exposeString("timeZone"),
    preset: t.expose("preset", { type: InsightsPreset, nullable: true }),
  }),
});

const CountChangeRef = builder.objectRef<CountChange>("CountChange").implement({
  fields: (t) => ({
    value: t.exposeInt("value"),
    previous: t.exposeInt("previous", {
      nullable: true,
      description: "Null when there is no previous period.",
    }),
  }),
});

const RateChangeRef = builder.objectRef<RateChange>("RateChange").implement({
  description: "A share between 0 and 1; null when there was nothing to divide by.",
  fields: (t) => ({
    value: t.exposeFloat("value", { nullable: true }),
    previous: t.exposeFloat("previous", { nullable: true }),
  }),
});

const MoneyChangeRef = builder.objectRef<MoneyChange>("MoneyChange").implement({
  description: "Gross less refunds in one currency (never summed across currencies).",
  fields: (t) => ({
    currency: t.exposeString("currency"),
    netMinor: t.expose("netMinor", { type: "MinorUnits" }),
    previousNetMinor: t.expose("previousNetMinor", { type: "MinorUnits", nullable: true }),
  }),
});

const MoneyAmountRef = builder.objectRef<{ currency: string; netMinor: number }>("MoneyAmount").implement({
  fields: (t) => ({
    currency: t.exposeString("currency"),
    netMinor: t.expose("netMinor", { type: "MinorUnits" }),
  }),
});

const InsightsFiguresRef = builder.objectRef<InsightsFigures>("InsightsFigures").implement({
  fields: (t) => ({
    members: t.expose("members", { type: CountChangeRef, description: "Members at the end of the period." }),
    newMembers: t.expose("newMembers", { type: CountChangeRef }),
    membersLeft: t.expose("membersLeft", { type: CountChangeRef }),
    activeMembers: t.expose("activeMembers", {
      type: CountChangeRef,
      description: "Distinct people who registered or checked in within the period.",
    }),
    eventsHeld: t.expose("eventsHeld", {
      type: CountChangeRef,
      description: "Published events that ended within the period, before now.",
    }),
    registrations: t.expose("registrations", { type: CountChangeRef }),
    attendanceRate: t.expose("attendanceRate", {
      type: RateChangeRef,
      description: "Checked in / going over the events held.",
    }),
    noShowRate: t.expose("noShowRate", { type: RateChangeRef }),
    revenue: t.expose("revenue", {
      type: [MoneyChangeRef],
      nullable: true,
      description: "Per currency; null for viewers who may not see revenue.",
    }),
  }),
});

const MemberGrowthPointRef = builder.objectRef<MemberGrowthPoint>("MemberGrowthPoint").implement({
  description: "`bucket` is the first day of the day, week (Monday) or month.",
  fields: (t) => ({
    bucket: t.exposeString("bucket"),
    total: t.exposeInt("total"),
    joined: t.exposeInt("joined"),
    left: t.exposeInt("left"),
  }),
});

const ActivePointRef = builder.objectRef<ActivePoint>("ActivePoint").implement({
  fields: (t) => ({ bucket: t.exposeString("bucket"), people: t.exposeInt("people") }),
});

const EventsHeldPointRef = builder.objectRef<EventsHeldPoint>("EventsHeldPoint").implement({
  fields: (t) => ({
    bucket: t.exposeString("bucket"),
    events: t.exposeInt("events"),
    going: t.exposeInt("going"),
    checkedIn: t.exposeInt("checkedIn"),
    attendanceRate: t.exposeFloat("attendanceRate", { nullable: true }),
  }),
});

const SourceCountRef = builder.objectRef<SourceCount>("SourceCount").implement({
  fields: (t) => ({
    origin: t.exposeString("origin", { description: "A kind of origin, or `link:<ref>`." }),
    kind: t.exposeString("kind"),
    ref: t.exposeString("ref", { nullable: true }),
    registrations: t.exposeInt("registrations"),
    joins: t.exposeInt("joins"),
  }),
});

const RevenuePointRef = builder.objectRef<RevenuePoint>("RevenuePoint").implement({
  fields: (t) => ({
    bucket: t.exposeString("bucket"),
    currency: t.exposeString("currency"),
    ticketsMinor: t.expose("ticketsMinor", { type: "MinorUnits" }),
    membershipsMinor: t.expose("membershipsMinor", { type: "MinorUnits" }),
    otherMinor: t.expose("otherMinor", { type: "MinorUnits" }),
    refundsMinor: t.expose("refundsMinor", { type: "MinorUnits" }),
  }),
});

const TopEventRef = builder.objectRef<TopEvent>("TopEvent").implement({
  fields: (t) => ({
    eventId: t.exposeID("eventId"),
    title: t.exposeString("title"),
    startsAt: t.expose("startsAt", { type: "DateTime" }),
    registrations: t.exposeInt("registrations", {
      description: "Going, waitlisted and awaiting approval.",
    }),
    going: t.exposeInt("going"),
    checkedIn: t.exposeInt("checkedIn"),
    attendanceRate: t.exposeFloat("attendanceRate", { nullable: true }),
    revenue: t.expose("revenue", {
      type: [MoneyAmountRef],
      nullable: true,
      description:
        "Taken for the event less refunds, per currency; null for viewers who may not see revenue.",
    }),
  }),
});

const CohortRowRef = builder.objectRef<CohortRow>("CohortRow").implement({
  fields: (t) => ({
    cohort: t.exposeString("cohort", { description: "The month of first joining, as its first day." }),
    members: t.exposeInt("members"),
    retention: t.exposeFloatList("retention", {
      description: "The share who attended an event in each month from the cohort's own (index 0) on.",
    }),
  }),
});

const CommunityInsightsRef = builder.objectRef<CommunityInsights>("CommunityInsights").implement({
  fields: (t) => ({
    period: t.expose("period", { type: InsightsPeriod }),
    figures: t.expose("figures", { type: InsightsFiguresRef }),
    memberGrowth: t.expose("memberGrowth", { type: [MemberGrowthPointRef] }),
    activeMembers: t.expose("activeMembers", { type: [ActivePointRef] }),
    eventsHeld: t.expose("eventsHeld", { type: [EventsHeldPointRef] }),
    sources: t.expose("sources", { type: [SourceCountRef] }),
    revenue: t.expose("revenue", { type: [RevenuePointRef], nullable: true }),
    topEvents: t.expose("topEvents", { type: [TopEventRef] }),
    cohorts: t.expose("cohorts", { type: [CohortRowRef] }),
  }),
});

const InsightsSummaryRef = builder.objectRef<InsightsSummary>("InsightsSummary").implement({
  description: "The overview's key figures: the insights of the last 30 days, the same numbers as that page.",
  fields: (t) => ({
    period: t.expose("period", { type: InsightsPeriod }),
    members: t.exposeInt("members"),
    newMembers: t.exposeInt("newMembers"),
    activeMembers: t.exposeInt("activeMembers"),
    revenue: t.expose("revenue", { type: [MoneyAmountRef], nullable: true }),
  }),
});

builder.queryFields((t) => ({
  communityInsights: t.field({
    type: CommunityInsightsRef,
    description: "The insights page: owners, admins and organizers; revenue for owners and admins only.",
    args: {
      communityId: t.arg.id({ required: true }),
      period: t.arg({ type: InsightsPeriodInput, required: true }),
    },
    resolve: (_root, args, ctx) => communityInsights(ctx, String(args.communityId), args.period),
  }),
}));

builder.objectFields(Community, (t) => ({
  insightsSummary: t.field({
    type: InsightsSummaryRef,
    nullable: true,
    description: "The last 30 days as insights counts them; null for those who may not see insights",
    resolve: (c, _args, ctx) => insightsSummary(ctx, c.id),
  }),
}));
