import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  type EventMailContext,
  eventMailContexts,
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

/**
 * Several registrations' contexts, keyed by id (a registration or its event that is gone has
 * none): three statements for a batch of mail, whatever its size, and one more when some are
 * waitlisted.
 */
export async function registrationMailContexts(
  db: Db,
  registrationIds: string[],
  secret: string,
): Promise<Map<string, RegistrationMailContext>> {
  const unique = [...new Set(registrationIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ registration, person: personColumns })
    .from(registration)
    .innerJoin(people, eq(personColumns.id, registration.userId))
    .where(inArray(registration.id, unique));
  const events = await eventMailContexts(
    db,
    rows.map((row) => row.registration.eventId),
  );
  const loaders = new RegistrationLoaders(new Loaders(db, null));
  const contexts = new Map<string, RegistrationMailContext>();
  await Promise.all(
    rows.map(async ({ registration: row, person }) => {
      const event = events.get(row.eventId);
      if (!event) return;
      contexts.set(row.id, {
        registrationId: row.id,
        managePath: managePath(manageToken(secret, row.id)),
        status: row.status,
        checkInCode: row.checkInCode,
        person: { name: person.name, email: person.email },
        event,
        waitlistPosition: row.status === "waitlisted" ? await loaders.waitlistPosition.load(row.id) : null,
        quantity: row.quantity,
        holdExpiresAt: row.holdExpiresAt,
      });
    }),
  );
  return contexts;
}

export async function registrationMailContext(
  db: Db,
  registrationId: string,
  secret: string,
): Promise<RegistrationMailContext | null> {
  return (await registrationMailContexts(db, [registrationId], secret)).get(registrationId) ?? null;
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
