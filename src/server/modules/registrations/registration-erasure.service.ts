import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import { ACTIVE } from "./registrations.service.ts";
import { registration, registrationDigest } from "./registrations.tables.ts";

/** A deleting account's registrations still to be canceled: active, for events not yet over. */
export async function upcomingRegistrationIds(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: registration.id })
    .from(registration)
    .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
    .where(
      and(
        eq(registration.userId, userId),
        inArray(registration.status, ACTIVE),
        gt(eventsForJoin.endsAt, now),
      ),
    );
  return rows.map((row) => row.id);
}

/** The rest stays for the events' history and counts, without what the person typed. */
export async function forgetRegistrant(tx: Db, userId: string): Promise<void> {
  await tx.update(registration).set({ guestName: null, answers: {} }).where(eq(registration.userId, userId));
  await tx.delete(registrationDigest).where(eq(registrationDigest.userId, userId));
}
