import type { Db } from "#server/db/client.ts";
import type { RememberingLoaders } from "#server/db/read-cache.ts";
import { forbidden } from "#server/errors.ts";
import { type Ctx as CommunitiesCtx, getCommunity } from "#server/modules/communities/communities.service.ts";
import { memberStats } from "#server/modules/members/member-stats.service.ts";
import { can } from "#server/modules/members/members.policy.ts";
import {
  type MembersCtx,
  requireCapability,
  requireMembership,
} from "#server/modules/members/members.service.ts";
import type { CommunityInsights, ResolvedPeriod } from "./insights.types.ts";
import { readEvents } from "./insights-events.ts";
import { type PeriodRequest, resolvePeriod } from "./insights-period.ts";
import { readRollups } from "./insights-rollup-reads.ts";

export type InsightsCtx = MembersCtx &
  CommunitiesCtx & {
    db: Db;
    clock: () => Date;
    loaders?: (MembersCtx["loaders"] & CommunitiesCtx["loaders"] & RememberingLoaders) | null;
  };

/** The overview's key figures: the insights of the last 30 days, so the two pages never disagree. */
export type InsightsSummary = {
  period: ResolvedPeriod;
  members: number;
  newMembers: number;
  activeMembers: number;
  /** Per currency, net of refunds; null without `insights.revenue`. */
  revenue: { currency: string; netMinor: number }[] | null;
};

const REFUSAL = "Only the community's owner, admins and organizers see its insights.";
const REVENUE_REFUSAL = "Only the community's owner and admins see its revenue.";

/**
 * The insights page for a period: FORBIDDEN without `insights.view`; revenue (its figure, chart
 * and the top events' money) is null without `insights.revenue`, or FORBIDDEN with
 * `requireRevenue` (the revenue chart's download). A bad period is BAD_USER_INPUT.
 */
export async function communityInsights(
  ctx: InsightsCtx,
  communityId: string,
  request: PeriodRequest,
  options: { requireRevenue?: boolean } = {},
): Promise<CommunityInsights> {
  const member = await requireCapability(ctx, communityId, "insights.view", REFUSAL);
  const revenue = can(member, "insights.revenue");
  if (options.requireRevenue && !revenue) throw forbidden(REVENUE_REFUSAL);
  return insightsOf(ctx, communityId, request, revenue);
}

/** The overview's figures, or null for a viewer without `insights.view` (the overview asks without knowing the role). */
export async function insightsSummary(
  ctx: InsightsCtx,
  communityId: string,
): Promise<InsightsSummary | null> {
  const member = await requireMembership(ctx, communityId);
  if (!can(member, "insights.view")) return null;
  const insights = await insightsOf(
    ctx,
    communityId,
    { preset: "last_30_days" },
    can(member, "insights.revenue"),
  );
  const { figures } = insights;
  return {
    period: insights.period,
    members: figures.members.value,
    newMembers: figures.newMembers.value,
    activeMembers: figures.activeMembers.value,
    revenue: figures.revenue?.map((m) => ({ currency: m.currency, netMinor: m.netMinor })) ?? null,
  };
}

async function insightsOf(
  ctx: InsightsCtx,
  communityId: string,
  request: PeriodRequest,
  revenue: boolean,
): Promise<CommunityInsights> {
  const now = ctx.clock();
  const community = await getCommunity(ctx, communityId);
  const period = resolvePeriod(request, {
    timeZone: community.timeZone,
    now,
    createdAt: community.createdAt,
  });
  const load = async (): Promise<CommunityInsights> => {
    const stats = await memberStats(ctx, communityId);
    const [rollups, events] = await Promise.all([
      readRollups(ctx.db, communityId, period, { revenue, memberCount: stats?.activeCount ?? 0 }),
      readEvents(ctx.db, communityId, period, now, { revenue }),
    ]);
    return {
      period,
      figures: {
        members: rollups.figures.members,
        newMembers: rollups.figures.newMembers,
        membersLeft: rollups.figures.membersLeft,
        activeMembers: rollups.figures.activeMembers,
        eventsHeld: events.figures.eventsHeld,
        registrations: rollups.figures.registrations,
        attendanceRate: events.figures.attendanceRate,
        noShowRate: events.figures.noShowRate,
        revenue: revenue ? rollups.figures.revenue : null,
      },
      memberGrowth: rollups.memberGrowth,
      activeMembers: rollups.activeMembers,
      eventsHeld: events.eventsHeld,
      sources: rollups.sources,
      revenue: revenue ? rollups.revenue : null,
      topEvents: events.topEvents,
      cohorts: rollups.cohorts,
    };
  };
  // The same period and view read twice in a moment (the overview's figures, a chart's CSV after
  // the page) is read once; any domain event of the community drops it (decision 014).
  const key = `insights:${period.preset ?? "range"}:${period.from}:${period.to}:${revenue ? "revenue" : "no-revenue"}`;
  return ctx.loaders ? ctx.loaders.remember(key, communityId, load) : load();
}
