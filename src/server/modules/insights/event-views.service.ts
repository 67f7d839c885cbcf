import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityTimeZones } from "#server/modules/communities/community-hosts.service.ts";
import { communitiesOfShownEvents } from "#server/modules/events/events.service.ts";
import { toWallTime } from "#shared/time.ts";
import { insightsEventViews } from "./insights.tables.ts";

// Views of events' public pages (decision 031). Each view adds one to a number in memory, per
// event and quarter hour; a flush every few seconds adds them to `insights_event_views` in one
// statement, per event and community day. A quarter hour always lies within one local day: every
// time zone's offset from UTC is a whole number of quarter hours.

const SLOT_MS = 15 * 60_000;
/** Past this many distinct (event, quarter hour) pairs between flushes, further views are dropped. */
const MAX_PENDING = 100_000;

export type PageViewCounter = {
  /** One view of event `eventId`'s page, now. */
  count(eventId: string): void;
  /** Adds the views counted so far to the table; resolves to the number of rows written. */
  flush(): Promise<number>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
};

export function createPageViewCounter(options: {
  db: Db;
  nowMs: () => number;
  /** How often counted views are written; 0 writes only on `flush` and `close`. */
  flushEveryMs: number;
  log?: (line: string) => void;
}): PageViewCounter {
  const { db } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  // Keyed by `${eventId} ${slot}`: one string per pair keeps the count a single map lookup.
  let pending = new Map<string, number>();
  let flushing: Promise<number> | null = null;

  const write = async (batch: Map<string, number>): Promise<number> => {
    const counted = [...batch].map(([key, views]) => {
      const [eventId = "", slot = "0"] = key.split(" ");
      return { eventId, slot: Number(slot), views };
    });
    const homes = await communitiesOfShownEvents(
      db,
      counted.map((c) => c.eventId),
    );
    const zones = await communityTimeZones(db, [...homes.values()]);
    const rows = new Map<string, typeof insightsEventViews.$inferInsert>();
    for (const { eventId, slot, views } of counted) {
      const communityId = homes.get(eventId);
      const timeZone = communityId && zones.get(communityId);
      // A view of an id that is no event (a beacon made up by hand) or of a draft, which only its
      // organizers can open, is not kept.
      if (!communityId || !timeZone) continue;
      const day = toWallTime(new Date(slot * SLOT_MS), timeZone).slice(0, 10);
      const key = `${eventId} ${day}`;
      const row = rows.get(key);
      if (row) row.views = (row.views ?? 0) + views;
      else rows.set(key, { eventId, communityId, day, views });
    }
    if (rows.size === 0) return 0;
    await db
      .insert(insightsEventViews)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [insightsEventViews.eventId, insightsEventViews.day],
        set: { views: sql`${insightsEventViews.views} + excluded.views` },
      });
    return rows.size;
  };

  const flush = (): Promise<number> => {
    if (flushing) return flushing.then(() => flush());
    if (pending.size === 0) return Promise.resolve(0);
    const batch = pending;
    pending = new Map();
    flushing = write(batch)
      .catch((error: unknown) => {
        // Kept for the next flush: a database that is briefly away loses no views.
        for (const [key, views] of batch) pending.set(key, (pending.get(key) ?? 0) + views);
        throw error;
      })
      .finally(() => {
        flushing = null;
      });
    return flushing;
  };

  const timer =
    options.flushEveryMs > 0
      ? setInterval(() => {
          flush().catch((error: unknown) =>
            log(`page views: flush failed: ${error instanceof Error ? error.message : error}`),
          );
        }, options.flushEveryMs)
      : null;
  timer?.unref();

  return {
    count(eventId) {
      const key = `${eventId} ${Math.floor(options.nowMs() / SLOT_MS)}`;
      const views = pending.get(key);
      if (views !== undefined) pending.set(key, views + 1);
      else if (pending.size < MAX_PENDING) pending.set(key, 1);
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

/** Page views of one event per community day, in order. */
export async function eventViewsByDay(db: Db, eventId: string): Promise<{ day: string; views: number }[]> {
  return db
    .select({ day: insightsEventViews.day, views: insightsEventViews.views })
    .from(insightsEventViews)
    .where(eq(insightsEventViews.eventId, eventId))
    .orderBy(insightsEventViews.day);
}
