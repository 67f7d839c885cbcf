import type { Db } from "#server/db/client.ts";
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

export type RollupReads = {
  figures: {
    members: CountChange;
    newMembers: CountChange;
    membersLeft: CountChange;
    activeMembers: CountChange;
    registrations: CountChange;
    revenue: MoneyChange[] | null;
  };
  memberGrowth: MemberGrowthPoint[];
  activeMembers: ActivePoint[];
  sources: SourceCount[];
  revenue: RevenuePoint[] | null;
  cohorts: CohortRow[];
};

/** The rollups' figures and series for a period. */
export async function readRollups(
  _db: Db,
  _communityId: string,
  period: ResolvedPeriod,
  options: { revenue: boolean; memberCount: number },
): Promise<RollupReads> {
  const count = (value: number): CountChange => ({ value, previous: period.previousFrom ? 0 : null });
  return {
    figures: {
      members: count(options.memberCount),
      newMembers: count(0),
      membersLeft: count(0),
      activeMembers: count(0),
      registrations: count(0),
      revenue: options.revenue ? [] : null,
    },
    memberGrowth: [],
    activeMembers: [],
    sources: [],
    revenue: options.revenue ? [] : null,
    cohorts: [],
  };
}
