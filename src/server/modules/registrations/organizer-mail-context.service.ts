import { and, asc, count, eq, gte, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import { peopleWith } from "#server/modules/members/members.service.ts";
import { people } from "#server/modules/users/users.service.ts";
import { registrationMailContext } from "./registration-mail-context.service.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";
import { registration } from "./registrations.tables.ts";
import { personColumns } from "./registrations.views.ts";

// For the notifications worker: mail to organizers, rendered at send time. A person who no
// longer manages the community gets nothing.

type Organizer = { name: string; email: string };

async function managerOf(db: Db, communityId: string, organizerId: string): Promise<Organizer | null> {
  const managers = await peopleWith(db, communityId, "registrations.manage");
  return managers.find((m) => m.id === organizerId) ?? null;
}

export async function pendingMailContext(
  db: Db,
  registrationId: string,
  organizerId: string,
  secret: string,
) {
  const context = await registrationMailContext(db, registrationId, secret);
  if (!context) return null;
  const organizer = await managerOf(db, context.event.communityId, organizerId);
  return organizer ? { organizer, registration: context } : null;
}

export type DigestContext = {
  organizer: Organizer;
  communityName: string;
  communityId: string;
  total: number;
  /** The first ones, oldest first; `total` counts them all. */
  registrations: { eventId: string; eventTitle: string; name: string; status: RegistrationStatus }[];
};

const DIGEST_ROWS = 50;

export async function digestContext(
  db: Db,
  input: { organizerId: string; communityId: string; from: Date; to: Date },
): Promise<DigestContext | null> {
  const organizer = await managerOf(db, input.communityId, input.organizerId);
  const host = (await communityHosts(db, [input.communityId])).get(input.communityId);
  if (!organizer || !host) return null;
  const window = and(
    eq(eventsForJoin.communityId, input.communityId),
    gte(registration.createdAt, input.from),
    lt(registration.createdAt, input.to),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        eventId: eventsForJoin.id,
        eventTitle: eventsForJoin.title,
        name: personColumns.name,
        status: registration.status,
      })
      .from(registration)
      .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
      .innerJoin(people, eq(people.id, registration.userId))
      .where(window)
      .orderBy(asc(registration.createdAt), asc(registration.id))
      .limit(DIGEST_ROWS),
    db
      .select({ n: count() })
      .from(registration)
      .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
      .where(window),
  ]);
  return {
    organizer,
    communityName: host.name,
    communityId: host.id,
    total: totals[0]?.n ?? 0,
    registrations: rows,
  };
}
