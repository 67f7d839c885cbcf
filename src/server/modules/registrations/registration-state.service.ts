import { randomInt, randomUUID } from "node:crypto";
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { ticketTypesOf } from "#server/modules/events/events.service.ts";
import type { RegistrationAnswers } from "#server/modules/events/events.validation.ts";
import {
  moveCounters,
  offerTerms,
  type SeatCounts,
  seatCounts,
  seatFree,
} from "#server/modules/events/seats.service.ts";
import type { DomainEvent, Emit } from "#server/modules/log/log.events.ts";
import { withLogEntry } from "#server/modules/log/log.service.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import type { Origin } from "#shared/origins.ts";
import { unitPrice } from "#shared/pricing.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";
import {
  alreadyRegistered,
  checkTransition,
  type RegistrationState,
  SEAT_HOLDING,
  stateOf,
  statusOf,
  type TransitionReason,
} from "./registration-transitions.ts";
import { registration } from "./registrations.tables.ts";
import type { RegistrationRow } from "./registrations.views.ts";

// The one place a registration changes status. Call everything here with the event row locked
// (SELECT … FOR UPDATE), so decisions about one event's seats happen one at a time.

/** Why and by whom a registration changes, and where its log entry goes. */
export type Cause = {
  reason: TransitionReason;
  actorId: string | null;
  communityId: string;
  emit: Emit;
  /** When it happens, by the caller's clock (offers count their hours from it); now if not given. */
  at?: Date;
};

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 10 characters from 32: about 50 bits, typed by hand at the door if the camera fails. */
const newCheckInCode = () => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(32)]).join("");

export type NewRegistration = {
  eventId: string;
  userId: string;
  ticketTypeId: string;
  answers: RegistrationAnswers;
  guestName: string | null;
  /** Seats taken: 1 unless an order holds more tickets. */
  quantity?: number;
  /** For `held`: when the seats go back unless paid for. */
  holdExpiresAt?: Date | null;
  /** Where it came from, on the row and in the log; null when unknown. */
  origin?: Origin | null;
};

/**
 * Creates a registration, or revives the person's earlier canceled or declined one for the event,
 * in status `to`. Emits `registration.created`.
 */
export async function createRegistration(
  tx: Db,
  existing: RegistrationRow | null,
  to: RegistrationStatus,
  cause: Cause,
  fields: NewRegistration,
): Promise<string> {
  checkTransition(stateOf(existing), to, cause.reason);
  const now = new Date();
  const quantity = fields.quantity ?? 1;
  const written = {
    status: to,
    ...fields,
    quantity,
    holdExpiresAt: fields.holdExpiresAt ?? null,
    origin: fields.origin ?? null,
    checkedInAt: null,
    queuedAt: now,
    updatedAt: now,
  };
  const registrationId = existing ? existing.id : randomUUID();
  // The row goes in with the counters, in one statement. The person's earlier registration is
  // revived only as it was read: the caller reads it before locking the event, and meanwhile an
  // organizer, the waitlist or the reconsidering of a declined one may have changed it, or a second
  // registration of the same person (without a membership to wait on) revived it; a new row's
  // unique (event, person) key catches the same race for a first registration.
  const along = existing
    ? tx
        .update(registration)
        .set(written)
        .where(and(eq(registration.id, existing.id), eq(registration.status, existing.status)))
        .returning({ id: registration.id })
        .getSQL()
    : tx
        .insert(registration)
        .values({ id: registrationId, checkInCode: newCheckInCode(), createdAt: now, ...written })
        .returning({ id: registration.id })
        .getSQL();
  const created: DomainEvent = {
    type: "registration.created",
    communityId: cause.communityId,
    actorId: cause.actorId,
    subjectId: fields.userId,
    payload: {
      registrationId,
      eventId: fields.eventId,
      status: to,
      guest: fields.guestName !== null,
      ...(fields.origin ? { origin: fields.origin } : {}),
    },
  };
  const { eventId, ticketTypeId } = fields;
  // Callers let an error end the transaction: the counters have moved by then.
  try {
    await withLogEntry(
      tx,
      cause.emit,
      created,
      (entry) => moveCounters(tx, { eventId, ticketTypeId, from: null, to, seats: quantity, along, entry }),
      (moved) => {
        if (moved.written !== 1) throw alreadyRegistered();
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
  return registrationId;
}

/**
 * Moves an existing registration to `to` when the transition table allows it for the cause:
 * writes the row, keeps the counters in step, emits the log entry and, when a seat is freed,
 * hands it to the waitlist. Refusals throw before anything is written.
 */
export async function transition(
  tx: Db,
  current: RegistrationRow,
  to: Exclude<RegistrationState, "none">,
  cause: Cause,
  /** For `held`: when the seats go back unless paid for. */
  holdExpiresAt: Date | null = null,
): Promise<void> {
  const from = stateOf(current);
  checkTransition(from, to, cause.reason);
  const now = new Date();
  const status = statusOf(to);
  const checkedInAt = to === "checked_in" ? now : from === "checked_in" ? null : current.checkedInAt;
  const checkedInDelta = (to === "checked_in" ? 1 : 0) - (from === "checked_in" ? 1 : 0);
  const entry = { communityId: cause.communityId, actorId: cause.actorId, subjectId: current.userId };
  const logged: DomainEvent =
    status === current.status
      ? {
          type: "registration.checked_in",
          ...entry,
          payload: { registrationId: current.id, eventId: current.eventId, checkedIn: to === "checked_in" },
        }
      : {
          type: "registration.status_changed",
          ...entry,
          payload: { registrationId: current.id, eventId: current.eventId, from: current.status, to: status },
        };
  // The row, the counters and the log entry change in one statement (the row was read under the
  // event's lock).
  const { counts } = await withLogEntry(tx, cause.emit, logged, (appended) =>
    moveCounters(tx, {
      eventId: current.eventId,
      ticketTypeId: current.ticketTypeId,
      from: current.status,
      to: status,
      checkedInDelta,
      seats: current.quantity,
      along: tx
        .update(registration)
        .set({
          status,
          checkedInAt,
          updatedAt: now,
          holdExpiresAt: status === "held" ? (holdExpiresAt ?? current.holdExpiresAt) : null,
          // The waitlist is ordered by when people joined it.
          ...(to === "waitlisted" ? { queuedAt: now } : {}),
        })
        .where(eq(registration.id, current.id))
        .returning({ id: registration.id })
        .getSQL(),
      entry: appended,
    }),
  );
  if (SEAT_HOLDING.has(from) && !SEAT_HOLDING.has(to)) {
    await promoteWaitlisted(tx, cause.emit, current.eventId, cause.at, counts);
  }
}

/**
 * Freed seats go to the earliest waitlisted registrations (by queuedAt) whose ticket type still
 * has room. Call with the event row locked; `known` is the event's counters when the caller has
 * just written them (nobody else can change them under the lock). Returns the ids promoted.
 */
export async function promoteWaitlisted(
  tx: Db,
  emit: Emit,
  eventId: string,
  at: Date = new Date(),
  known: SeatCounts | null = null,
): Promise<string[]> {
  const promoted: string[] = [];
  let cursor: { at: Date; id: string } | null = null;
  let given = known;
  for (;;) {
    const state = given ?? (await seatCounts(tx, eventId));
    given = null;
    if (!state || state.waiting === 0) break;
    if (state.capacity !== null && state.going + state.held >= state.capacity) break;
    const conditions = [eq(registration.eventId, eventId), eq(registration.status, "waitlisted")];
    if (cursor) {
      const { at, id } = cursor;
      conditions.push(
        or(gt(registration.queuedAt, at), and(eq(registration.queuedAt, at), gt(registration.id, id))) ??
          sql`true`,
      );
    }
    const batch = await tx
      .select()
      .from(registration)
      .where(and(...conditions))
      .orderBy(asc(registration.queuedAt), asc(registration.id))
      .limit(50);
    if (batch.length === 0) break;
    let full = false;
    const cause: Cause = { reason: "promote", actorId: null, communityId: state.communityId, emit, at };
    for (const candidate of batch) {
      cursor = { at: candidate.queuedAt, id: candidate.id };
      const counts = await seatCounts(tx, eventId);
      if (!counts || (counts.capacity !== null && counts.going + counts.held >= counts.capacity)) {
        full = true;
        break;
      }
      if (!(await seatFree(tx, eventId, candidate.ticketTypeId, candidate.quantity))) continue;
      const offer = await paidOfferUntil(tx, candidate, at);
      if (offer) await transition(tx, candidate, "held", { ...cause, reason: "offer" }, offer);
      else await transition(tx, candidate, "going", cause);
      promoted.push(candidate.id);
    }
    if (full) break;
  }
  return promoted;
}

/**
 * When the person would pay for their ticket (its price, or the member price for active members),
 * the end of the offer: the event's offer hours from `now`. Null when their ticket is free.
 */
export async function paidOfferUntil(tx: Db, reg: RegistrationRow, now: Date): Promise<Date | null> {
  if (!reg.ticketTypeId) return null;
  const row = await offerTerms(tx, reg.eventId);
  const types = await ticketTypesOf(tx, reg.eventId);
  const ticket = types.find((tt) => tt.id === reg.ticketTypeId);
  if (!row || !ticket) return null;
  const membership = await getMembership(tx, reg.userId, row.communityId);
  if (unitPrice(ticket, membership?.status === "active") === 0) return null;
  return new Date(now.getTime() + row.hours * 3_600_000);
}
