import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, type FieldError, forbidden, invalidInput, notFound } from "#server/errors.ts";
import { joinFromEvent } from "#server/modules/communities/communities.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { can } from "#server/modules/members/members.policy.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import { people } from "#server/modules/users/users.service.ts";
import type { Capability } from "#shared/capabilities.ts";
import { isTooLong, tooLongMessage } from "#shared/limits.ts";
import { eventAccess } from "./events.policy.ts";
import { type Ctx, eventClosed, type Page, requireManagedEvent, type WriteCtx } from "./events.service.ts";
import {
  event,
  type RegistrationStatus,
  registration,
  registrationQuestion,
  ticketType,
} from "./events.tables.ts";
import { validateAnswers } from "./events.validation.ts";
import {
  decodeCursor,
  type EventRow,
  encodeCursor,
  Loaders,
  likePattern,
  personColumns,
  type RegistrationRow,
  type RegistrationView,
  registrantName,
} from "./events.views.ts";
import { type Cause, createRegistration, transition } from "./registration-state.service.ts";
import { checkTransition, stateOf, type TransitionReason } from "./registration-transitions.ts";
import { seatFree } from "./seats.service.ts";

/** Codes are read aloud or typed from a mail: case, spaces and dashes do not matter. */
const normalizeCheckInCode = (code: string) => code.trim().toUpperCase().replace(/[\s-]/g, "");

export type RegisterInput = {
  ticketTypeId?: string | null;
  answers: { questionId: string; values: string[] }[];
};

export const ACTIVE: RegistrationStatus[] = ["going", "waitlisted", "pending"];

export async function lockEvent(tx: Db, eventId: string): Promise<EventRow> {
  const [row] = await tx.select().from(event).where(eq(event.id, eventId)).limit(1).for("update");
  if (!row) throw notFound();
  return row;
}

export async function viewOf(
  db: Db,
  viewer: Viewer | null,
  registrationId: string,
): Promise<RegistrationView> {
  const [row] = await db
    .select({ registration, person: personColumns })
    .from(registration)
    .innerJoin(people, eq(people.id, registration.userId))
    .where(eq(registration.id, registrationId))
    .limit(1);
  if (!row) throw notFound();
  return new Loaders(db, viewer?.id ?? null).registrationView(row.registration, row.person);
}

export async function register(
  ctx: WriteCtx,
  eventId: string,
  input: RegisterInput,
): Promise<RegistrationView> {
  const me = requireViewer(ctx.viewer);
  const id = await ctx.db.transaction(async (tx) => {
    // Every seat decision for this event happens under this row lock, one registration at a time.
    const row = await lockEvent(tx, eventId);
    const membership = await getMembership(tx, me.id, row.communityId);
    const access = eventAccess(row, me, membership);
    if (access !== "visible") throw notFound();
    const placed = await placeRegistration(tx, ctx.emit, row, me.id, input, { guestName: null });
    if (row.visibility === "public" && !membership) await joinFromEvent(tx, ctx.emit, row.communityId, me.id);
    return placed.id;
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

/**
 * The seat decision and the write, for a signed-in person or a guest. Call with the event row
 * locked (`lockEvent`). Its `registration.created` entry brings the person's mail and, for
 * approval events, the organizers'.
 */
export async function placeRegistration(
  tx: Db,
  emit: Emit,
  row: EventRow,
  userId: string,
  input: RegisterInput,
  options: { guestName: string | null },
): Promise<{ id: string; status: RegistrationStatus }> {
  const eventId = row.id;
  const now = new Date();
  if (row.status !== "published" || row.endsAt < now) throw eventClosed();

  const types = await tx
    .select()
    .from(ticketType)
    .where(eq(ticketType.eventId, eventId))
    .orderBy(asc(ticketType.position));
  const chosen = input.ticketTypeId
    ? types.find((tt) => tt.id === input.ticketTypeId)
    : types.length === 1
      ? types[0]
      : undefined;
  if (!chosen) {
    throw invalidInput([{ field: "ticketTypeId", code: "REQUIRED", message: "Choose a ticket type." }]);
  }
  if ((chosen.salesStartAt && chosen.salesStartAt > now) || (chosen.salesEndAt && chosen.salesEndAt < now))
    throw eventClosed();

  const questions = await tx
    .select()
    .from(registrationQuestion)
    .where(eq(registrationQuestion.eventId, eventId))
    .orderBy(asc(registrationQuestion.position));
  const answers = validateAnswers(questions, input.answers);
  if (answers.errors.length > 0) throw invalidInput(answers.errors);

  const [existing] = await tx
    .select()
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, userId)))
    .limit(1);
  if (existing && ACTIVE.includes(existing.status)) {
    throw new DomainError("ALREADY_REGISTERED", "You are already registered for this event.");
  }

  let status: RegistrationStatus;
  if (row.approvalRequired) status = "pending";
  else if (await seatFree(tx, eventId, chosen.id)) status = "going";
  else if (row.waitlistEnabled) status = "waitlisted";
  else throw new DomainError("EVENT_FULL", "This event is full.");

  const registrationId = await createRegistration(
    tx,
    existing ?? null,
    status,
    {
      reason: "register",
      actorId: options.guestName === null ? userId : null,
      communityId: row.communityId,
      emit,
    },
    { eventId, userId, ticketTypeId: chosen.id, answers: answers.value, guestName: options.guestName },
  );
  return { id: registrationId, status };
}

/**
 * Loads a registration and locks its event for a change. The person may act on their own
 * registration only where `personMay`; members holding `capability` on any. Others get NOT_FOUND.
 */
async function lockRegistration(
  tx: Db,
  viewer: Viewer | null,
  id: string,
  personMay: boolean,
  capability: Capability = "registrations.manage",
) {
  const me = requireViewer(viewer);
  const [found] = await tx.select().from(registration).where(eq(registration.id, id)).limit(1);
  if (!found) throw notFound();
  const eventRow = await lockEvent(tx, found.eventId);
  const [current] = await tx.select().from(registration).where(eq(registration.id, id)).limit(1);
  if (!current) throw notFound();
  const membership = await getMembership(tx, me.id, eventRow.communityId);
  const manager = can(membership, capability);
  const own = current.userId === me.id;
  if (!manager && !(own && personMay)) {
    if (own) throw forbidden("Only organizers can do that.");
    throw notFound();
  }
  return { me, current, eventRow, manager };
}

const by = (ctx: WriteCtx, eventRow: EventRow, reason: TransitionReason, actorId: string): Cause => ({
  reason,
  actorId,
  communityId: eventRow.communityId,
  emit: ctx.emit,
});

export async function cancelRegistration(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, true);
    await cancelLocked(tx, by(ctx, eventRow, "cancel", me.id), current);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

/** Cancels a registration whose event row is locked; canceling an inactive one changes nothing. */
export async function cancelLocked(tx: Db, cause: Cause, current: RegistrationRow): Promise<void> {
  if (!ACTIVE.includes(current.status)) return;
  await transition(tx, current, "canceled", cause);
}

export async function declineRegistration(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false);
    if (!ACTIVE.includes(current.status)) return;
    await transition(tx, current, "declined", by(ctx, eventRow, "decline", me.id));
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

const noSeats = () => new DomainError("NO_SEATS", "There is no free seat.");

export async function approveRegistration(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false);
    if (current.status === "going") return;
    const cause = by(ctx, eventRow, "approve", me.id);
    checkTransition(stateOf(current), "going", cause.reason);
    // Approving is when they join the waitlist's queue, if there is no seat.
    if (await seatFree(tx, current.eventId, current.ticketTypeId))
      await transition(tx, current, "going", cause);
    else if (eventRow.waitlistEnabled) await transition(tx, current, "waitlisted", cause);
    else throw noSeats();
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export async function moveFromWaitlist(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false);
    if (current.status === "going") return;
    const cause = by(ctx, eventRow, "move", me.id);
    checkTransition(stateOf(current), "going", cause.reason);
    if (!(await seatFree(tx, current.eventId, current.ticketTypeId))) throw noSeats();
    await transition(tx, current, "going", cause);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

async function markCheckIn(tx: Db, cause: Cause, current: RegistrationRow, checkedIn: boolean) {
  if (Boolean(current.checkedInAt) === checkedIn) return;
  await transition(tx, current, checkedIn ? "checked_in" : "going", cause);
}

export async function checkIn(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false, "checkin");
    await markCheckIn(tx, by(ctx, eventRow, "check_in", me.id), current, true);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export async function undoCheckIn(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false, "checkin");
    await markCheckIn(tx, by(ctx, eventRow, "undo_check_in", me.id), current, false);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export async function checkInByCode(ctx: WriteCtx, eventId: string, code: string): Promise<RegistrationView> {
  const id = await ctx.db.transaction(async (tx) => {
    const { row, me } = await requireManagedEvent(tx, ctx.viewer, eventId, true, "checkin");
    const normalized = normalizeCheckInCode(code);
    const [current] = await tx
      .select()
      .from(registration)
      .where(and(eq(registration.eventId, eventId), eq(registration.checkInCode, normalized)))
      .limit(1);
    if (current?.status !== "going") {
      throw new DomainError("INVALID_CODE", "This code does not match anyone going to this event.");
    }
    await markCheckIn(tx, by(ctx, row, "check_in", me.id), current, true);
    return current.id;
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export type RegistrationFilter = {
  status?: RegistrationStatus | null;
  ticketTypeId?: string | null;
  search?: string | null;
};

function filterConditions(eventId: string, filter: RegistrationFilter) {
  const conditions = [eq(registration.eventId, eventId)];
  if (filter.status) conditions.push(eq(registration.status, filter.status));
  if (filter.ticketTypeId) conditions.push(eq(registration.ticketTypeId, filter.ticketTypeId));
  const search = filter.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    const code = normalizeCheckInCode(search);
    conditions.push(
      or(
        sql`${registrantName} ilike ${pattern}`,
        sql`${people.email} ilike ${pattern}`,
        // A guest without the QR code at hand reads out the code printed in their mail.
        code ? eq(registration.checkInCode, code) : undefined,
      ) ?? sql`true`,
    );
  }
  return conditions;
}

export async function messageRegistrants(
  ctx: WriteCtx,
  eventId: string,
  input: { subject: string; body: string; status?: RegistrationStatus | null; ticketTypeId?: string | null },
): Promise<number> {
  const subject = input.subject.trim();
  const body = input.body.trim();
  const errors: FieldError[] = [];
  if (!subject) errors.push({ field: "subject", code: "REQUIRED", message: "Write a subject." });
  if (isTooLong("messageSubject", subject))
    errors.push({ field: "subject", code: "TOO_LONG", message: tooLongMessage("messageSubject") });
  if (!body) errors.push({ field: "body", code: "REQUIRED", message: "Write a message." });
  if (isTooLong("messageBody", body))
    errors.push({ field: "body", code: "TOO_LONG", message: tooLongMessage("messageBody") });
  return ctx.db.transaction(async (tx) => {
    const { row, me } = await requireManagedEvent(tx, ctx.viewer, eventId, false, "registrations.manage");
    if (errors.length > 0) throw invalidInput(errors);
    const conditions = [eq(registration.eventId, eventId)];
    conditions.push(
      input.status ? eq(registration.status, input.status) : inArray(registration.status, ACTIVE),
    );
    if (input.ticketTypeId) conditions.push(eq(registration.ticketTypeId, input.ticketTypeId));
    const rows = await tx
      .select({ id: registration.id })
      .from(registration)
      .where(and(...conditions));
    const registrationIds = rows.map((r) => r.id);
    if (registrationIds.length > 0) {
      await ctx.emit(tx, {
        type: "event.message_sent",
        communityId: row.communityId,
        actorId: me.id,
        payload: { eventId, subject, body, registrationIds },
      });
    }
    return registrationIds.length;
  });
}

export type RegistrationPage = Page<RegistrationView> & { totalCount: number };

/** Managers' list of an event's registrations, oldest first, with a total for the filter. */
export async function listRegistrations(
  ctx: Ctx,
  eventId: string,
  filter: RegistrationFilter & { first?: number | null; after?: string | null },
): Promise<RegistrationPage> {
  const { row } = await requireManagedEvent(ctx.db, ctx.viewer, eventId, false, "registrations.manage");
  const first = Math.min(Math.max(filter.first ?? 50, 1), 200);
  const conditions = filterConditions(eventId, filter);
  const cursor = decodeCursor(filter.after);
  const pageConditions = [...conditions];
  if (cursor) {
    const { at, id } = cursor;
    pageConditions.push(
      or(gt(registration.createdAt, at), and(eq(registration.createdAt, at), gt(registration.id, id))) ??
        sql`true`,
    );
  }
  const needsJoin = Boolean(filter.search?.trim());
  const rowsQuery = ctx.db
    .select({ registration, person: personColumns })
    .from(registration)
    .innerJoin(people, eq(people.id, registration.userId))
    .where(and(...pageConditions))
    .orderBy(asc(registration.createdAt), asc(registration.id))
    .limit(first + 1);
  // Without a search or ticket filter the event's counters already hold the total.
  const counted: Partial<Record<RegistrationStatus, number>> = {
    going: row.goingCount,
    waitlisted: row.waitlistCount,
    pending: row.pendingCount,
  };
  const fromCounters =
    !needsJoin && !filter.ticketTypeId && filter.status ? counted[filter.status] : undefined;
  const totalQuery =
    fromCounters !== undefined
      ? Promise.resolve(fromCounters)
      : (needsJoin
          ? ctx.db
              .select({ n: count() })
              .from(registration)
              .innerJoin(people, eq(people.id, registration.userId))
              .where(and(...conditions))
          : ctx.db
              .select({ n: count() })
              .from(registration)
              .where(and(...conditions))
        ).then((r) => r[0]?.n ?? 0);
  const [rows, totalCount] = await Promise.all([rowsQuery, totalQuery]);
  const page = rows.slice(0, first);
  const loaders = ctx.loaders?.events ?? new Loaders(ctx.db, ctx.viewer?.id ?? null);
  loaders.primeCanManage(row.communityId, true);
  await loaders.eventViews([row]);
  const nodes = await Promise.all(page.map((r) => loaders.registrationView(r.registration, r.person)));
  const last = page.at(-1)?.registration;
  return {
    nodes,
    totalCount,
    hasNextPage: rows.length > first,
    endCursor: last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
  };
}

/** The viewer's own registrations, by the event's start: upcoming soonest first, past latest first. */
export async function myRegistrations(
  ctx: Ctx,
  args: { when: "upcoming" | "past"; first?: number | null; after?: string | null },
): Promise<Page<RegistrationView>> {
  const me = requireViewer(ctx.viewer);
  const first = Math.min(Math.max(args.first ?? 20, 1), 100);
  const upcoming = args.when === "upcoming";
  const now = new Date();
  const conditions = [
    eq(registration.userId, me.id),
    upcoming ? gte(event.endsAt, now) : lt(event.endsAt, now),
  ];
  const cursor = decodeCursor(args.after);
  if (cursor) {
    const { at, id } = cursor;
    const cmp = upcoming ? gt : lt;
    conditions.push(
      or(cmp(event.startsAt, at), and(eq(event.startsAt, at), cmp(registration.id, id))) ?? sql`true`,
    );
  }
  const rows = await ctx.db
    .select({ registration, event, person: personColumns })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .innerJoin(people, eq(people.id, registration.userId))
    .where(and(...conditions))
    .orderBy(
      ...(upcoming
        ? [asc(event.startsAt), asc(registration.id)]
        : [desc(event.startsAt), desc(registration.id)]),
    )
    .limit(first + 1);
  const page = rows.slice(0, first);
  const loaders = ctx.loaders?.events ?? new Loaders(ctx.db, me.id);
  await loaders.eventViews(page.map((r) => r.event));
  const nodes = await Promise.all(page.map((r) => loaders.registrationView(r.registration, r.person)));
  const last = page.at(-1);
  return {
    nodes,
    hasNextPage: rows.length > first,
    endCursor: last ? encodeCursor([last.event.startsAt.toISOString(), last.registration.id]) : null,
  };
}

/** Rows for the CSV export, paged by (createdAt, id); managers only (checked by the caller's first page). */
export async function exportRegistrations(
  ctx: Ctx,
  eventId: string,
  filter: RegistrationFilter,
): Promise<{
  event: EventRow;
  questions: { id: string; label: string }[];
  ticketTypes: Map<string, string>;
  pages: () => AsyncGenerator<{ registration: RegistrationRow; person: { name: string; email: string } }[]>;
}> {
  const { row } = await requireManagedEvent(ctx.db, ctx.viewer, eventId, false, "registrations.manage");
  const questions = await ctx.db
    .select({ id: registrationQuestion.id, label: registrationQuestion.label })
    .from(registrationQuestion)
    .where(eq(registrationQuestion.eventId, eventId))
    .orderBy(asc(registrationQuestion.position));
  const types = await ctx.db
    .select({ id: ticketType.id, name: ticketType.name })
    .from(ticketType)
    .where(eq(ticketType.eventId, eventId));
  const conditions = filterConditions(eventId, filter);
  const db = ctx.db;
  async function* pages() {
    let cursor: { at: Date; id: string } | null = null;
    for (;;) {
      const where = [...conditions];
      if (cursor) {
        const { at, id } = cursor;
        where.push(
          or(gt(registration.createdAt, at), and(eq(registration.createdAt, at), gt(registration.id, id))) ??
            sql`true`,
        );
      }
      const rows = await db
        .select({ registration, person: { name: registrantName, email: people.email } })
        .from(registration)
        .innerJoin(people, eq(people.id, registration.userId))
        .where(and(...where))
        .orderBy(asc(registration.createdAt), asc(registration.id))
        .limit(1000);
      if (rows.length === 0) return;
      yield rows;
      const last = rows.at(-1)?.registration;
      if (!last || rows.length < 1000) return;
      cursor = { at: last.createdAt, id: last.id };
    }
  }
  return { event: row, questions, ticketTypes: new Map(types.map((t) => [t.id, t.name])), pages };
}
