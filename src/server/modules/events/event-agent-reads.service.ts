import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { EventStatus } from "./events.tables.ts";
import { publicPath } from "./events.views.ts";

// What the community's agents read about events, outside any viewer (agents plan runs from it).

export type EventFacts = {
  id: string;
  communityId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  place: string | null;
  status: EventStatus;
  /** Some ticket type costs money. */
  paid: boolean;
  publicPath: string;
};

type Row = {
  id: string;
  community_id: string;
  title: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  venue_name: string | null;
  venue_address: string | null;
  status: EventStatus;
  paid: boolean;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const columns = sql`e.id, e.community_id, e.title, e.starts_at, e.ends_at, e.time_zone, e.venue_name,
  e.venue_address, e.status,
  exists (select 1 from ticket_type t where t.event_id = e.id and t.price_minor > 0) as paid`;

const toFacts = (row: Row): EventFacts => ({
  id: row.id,
  communityId: row.community_id,
  title: row.title,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  timeZone: row.time_zone,
  place: [row.venue_name, row.venue_address].filter(Boolean).join(", ") || null,
  status: row.status,
  paid: Boolean(row.paid),
  publicPath: publicPath(row.id),
});

/** One event of the community, or null (another community's events are never answered). */
export async function eventFacts(db: Db, communityId: string, eventId: string): Promise<EventFacts | null> {
  const [row] = rowsOf<Row>(
    await db.execute(
      sql`select ${columns} from event e where e.id = ${eventId} and e.community_id = ${communityId}`,
    ),
  );
  return row ? toFacts(row) : null;
}
