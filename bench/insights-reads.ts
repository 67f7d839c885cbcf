// The reads behind the insights page as the server makes them, for bench/insights-measure.ts, and
// the rebuild of the rollups from the log.
import type { Db } from "#server/db/client.ts";
import { readEvents } from "#server/modules/insights/insights-events.ts";
import { resolvePeriod } from "#server/modules/insights/insights-period.ts";
import { rebuildInsights } from "#server/modules/insights/insights-rebuild.service.ts";
import { readRollups } from "#server/modules/insights/insights-rollup-reads.ts";

export type PageQuery = {
  communityId: string;
  timeZone: string;
  createdAt: Date;
  memberCount: number;
  preset: "last_7_days" | "last_30_days" | "last_90_days" | "last_12_months" | "all_time" | null;
  from: string;
  to: string;
};

type Read = { read: string; run: (() => Promise<unknown>) | null };

/** Rebuilds every community's rollups from the log. */
export async function rebuild(db: Db): Promise<boolean> {
  await rebuildInsights(db);
  return true;
}

/** The page's two halves for one period, resolved as the service resolves a request's. */
export async function pageReads(
  db: Db,
  query: PageQuery,
): Promise<{ rollups: Read; events: Read; page: Read }> {
  const now = new Date();
  const period = resolvePeriod(query.preset ? { preset: query.preset } : { from: query.from, to: query.to }, {
    timeZone: query.timeZone,
    now,
    createdAt: query.createdAt,
  });
  const rollups = () =>
    readRollups(db, query.communityId, period, { revenue: true, memberCount: query.memberCount });
  const events = () => readEvents(db, query.communityId, period, now, { revenue: true });
  return {
    rollups: {
      read: "readRollups (figures, member growth, active people, sources, revenue, cohorts)",
      run: rollups,
    },
    events: {
      read: "readEvents (events held, attendance, top events)",
      run: events,
    },
    // As communityInsights runs them: both halves at once, on two of the pool's connections.
    page: {
      read: "the whole page (both at once, as communityInsights runs them)",
      run: () => Promise.all([rollups(), events()]),
    },
  };
}
