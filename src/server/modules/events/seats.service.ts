import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import { event, ticketType } from "./events.tables.ts";
import type { EventRow } from "./events.views.ts";

// An event's seats and counters, kept by the registrations module through these. Call everything
// here with the event row locked (`lockEvent`), so decisions about one event's seats happen one
// at a time.

/** By registration status, in seats; the event counts going, waitlisted, pending and held. */
type Delta = Partial<Record<string, number>>;

/**
 * Locks the event row for its seat decisions. `eventId` may be a subquery (a registration's event),
 * so that finding the event and locking it is one statement.
 */
export async function lockEvent(tx: Db, eventId: string | SQLWrapper): Promise<EventRow> {
  const [row] = await tx.select().from(event).where(eq(event.id, eventId)).limit(1).for("update");
  if (!row) throw notFound();
  return row;
}

/** An event's seat counters, read or written under its lock. */
export type SeatCounts = {
  capacity: number | null;
  going: number;
  held: number;
  waiting: number;
  communityId: string;
};

/** The event's seat counters as they are now, inside the locking transaction. */
export async function seatCounts(tx: Db, eventId: string): Promise<SeatCounts | null> {
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

/** A registration's status change, as the event's and its ticket type's counters see it. */
export type CounterMove = {
  eventId: string;
  ticketTypeId: string | null;
  from: string | null;
  to: string | null;
  /** +1 or -1 when the registration comes through the door or that is undone. */
  checkedInDelta?: number;
  /** Seats the registration takes (its quantity); check-ins count seats too. */
  seats?: number;
  /**
   * The write that changes the registration itself, sent in the same statement (a data-modifying
   * WITH) so that the event's lock is held one round trip less; it must answer a row per row
   * written (`returning`).
   */
  along?: SQL;
  /** The change's log entry (`Emit.statement`), sent in the same statement too. */
  entry?: SQL;
};

/**
 * Keeps the event's and the ticket type's counters in step with a status change of a registration.
 * Answers the event's counters as they are after the change (null when nothing changed), so that
 * the seat decisions that follow need not read them again, and how many rows `along` wrote.
 */
export async function moveCounters(
  tx: Db,
  move: CounterMove,
): Promise<{ counts: SeatCounts | null; written: number }> {
  const { eventId, from, to, checkedInDelta = 0, seats = 1 } = move;
  const parts = [
    ...(move.along ? [sql`along as (${move.along})`] : []),
    ...(move.entry ? [sql`appended as (${move.entry})`] : []),
  ];
  const leading = parts.length > 0 ? sql`with ${sql.join(parts, sql`, `)}` : null;
  const written = move.along ? sql`(select count(*)::int from along)` : sql`0`;
  if (from === to && checkedInDelta === 0) {
    if (!leading) return { counts: null, written: 0 };
    const result = await tx.execute(sql`${leading} select ${written} as written`);
    const [row] = (result as unknown as { rows: { written: number }[] }).rows;
    return { counts: null, written: Number(row?.written ?? 0) };
  }
  const delta: Delta = {};
  if (from) delta[from] = (delta[from] ?? 0) - seats;
  if (to) delta[to] = (delta[to] ?? 0) + seats;
  // One statement for the registration and both rows: the ticket type's counters (seats going and
  // held) in a data-modifying WITH, the event's after it, answering the event's counters as they
  // are now.
  const ticketSeats = move.ticketTypeId && (delta.going || delta.held) ? move.ticketTypeId : null;
  const result = await tx.execute(sql`
    ${leading ? sql`${leading},` : sql`with`} ticket as (
      update ticket_type
      set going_count = going_count + ${delta.going ?? 0}, held_count = held_count + ${delta.held ?? 0}
      where id = ${ticketSeats}
    )
    update event set
      going_count = going_count + ${delta.going ?? 0},
      waitlist_count = waitlist_count + ${delta.waitlisted ?? 0},
      pending_count = pending_count + ${delta.pending ?? 0},
      checked_in_count = checked_in_count + ${checkedInDelta * seats},
      held_count = held_count + ${delta.held ?? 0}
    where id = ${eventId}
    returning capacity, going_count as going, held_count as held, waitlist_count as waiting,
      community_id as "communityId", ${written} as written`);
  const [row] = (result as unknown as { rows: (SeatCounts & { written: number })[] }).rows;
  if (!row) return { counts: null, written: 0 };
  const { written: count, ...counts } = row;
  return { counts, written: Number(count) };
}

/** Seats no longer free: going, and held for someone paying. */
export const seatsTaken = (row: { goingCount: number; heldCount: number }) => row.goingCount + row.heldCount;

type Seated = { goingCount: number; heldCount: number };

/**
 * Whether `seats` more seats of a ticket type fit (event capacity and the type's quantity), from
 * rows read under the event's lock, counting the seats held for buyers who are paying as taken.
 */
export function seatsFit(
  eventRow: Seated & { capacity: number | null },
  ticket: (Seated & { quantity: number | null }) | null,
  seats = 1,
): boolean {
  if (eventRow.capacity !== null && seatsTaken(eventRow) + seats > eventRow.capacity) return false;
  return !ticket || ticket.quantity === null || seatsTaken(ticket) + seats <= ticket.quantity;
}

/** `seatsFit` with the counters read now (after earlier changes in the same transaction). */
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
  if (!seatsFit(row, null, seats)) return false;
  if (!ticketTypeId) return true;
  const [tt] = await tx
    .select({
      quantity: ticketType.quantity,
      goingCount: ticketType.goingCount,
      heldCount: ticketType.heldCount,
    })
    .from(ticketType)
    .where(eq(ticketType.id, ticketTypeId));
  return seatsFit(row, tt ?? null, seats);
}

/** How long a paid seat offered to the next in line stays theirs, and the event's community. */
export async function offerTerms(tx: Db, eventId: string) {
  const [row] = await tx
    .select({ hours: event.waitlistOfferHours, communityId: event.communityId })
    .from(event)
    .where(eq(event.id, eventId));
  return row ?? null;
}
