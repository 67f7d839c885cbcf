import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityHosts } from "#server/modules/communities/communities.service.ts";
import { people } from "#server/modules/users/users.service.ts";
import { event, type RegistrationStatus, registration } from "./events.tables.ts";
import { Loaders, personColumns, publicPath } from "./events.views.ts";
import { managePath, manageToken } from "./manage-token.ts";

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
export type RegistrationMailContext = {
  registrationId: string;
  /** Path of the private page where the person sees and cancels this registration without signing in. */
  managePath: string;
  status: RegistrationStatus;
  checkInCode: string;
  person: { name: string; email: string };
  event: EventMailContext;
  waitlistPosition: number | null;
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

export async function registrationMailContext(
  db: Db,
  registrationId: string,
  secret: string,
): Promise<RegistrationMailContext | null> {
  const loaders = new Loaders(db, null);
  const [row] = await db
    .select({ registration, person: personColumns })
    .from(registration)
    .innerJoin(people, eq(personColumns.id, registration.userId))
    .where(eq(registration.id, registrationId))
    .limit(1);
  if (!row) return null;
  const eventContext = await eventMailContext(db, row.registration.eventId);
  if (!eventContext) return null;
  return {
    registrationId,
    managePath: managePath(manageToken(secret, registrationId)),
    status: row.registration.status,
    checkInCode: row.registration.checkInCode,
    person: { name: row.person.name, email: row.person.email },
    event: eventContext,
    waitlistPosition:
      row.registration.status === "waitlisted" ? await loaders.waitlistPosition.load(registrationId) : null,
  };
}

/** Registrations to notify, with person name/email; paged by id for large events. */
export async function registrationsToNotify(
  db: Db,
  eventId: string,
  statuses: RegistrationStatus[],
  after: string | null,
  limit: number,
): Promise<{ registrationId: string; name: string; email: string; status: RegistrationStatus }[]> {
  if (statuses.length === 0) return [];
  const conditions = [eq(registration.eventId, eventId), inArray(registration.status, statuses)];
  if (after) conditions.push(gt(registration.id, after));
  return db
    .select({
      registrationId: registration.id,
      name: personColumns.name,
      email: personColumns.email,
      status: registration.status,
    })
    .from(registration)
    .innerJoin(people, eq(personColumns.id, registration.userId))
    .where(and(...conditions))
    .orderBy(asc(registration.id))
    .limit(limit);
}
