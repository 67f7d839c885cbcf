import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import { people } from "#server/modules/users/users.service.ts";
import { registration } from "./registrations.tables.ts";
import { registrantName } from "./registrations.views.ts";

/** Who a registration is for, as a payment for its ticket records the payer. */
export type RegistrationPayer = {
  registrationId: string;
  eventId: string;
  communityId: string;
  userId: string;
  name: string;
  email: string;
};

const columns = {
  registrationId: registration.id,
  eventId: registration.eventId,
  communityId: eventsForJoin.communityId,
  userId: registration.userId,
  name: registrantName,
  email: people.email,
};

/** The registration's payer, or null for an unknown id. Authorization is the caller's. */
export async function registrationPayer(db: Db, id: string): Promise<RegistrationPayer | null> {
  const [row] = await db
    .select(columns)
    .from(registration)
    .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
    .innerJoin(people, eq(people.id, registration.userId))
    .where(eq(registration.id, id))
    .limit(1);
  return row ?? null;
}

/** The person's registration for the event, whatever its status, or null when they have none. */
export async function registrationOfPerson(
  db: Db,
  eventId: string,
  userId: string,
): Promise<RegistrationPayer | null> {
  const [row] = await db
    .select(columns)
    .from(registration)
    .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
    .innerJoin(people, eq(people.id, registration.userId))
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, userId)))
    .limit(1);
  return row ?? null;
}
