import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { EventView } from "#server/modules/events/events.views.ts";
import { people } from "#server/modules/users/users.service.ts";
import { registration } from "./registrations.tables.ts";
import { registrantName } from "./registrations.views.ts";

/** What a visitor sees of one person going: a name and an avatar, never an address. */
export type GoingPerson = { name: string; image: string | null };

/** The most people one page of an event shows; the count says how many more there are. */
export const GUEST_LIST_MAX = 24;

/**
 * The organizers allow it, the event is not for members only and its community is public: the
 * guests of a members-only event, or of any event of a private community (mostly its members,
 * whom its page does not show a stranger), stay among them.
 */
export const showsGuestList = (
  e: Pick<EventView, "guestListVisible" | "visibility"> & { host: Pick<EventView["host"], "visibility"> },
) => e.guestListVisible && e.visibility !== "members" && e.host.visibility === "public";

/**
 * The first people going to an event the viewer may already see (its access was checked when
 * its view was made), earliest first; null when the event does not show its guests. Deleted
 * accounts and people without a name are left out.
 */
export async function goingPeople(db: Db, e: EventView, first: number): Promise<GoingPerson[] | null> {
  if (!showsGuestList(e)) return null;
  const limit = Math.max(0, Math.min(GUEST_LIST_MAX, Math.trunc(first)));
  if (limit === 0 || e.goingCount === 0) return [];
  return db
    .select({ name: registrantName, image: people.image })
    .from(registration)
    .innerJoin(people, eq(people.id, registration.userId))
    .where(
      and(
        eq(registration.eventId, e.id),
        eq(registration.status, "going"),
        isNull(people.deletedAt),
        sql`${registrantName} <> ''`,
      ),
    )
    .orderBy(asc(registration.createdAt), asc(registration.id))
    .limit(limit);
}
