import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { event } from "./events.tables.ts";
import { publicPath } from "./events.views.ts";

// For the notifications worker: called at send time, outside any viewer.

export type EventMailContext = {
  id: string;
  communityId: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string | null;
  venueAddress: string | null;
  onlineUrl: string | null;
  status: "draft" | "published" | "canceled";
  cancelMessage: string | null;
  publicPath: string;
  hostName: string;
  hostSlug: string;
};
export async function eventMailContext(db: Db, eventId: string): Promise<EventMailContext | null> {
  const [row] = await db.select().from(event).where(eq(event.id, eventId)).limit(1);
  if (!row) return null;
  const host = (await communityHosts(db, [row.communityId])).get(row.communityId);
  return {
    id: row.id,
    communityId: row.communityId,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    venueName: row.venueName,
    venueAddress: row.venueAddress,
    onlineUrl: row.onlineUrl,
    status: row.status,
    cancelMessage: row.cancelMessage,
    publicPath: publicPath(row.id),
    hostName: host?.name ?? "",
    hostSlug: host?.slug ?? "",
  };
}
