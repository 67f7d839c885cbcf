import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import { event, ticketType } from "./events.tables.ts";
import type { EventRow } from "./events.views.ts";

// An event's seats and counters, kept by the registrations module through these. Call everything
// here with the event row locked (`lockEvent`), so decisions about one event's seats happen one
// at a time.

/** By registration status; the event counts going, waitlisted and pending, and no others. */
type Delta = Partial<Record<string, number>>;

export async function lockEvent(tx: Db, eventId: string): Promise<EventRow> {
  const [row] = await tx.select().from(event).where(eq(event.id, eventId)).limit(1).for("update");
  if (!row) throw notFound();
  return row;
}

/** The event's seat counters as they are now, inside the locking transaction. */
export async function seatCounts(tx: Db, eventId: string) {
  const [row] = await tx
    .select({
      capacity: event.capacity,
      going: event.goingCount,
      waiting: event.waitlistCount,
      communityId: event.communityId,
    })
    .from(event)
    .where(eq(event.id, eventId));
  return row ?? null;
}

/** Keeps the event's and the ticket type's counters in step with a status change. */
export async function moveCounters(
  tx: Db,
  eventId: string,
  ticketTypeId: string | null,
  from: string | null,
  to: string | null,
  checkedInDelta = 0,
) {
  if (from === to && checkedInDelta === 0) return;
  const delta: Delta = {};
  if (from) delta[from] = (delta[from] ?? 0) - 1;
  if (to) delta[to] = (delta[to] ?? 0) + 1;
  await tx
    .update(event)
    .set({
      goingCount: sql`${event.goingCount} + ${delta.going ?? 0}`,
      waitlistCount: sql`${event.waitlistCount} + ${delta.waitlisted ?? 0}`,
      pendingCount: sql`${event.pendingCount} + ${delta.pending ?? 0}`,
      checkedInCount: sql`${event.checkedInCount} + ${checkedInDelta}`,
    })
    .where(eq(event.id, eventId));
  if (ticketTypeId && delta.going) {
    await tx
      .update(ticketType)
      .set({ goingCount: sql`${ticketType.goingCount} + ${delta.going}` })
      .where(eq(ticketType.id, ticketTypeId));
  }
}

/** Whether one more person with this ticket type fits (event capacity and the type's quantity). */
export async function seatFree(tx: Db, eventId: string, ticketTypeId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ capacity: event.capacity, going: event.goingCount })
    .from(event)
    .where(eq(event.id, eventId));
  if (!row) return false;
  if (row.capacity !== null && row.going >= row.capacity) return false;
  if (!ticketTypeId) return true;
  const [tt] = await tx
    .select({ quantity: ticketType.quantity, going: ticketType.goingCount })
    .from(ticketType)
    .where(eq(ticketType.id, ticketTypeId));
  return !tt || tt.quantity === null || tt.going < tt.quantity;
}
