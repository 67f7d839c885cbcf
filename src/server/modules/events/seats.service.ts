import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { event, type RegistrationStatus, registration, ticketType } from "./events.tables.ts";

// Seats and counters. Call everything here with the event row locked (SELECT … FOR UPDATE), so
// decisions about one event's seats happen one at a time.

type Delta = Partial<Record<RegistrationStatus, number>>;

/** Keeps the event's and the ticket type's counters in step with a status change. */
export async function moveCounters(
  tx: Db,
  eventId: string,
  ticketTypeId: string | null,
  from: RegistrationStatus | null,
  to: RegistrationStatus | null,
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

/**
 * Freed seats go to the earliest waitlisted registrations (by queuedAt) whose ticket type still
 * has room. Call with the event row locked. Returns the ids promoted.
 */
export async function promoteWaitlisted(tx: Db, emit: Emit, eventId: string): Promise<string[]> {
  const promoted: string[] = [];
  let cursor: { at: Date; id: string } | null = null;
  for (;;) {
    const [state] = await tx
      .select({
        capacity: event.capacity,
        going: event.goingCount,
        waiting: event.waitlistCount,
        communityId: event.communityId,
      })
      .from(event)
      .where(eq(event.id, eventId));
    if (!state || state.waiting === 0) break;
    if (state.capacity !== null && state.going >= state.capacity) break;
    const conditions = [eq(registration.eventId, eventId), eq(registration.status, "waitlisted")];
    if (cursor) {
      const { at, id } = cursor;
      conditions.push(
        or(gt(registration.queuedAt, at), and(eq(registration.queuedAt, at), gt(registration.id, id))) ??
          sql`true`,
      );
    }
    const batch = await tx
      .select({
        id: registration.id,
        userId: registration.userId,
        ticketTypeId: registration.ticketTypeId,
        queuedAt: registration.queuedAt,
      })
      .from(registration)
      .where(and(...conditions))
      .orderBy(asc(registration.queuedAt), asc(registration.id))
      .limit(50);
    if (batch.length === 0) break;
    let full = false;
    for (const candidate of batch) {
      cursor = { at: candidate.queuedAt, id: candidate.id };
      const [now] = await tx
        .select({ capacity: event.capacity, going: event.goingCount })
        .from(event)
        .where(eq(event.id, eventId));
      if (!now || (now.capacity !== null && now.going >= now.capacity)) {
        full = true;
        break;
      }
      if (!(await seatFree(tx, eventId, candidate.ticketTypeId))) continue;
      await tx
        .update(registration)
        .set({ status: "going", updatedAt: new Date() })
        .where(eq(registration.id, candidate.id));
      await moveCounters(tx, eventId, candidate.ticketTypeId, "waitlisted", "going");
      promoted.push(candidate.id);
      await emit(tx, {
        type: "registration.status_changed",
        communityId: state.communityId,
        actorId: null,
        subjectId: candidate.userId,
        payload: { registrationId: candidate.id, eventId, from: "waitlisted", to: "going" },
      });
    }
    if (full) break;
  }
  return promoted;
}
