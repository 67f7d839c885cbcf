import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { registration } from "./registrations.tables.ts";

// What an event's insights read of its registrations. A held registration (an order not yet paid)
// is not counted: it becomes a registration once paid, or goes away.

/** Registrations of an event by where they came from (`origin`, null for older rows). */
export async function registrationsByOrigin(
  db: Db,
  eventId: string,
): Promise<{ origin: string | null; registrations: number; going: number }[]> {
  return db
    .select({
      origin: registration.origin,
      registrations: sql<number>`count(*)::int`,
      going: sql<number>`(count(*) filter (where ${registration.status} = 'going'))::int`,
    })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), ne(registration.status, "held")))
    .groupBy(registration.origin);
}

/** Length of one step of the check-in curve. Every time zone's offset is a whole number of them. */
export const CHECK_IN_SLOT_MS = 15 * 60_000;

/**
 * Check-ins of an event that stand, per quarter hour: `slot` is the quarter hour's start in
 * milliseconds since 1970 divided by `CHECK_IN_SLOT_MS`, in order.
 */
export async function checkInsPerSlot(
  db: Db,
  eventId: string,
): Promise<{ slot: number; checkIns: number }[]> {
  // The length is written into the SQL, not sent as a parameter: the grouped and the selected
  // expression must be the same text.
  const slot = sql<number>`floor(extract(epoch from ${registration.checkedInAt}) / ${sql.raw(String(CHECK_IN_SLOT_MS / 1000))})::int`;
  return db
    .select({ slot, checkIns: sql<number>`count(*)::int` })
    .from(registration)
    .where(
      and(
        eq(registration.eventId, eventId),
        eq(registration.status, "going"),
        isNotNull(registration.checkedInAt),
      ),
    )
    .groupBy(slot)
    .orderBy(slot);
}
