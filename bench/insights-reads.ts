// The reads behind the insights page as the server makes them, for bench/insights-measure.ts, and
// the rebuild of the rollups from the log. A part this build does not have yet is reported as such.
import type { Db } from "#server/db/client.ts";

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

/** Rebuilds every community's rollups from the log; false when this build has no rebuild. */
export async function rebuild(_db: Db): Promise<boolean> {
  return false;
}

export async function pageReads(_db: Db, _query: PageQuery): Promise<{ rollups: Read; events: Read }> {
  return {
    rollups: { read: "rollup reads (readRollups)", run: null },
    events: { read: "event reads (events held, top events)", run: null },
  };
}
