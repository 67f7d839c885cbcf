import { and, desc, eq, gte, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { event } from "./events.tables.ts";
import type { EventRow } from "./events.views.ts";

// A community's public events as its page's past list and its calendar feed read them: published
// public events only, as on the page, so neither reveals members-only or unlisted events.

/** Where a page of past events ended: the last event's end and id (keyset, never OFFSET). */
export type PastCursor = { endsAt: Date; id: string };

export type PastEventsPage = { nodes: EventRow[]; hasNextPage: boolean; endCursor: PastCursor | null };

/** Published public events that have ended by `now`, the latest first. */
export async function pastCommunityEvents(
  db: Db,
  communityId: string,
  now: Date,
  first: number,
  after: PastCursor | null,
): Promise<PastEventsPage> {
  const rows = await db
    .select()
    .from(event)
    .where(
      and(
        eq(event.communityId, communityId),
        eq(event.status, "published"),
        eq(event.visibility, "public"),
        lt(event.endsAt, now),
        after
          ? or(lt(event.endsAt, after.endsAt), and(eq(event.endsAt, after.endsAt), lt(event.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(event.endsAt), desc(event.id))
    .limit(first + 1);
  const nodes = rows.slice(0, first);
  const last = nodes.at(-1);
  return {
    nodes,
    hasNextPage: rows.length > first,
    endCursor: last ? { endsAt: last.endsAt, id: last.id } : null,
  };
}

/** How far back a calendar feed keeps ended events, so a subscribed calendar keeps recent history. */
export const FEED_PAST_DAYS = 60;
const FEED_LIMIT = 200;

/**
 * The events of a community's calendar feed: public ones that were published, upcoming or ended in
 * the last `FEED_PAST_DAYS`, canceled ones included (a calendar must learn of the cancelation).
 */
export async function communityFeedEvents(db: Db, communityId: string, now: Date): Promise<EventRow[]> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  return db
    .select()
    .from(event)
    .where(
      and(
        eq(event.communityId, communityId),
        eq(event.visibility, "public"),
        isNotNull(event.publishedAt),
        or(eq(event.status, "published"), eq(event.status, "canceled")),
        gte(event.endsAt, since),
      ),
    )
    .orderBy(desc(event.startsAt), desc(event.id))
    .limit(FEED_LIMIT);
}

/** An event's public facts for the mail to a community's followers, read as it is now. */
export async function publicEventOf(db: Db, eventId: string): Promise<EventRow | null> {
  const [row] = await db.select().from(event).where(eq(event.id, eventId)).limit(1);
  return row ?? null;
}
