import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  type EventMailContext,
  eventMailContext,
} from "#server/modules/events/event-mail-context.service.ts";
import { Loaders } from "#server/modules/events/events.views.ts";
import { people } from "#server/modules/users/users.service.ts";
import { managePath, manageToken } from "./manage-token.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";
import { registration } from "./registrations.tables.ts";
import { personColumns, RegistrationLoaders } from "./registrations.views.ts";

// For the notifications worker: called at send time, outside any viewer.

export type RegistrationMailContext = {
  registrationId: string;
  /** Path of the private page where the person sees and cancels this registration without signing in. */
  managePath: string;
  status: RegistrationStatus;
  checkInCode: string;
  person: { name: string; email: string };
  event: EventMailContext;
  waitlistPosition: number | null;
  /** Seats held for a payment: how many, and until when they are this person's. */
  quantity: number;
  holdExpiresAt: Date | null;
};

export async function registrationMailContext(
  db: Db,
  registrationId: string,
  secret: string,
): Promise<RegistrationMailContext | null> {
  const loaders = new RegistrationLoaders(new Loaders(db, null));
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
    quantity: row.registration.quantity,
    holdExpiresAt: row.registration.holdExpiresAt,
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
