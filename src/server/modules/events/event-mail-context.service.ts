import { eq, getTableColumns } from "drizzle-orm";
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

export async function eventMailContext(db: Db, eventId: string): Promise<EventMailContext | null> {
  const [row] = await db.select(mailColumns).from(event).where(eq(event.id, eventId)).limit(1);
  if (!row) return null;
  const host = (await communityHosts(db, [row.communityId])).get(row.communityId);
  return {
    ...row,
    publicPath: publicPath(row.id),
    hostName: host?.name ?? "",
    hostSlug: host?.slug ?? "",
  };
}
