import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import { event, ticketType } from "./events.tables.ts";
import type { EventRow } from "./events.views.ts";

// An event's seats and counters, kept by the registrations module through these. Call everything
// here with the event row locked (`lockEvent`), so decisions about one event's seats happen one
// at a time.

/** By registration status, in seats; the event counts going, waitlisted, pending and held. */
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
      held: event.heldCount,
      waiting: event.waitlistCount,
      communityId: event.communityId,
    })
    .from(event)
    .where(eq(event.id, eventId));
  return row ?? null;
}

/**
 * Keeps the event's and the ticket type's counters in step with a status change of a registration
 * taking `seats` seats (its quantity); check-ins count seats too.
 */
export async function moveCounters(
  tx: Db,
  eventId: string,
  ticketTypeId: string | null,
  from: string | null,
  to: string | null,
  checkedInDelta = 0,
  seats = 1,
) {
  if (from === to && checkedInDelta === 0) return;
  const delta: Delta = {};
  if (from) delta[from] = (delta[from] ?? 0) - seats;
  if (to) delta[to] = (delta[to] ?? 0) + seats;
  await tx
    .update(event)
    .set({
      goingCount: sql`${event.goingCount} + ${delta.going ?? 0}`,
      waitlistCount: sql`${event.waitlistCount} + ${delta.waitlisted ?? 0}`,
      pendingCount: sql`${event.pendingCount} + ${delta.pending ?? 0}`,
      checkedInCount: sql`${event.checkedInCount} + ${checkedInDelta * seats}`,
      heldCount: sql`${event.heldCount} + ${delta.held ?? 0}`,
    })
    .where(eq(event.id, eventId));
  if (ticketTypeId && (delta.going || delta.held)) {
    await tx
      .update(ticketType)
      .set({
        goingCount: sql`${ticketType.goingCount} + ${delta.going ?? 0}`,
        heldCount: sql`${ticketType.heldCount} + ${delta.held ?? 0}`,
      })
      .where(eq(ticketType.id, ticketTypeId));
  }
}

/** Seats no longer free: going, and held for someone paying. */
export const seatsTaken = (row: { goingCount: number; heldCount: number }) => row.goingCount + row.heldCount;

/**
 * Whether `seats` more seats of this ticket type fit (event capacity and the type's quantity),
 * counting the seats held for buyers who are paying as taken.
 */
export async function seatFree(
  tx: Db,
  eventId: string,
  ticketTypeId: string | null,
  seats = 1,
): Promise<boolean> {
  const [row] = await tx
    .select({ capacity: event.capacity, goingCount: event.goingCount, heldCount: event.heldCount })
    .from(event)
    .where(eq(event.id, eventId));
  if (!row) return false;
  if (row.capacity !== null && seatsTaken(row) + seats > row.capacity) return false;
  if (!ticketTypeId) return true;
  const [tt] = await tx
    .select({
      quantity: ticketType.quantity,
      goingCount: ticketType.goingCount,
      heldCount: ticketType.heldCount,
    })
    .from(ticketType)
    .where(eq(ticketType.id, ticketTypeId));
  return !tt || tt.quantity === null || seatsTaken(tt) + seats <= tt.quantity;
}

/** How long a paid seat offered to the next in line stays theirs, and the event's community. */
export async function offerTerms(tx: Db, eventId: string) {
  const [row] = await tx
    .select({ hours: event.waitlistOfferHours, communityId: event.communityId })
    .from(event)
    .where(eq(event.id, eventId));
  return row ?? null;
}
