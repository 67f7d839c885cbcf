import { getTableColumns, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { event } from "./events.tables.ts";
import { type EventRow, publicPath } from "./events.views.ts";

// For the notifications worker: called at send time, outside any viewer.

/** The event's own fields a mail shows, read from its row as they are. */
const MAIL_FIELDS = [
  "id",
  "communityId",
  "title",
  "description",
  "startsAt",
  "endsAt",
  "timeZone",
  "venueName",
  "venueAddress",
  "onlineUrl",
  "status",
  "cancelMessage",
] as const;
type MailField = (typeof MAIL_FIELDS)[number];

const columns = getTableColumns(event);
const mailColumns = Object.fromEntries(MAIL_FIELDS.map((field) => [field, columns[field]])) as Pick<
  typeof columns,
  MailField
>;

export type EventMailContext = Pick<EventRow, MailField> & {
  publicPath: string;
  hostName: string;
  hostSlug: string;
};

/** Several events' contexts in two statements, whatever their number (a batch of mail shares them). */
export async function eventMailContexts(db: Db, eventIds: string[]): Promise<Map<string, EventMailContext>> {
  const unique = [...new Set(eventIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(mailColumns).from(event).where(inArray(event.id, unique));
  const hosts = await communityHosts(
    db,
    rows.map((row) => row.communityId),
  );
  return new Map(
    rows.map((row) => {
      const host = hosts.get(row.communityId);
      return [
        row.id,
        { ...row, publicPath: publicPath(row.id), hostName: host?.name ?? "", hostSlug: host?.slug ?? "" },
      ];
    }),
  );
}

export async function eventMailContext(db: Db, eventId: string): Promise<EventMailContext | null> {
  return (await eventMailContexts(db, [eventId])).get(eventId) ?? null;
}
