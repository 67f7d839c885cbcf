import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError } from "#server/errors.ts";
import { publicCommunityIds } from "#server/modules/communities/public-communities.service.ts";
import { type EventReach, eventReach } from "./event-sharing.policy.ts";
import { type Ctx, getEvent } from "./events.service.ts";
import { event } from "./events.tables.ts";
import type { EventView, TicketTypeRow } from "./events.views.ts";

/** An event as link previews and search engines get it, with what its offers are made of. */
export type SharedEvent = { event: EventView; reach: EventReach; ticketTypes: TicketTypeRow[] };

/** How far a viewed event travels, and its ticket types where its structured data offers them. */
export async function sharingOf(view: EventView): Promise<SharedEvent> {
  const reach = eventReach(view, view.host.visibility);
  const ticketTypes = reach.index ? await view.loaders.ticketTypes.load(view.id) : [];
  return { event: view, reach, ticketTypes };
}

/**
 * The event as a signed-out visitor sees it, whoever asks (its share image is the same for
 * everyone and cached as such); null when such a visitor may not see its preview.
 */
export async function sharedEvent(ctx: Pick<Ctx, "db">, id: string): Promise<EventView | null> {
  let view: EventView;
  try {
    view = await getEvent({ db: ctx.db, viewer: null }, id);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  return eventReach(view, view.host.visibility).preview ? view : null;
}

/**
 * Up to `limit` events the sitemap lists (published, public, of a public community: `eventReach`'s
 * `sitemap`) after `afterId`, in id order: a keyset walk on the primary key, never an offset.
 */
export async function sitemapEvents(
  db: Pick<Db, "select">,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  const listed = and(
    eq(event.status, "published"),
    eq(event.visibility, "public"),
    inArray(event.communityId, publicCommunityIds(db)),
  );
  return db
    .select({ id: event.id, updatedAt: event.updatedAt })
    .from(event)
    .where(afterId === null ? listed : and(listed, gt(event.id, afterId)))
    .orderBy(asc(event.id))
    .limit(limit);
}
