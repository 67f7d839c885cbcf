import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { mergeByOrigin } from "#shared/origins.ts";
import type {
  ActivePoint,
  CohortRow,
  CountChange,
  MemberGrowthPoint,
  MoneyChange,
  ResolvedPeriod,
  RevenuePoint,
  SourceCount,
} from "./insights.types.ts";
import { addDays, addMonths, bucketOf, bucketsOf } from "./insights-period.ts";

// What the insights page reads from the rollups (docs/decisions/029-insights.md, "Rollups"): each
// part a statement or two over the rollup tables' primary keys, never over the areas' own tables
// or the log, so a period of years over a million members costs about what a week does.

export type RollupFigures = {
  members: CountChange;
  newMembers: CountChange;
  membersLeft: CountChange;
  activeMembers: CountChange;
  registrations: CountChange;
  /** Null without `insights.revenue`. */
  revenue: MoneyChange[] | null;
};

export type RollupReads = {
  figures: RollupFigures;
  memberGrowth: MemberGrowthPoint[];
  activeMembers: ActivePoint[];
  sources: SourceCount[];
  /** Null without `insights.revenue`. */
  revenue: RevenuePoint[] | null;
  cohorts: CohortRow[];
};

/** How many cohorts the page shows at most: the last ones of the period. */
export const COHORT_LIMIT = 24;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);

export type Bucket = {
  bucket: string;
  /** The bucket's days within the period: its first and last. */
  from: string;
  to: string;
  /** Whether the whole bucket lies in the period. */
  whole: boolean;
};

/** Every bucket of the period, the first and last ones cut to the period. */
export function cutBuckets(period: Pick<ResolvedPeriod, "from" | "to" | "granularity">): Bucket[] {
  const { from, to, granularity } = period;
  return bucketsOf(period).map((bucket) => {
    const next =
      granularity === "month" ? addMonths(bucket, 1) : addDays(bucket, granularity === "week" ? 7 : 1);
    const last = addDays(next, -1);
    // Days are compared as text, which orders `YYYY-MM-DD` as the calendar does.
    const startsBefore = bucket < from;
    const endsAfter = last > to;
    return {
      bucket,
      from: startsBefore ? from : bucket,
      to: endsAfter ? to : last,
      whole: !startsBefore && !endsAfter,
    };
  });
}

/** Whole months from the month of `from` to the month of `to`. */
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));

/**
 * Sources as the charts show them: counts per stored origin, merged where two stored values read
 * as the same origin (anything unreadable is `unknown`), the largest first.
 */
export function sourcesOf(
  rows: { origin: string | null; registrations: number; joins: number }[],
): SourceCount[] {
  return mergeByOrigin(rows, ["registrations", "joins"])
    .filter((s) => s.registrations > 0 || s.joins > 0)
    .sort(
      (a, b) => b.registrations + b.joins - (a.registrations + a.joins) || a.origin.localeCompare(b.origin),
    );
}

/**
 * The rollup part of `communityInsights`: the headline counts with their previous period, member
 * growth, active people, sources, revenue and cohorts. `memberCount` is the community's member
 * count now (the community row's): the totals at earlier days are it minus what changed since.
 */
export async function readRollups(
  db: Db,
  communityId: string,
  period: ResolvedPeriod,
  options: { revenue: boolean; memberCount: number },
): Promise<RollupReads> {
  const { from, to, granularity: unit } = period;
  const previous =
    period.previousFrom && period.previousTo ? { from: period.previousFrom, to: period.previousTo } : null;
  // With no previous period, its filters match nothing.
  const prevFrom = previous?.from ?? from;
  const prevTo = previous?.to ?? addDays(from, -1);
  const buckets = cutBuckets(period);

  const [members] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select
        sum(joined) filter (where day between ${from} and ${to}) as joined,
        sum("left") filter (where day between ${from} and ${to}) as left,
        sum(joined) filter (where day between ${prevFrom} and ${prevTo}) as previous_joined,
        sum("left") filter (where day between ${prevFrom} and ${prevTo}) as previous_left,
        sum(joined - "left") filter (where day > ${to}) as net_after,
        sum(joined - "left") filter (where day > ${prevTo}) as previous_net_after
      from insights_member_day
      where community_id = ${communityId} and day >= ${prevFrom}`),
  );
  const growthRows = rowsOf<{ bucket: string; joined: string | number; left: string | number }>(
    await db.execute(sql`
      select date_trunc(${unit}, day)::date::text as bucket, sum(joined) as joined, sum("left") as left
      from insights_member_day
      where community_id = ${communityId} and day between ${from} and ${to}
      group by 1`),
  );

  // A person counts once, on their first active day within the range: the one whose previous
  // active day lies before the range (or who has none, '-infinity'). The gap rollup holds how many
  // people each (day, previous day) pair has, so the count is a sum over far fewer rows.
  const [counts] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select
        (select sum(people) from insights_active_gap
          where community_id = ${communityId} and day between ${from} and ${to}
            and previous_day < ${from}) as active,
        (select sum(people) from insights_active_gap
          where community_id = ${communityId} and day between ${prevFrom} and ${prevTo}
            and previous_day < ${prevFrom}) as previous_active,
        (select sum(registrations) from insights_registration_day
          where community_id = ${communityId} and day between ${prevFrom} and ${prevTo}) as previous_registrations`),
  );
  // Whole buckets are kept counted; a bucket cut by the period's ends is counted from its days.
  const activeRows = rowsOf<{ bucket: string; people: string | number }>(
    await db.execute(sql`
      select b.bucket::text as bucket,
        case when b.whole then coalesce((
          select people from insights_active_count
          where community_id = ${communityId} and unit = ${unit} and bucket = b.bucket), 0)
        else coalesce((
          select sum(people) from insights_active_gap
          where community_id = ${communityId} and day between b.first and b.last
            and previous_day < b.first), 0) end as people
      from jsonb_to_recordset(${JSON.stringify(
        buckets.map((b) => ({ bucket: b.bucket, first: b.from, last: b.to, whole: b.whole })),
      )}::jsonb) as b(bucket date, first date, last date, whole boolean)
      order by b.bucket`),
  );

  const sourceRows = rowsOf<{ origin: string; registrations: string | number; joins: string | number }>(
    await db.execute(sql`
      select origin, sum(registrations) as registrations, sum(joins) as joins from (
        select origin, registrations, 0 as joins from insights_registration_day
        where community_id = ${communityId} and day between ${from} and ${to}
        union all
        select origin, 0, joined from insights_member_day
        where community_id = ${communityId} and day between ${from} and ${to} and joined > 0
      ) s
      group by origin`),
  );

  const cohortSizes = rowsOf<{ cohort: string; members: string | number }>(
    await db.execute(sql`
      select cohort::text as cohort, members from insights_cohort_size
      where community_id = ${communityId} and cohort between ${bucketOf(from, "month")} and ${to} and members > 0
      order by cohort desc limit ${COHORT_LIMIT}`),
  );
  const firstCohort = cohortSizes.at(-1)?.cohort;
  const cohortCells = firstCohort
    ? rowsOf<{ cohort: string; month: string; members: string | number }>(
        await db.execute(sql`
          select cohort::text as cohort, month::text as month, members from insights_cohort
          where community_id = ${communityId} and cohort between ${firstCohort} and ${to} and month <= ${to}`),
      )
    : [];

  const revenueRows = options.revenue
    ? rowsOf<Record<string, string | number>>(
        await db.execute(sql`
          select date_trunc(${unit}, day)::date::text as bucket, currency,
            coalesce(sum(gross_minor) filter (where purpose = 'ticket'), 0) as tickets,
            coalesce(sum(gross_minor) filter (where purpose = 'membership'), 0) as memberships,
            coalesce(sum(gross_minor) filter (where purpose not in ('ticket', 'membership')), 0) as other,
            sum(refunded_minor) as refunds
          from insights_revenue_day
          where community_id = ${communityId} and day between ${from} and ${to}
          group by 1, 2`),
      )
    : [];
  const previousRevenue = options.revenue
    ? rowsOf<{ currency: string; net: string | number }>(
        await db.execute(sql`
          select currency, sum(gross_minor - refunded_minor) as net from insights_revenue_day
          where community_id = ${communityId} and day between ${prevFrom} and ${prevTo}
          group by currency`),
      )
    : [];

  // Member growth: the total at the period's end, then back bucket by bucket.
  const byBucket = new Map(growthRows.map((r) => [r.bucket, { joined: num(r.joined), left: num(r.left) }]));
  const memberGrowth: MemberGrowthPoint[] = [];
  let total = options.memberCount - num(members?.net_after);
  for (const b of [...buckets].reverse()) {
    const moved = byBucket.get(b.bucket) ?? { joined: 0, left: 0 };
    memberGrowth.push({ bucket: b.bucket, total, joined: moved.joined, left: moved.left });
    total -= moved.joined - moved.left;
  }
  memberGrowth.reverse();

  const change = (value: unknown, before: unknown): CountChange => ({
    value: num(value),
    previous: previous ? num(before) : null,
  });
  const registrations = sourceRows.reduce((sum, r) => sum + num(r.registrations), 0);

  const currencies = [...new Set(revenueRows.map((r) => String(r.currency)))].sort();
  const revenueCells = new Map(revenueRows.map((r) => [`${r.bucket} ${r.currency}`, r]));
  const revenue: RevenuePoint[] = buckets.flatMap((b) =>
    currencies.map((currency) => {
      const r = revenueCells.get(`${b.bucket} ${currency}`);
      return {
        bucket: b.bucket,
        currency,
        ticketsMinor: num(r?.tickets),
        membershipsMinor: num(r?.memberships),
        otherMinor: num(r?.other),
        refundsMinor: num(r?.refunds),
      };
    }),
  );
  const netNow = new Map<string, number>();
  for (const r of revenue)
    netNow.set(
      r.currency,
      (netNow.get(r.currency) ?? 0) + r.ticketsMinor + r.membershipsMinor + r.otherMinor - r.refundsMinor,
    );
  const netBefore = new Map(previousRevenue.map((r) => [r.currency, num(r.net)]));
  const revenueFigures: MoneyChange[] = [...new Set([...netNow.keys(), ...netBefore.keys()])]
    .sort()
    .map((currency) => ({
      currency,
      netMinor: netNow.get(currency) ?? 0,
      previousNetMinor: previous ? (netBefore.get(currency) ?? 0) : null,
    }));

  const cells = new Map(cohortCells.map((c) => [`${c.cohort} ${c.month}`, num(c.members)]));
  const cohorts: CohortRow[] = cohortSizes.reverse().map((c) => {
    const size = num(c.members);
    const months = monthsBetween(c.cohort, to) + 1;
    return {
      cohort: c.cohort,
      members: size,
      retention: Array.from(
        { length: months },
        (_, i) => (cells.get(`${c.cohort} ${addMonths(c.cohort, i)}`) ?? 0) / size,
      ),
    };
  });

  return {
    figures: {
      members: {
        value: options.memberCount - num(members?.net_after),
        previous: previous ? options.memberCount - num(members?.previous_net_after) : null,
      },
      newMembers: change(members?.joined, members?.previous_joined),
      membersLeft: change(members?.left, members?.previous_left),
      activeMembers: change(counts?.active, counts?.previous_active),
      registrations: change(registrations, counts?.previous_registrations),
      revenue: options.revenue ? revenueFigures : null,
    },
    memberGrowth,
    activeMembers: activeRows.map((r) => ({ bucket: r.bucket, people: num(r.people) })),
    sources: sourcesOf(
      sourceRows.map((r) => ({ origin: r.origin, registrations: num(r.registrations), joins: num(r.joins) })),
    ),
    revenue: options.revenue ? revenue : null,
    cohorts,
  };
}
