import { randomInt, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conflict, DomainError, type FieldError, forbidden, invalidInput, notFound } from "#server/errors.ts";
import { joinFromEvent } from "#server/modules/communities/communities.service.ts";
import { can } from "#server/modules/members/members.policy.ts";
import { getMembership, peopleWith } from "#server/modules/members/members.service.ts";
import {
  queueOrganizerMessage,
  queuePendingForOrganizers,
  queueRegistrationMail,
  type RegistrationMailKind,
} from "#server/modules/notifications/notifications.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import { people } from "#server/modules/users/users.service.ts";
import type { Capability } from "#shared/capabilities.ts";
import { isTooLong, tooLongMessage } from "#shared/limits.ts";
import { eventAccess } from "./events.policy.ts";
import { type Ctx, eventClosed, type Page, requireManagedEvent } from "./events.service.ts";
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
import { moveCounters, promoteWaitlisted, seatFree } from "./seats.service.ts";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Codes are read aloud or typed from a mail: case, spaces and dashes do not matter. */
const normalizeCheckInCode = (code: string) => code.trim().toUpperCase().replace(/[\s-]/g, "");
/** 10 characters from 32: about 50 bits, typed by hand at the door if the camera fails. */
const newCheckInCode = () => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(32)]).join("");

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

export async function register(ctx: Ctx, eventId: string, input: RegisterInput): Promise<RegistrationView> {
  const me = requireViewer(ctx.viewer);
  const id = await ctx.db.transaction(async (tx) => {
    // Every seat decision for this event happens under this row lock, one registration at a time.
    const row = await lockEvent(tx, eventId);
    const membership = await getMembership(tx, me.id, row.communityId);
    const access = eventAccess(row, me, membership);
    if (access !== "visible") throw notFound();
    const placed = await placeRegistration(tx, row, me.id, input, { guestName: null });
    if (row.visibility === "public" && !membership) await joinFromEvent(tx, row.communityId, me.id);
    return placed.id;
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

/**
 * The seat decision and the write, for a signed-in person or a guest. Call with the event row
 * locked (`lockEvent`). Queues the person's mail and, for approval events, the organizers'.
 */
export async function placeRegistration(
  tx: Db,
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

  let registrationId: string;
  if (existing) {
    registrationId = existing.id;
    await tx
      .update(registration)
      .set({
        status,
        ticketTypeId: chosen.id,
        answers: answers.value,
        guestName: options.guestName,
        checkedInAt: null,
        queuedAt: now,
        updatedAt: now,
      })
      .where(eq(registration.id, existing.id));
  } else {
    registrationId = randomUUID();
    await tx.insert(registration).values({
      id: registrationId,
      eventId,
      userId,
      ticketTypeId: chosen.id,
      status,
      answers: answers.value,
      guestName: options.guestName,
      checkInCode: newCheckInCode(),
      queuedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  await moveCounters(tx, eventId, chosen.id, null, status);
  const kind: RegistrationMailKind =
    status === "going" ? "confirmation" : status === "waitlisted" ? "waitlisted" : "pending";
  await queueRegistrationMail(tx, { registrationId, kind });
  if (status === "pending") {
    const managers = await peopleWith(tx, row.communityId, "registrations.manage");
    await queuePendingForOrganizers(tx, { registrationId, organizerIds: managers.map((m) => m.id) });
  }
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

async function setStatus(tx: Db, current: RegistrationRow, to: RegistrationStatus) {
  const checkedOut = current.checkedInAt && to !== "going" ? -1 : 0;
  await tx
    .update(registration)
    .set({ status: to, updatedAt: new Date(), ...(checkedOut ? { checkedInAt: null } : {}) })
    .where(eq(registration.id, current.id));
  await moveCounters(tx, current.eventId, current.ticketTypeId, current.status, to, checkedOut);
}

export async function cancelRegistration(ctx: Ctx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current } = await lockRegistration(tx, ctx.viewer, id, true);
    await cancelLocked(tx, current);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

/** Cancels a registration whose event row is locked: frees the seat, promotes, sends the mail. */
export async function cancelLocked(tx: Db, current: RegistrationRow): Promise<void> {
  if (!ACTIVE.includes(current.status)) return;
  // The seat was used: canceling now would free a place that is already taken at the door.
  if (current.checkedInAt) {
    throw new DomainError("CHECKED_IN", "You're already checked in, so this registration can't be canceled.");
  }
  await setStatus(tx, current, "canceled");
  await queueRegistrationMail(tx, { registrationId: current.id, kind: "canceled" });
  if (current.status === "going") await promoteWaitlisted(tx, current.eventId);
}

export async function declineRegistration(ctx: Ctx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current } = await lockRegistration(tx, ctx.viewer, id, false);
    if (!ACTIVE.includes(current.status)) return;
    await setStatus(tx, current, "declined");
    await queueRegistrationMail(tx, { registrationId: id, kind: "declined" });
    if (current.status === "going") await promoteWaitlisted(tx, current.eventId);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

const noSeats = () => new DomainError("NO_SEATS", "There is no free seat.");

export async function approveRegistration(ctx: Ctx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow } = await lockRegistration(tx, ctx.viewer, id, false);
    if (current.status === "going") return;
    if (current.status !== "pending") {
      throw conflict("Only pending registrations can be approved.");
    }
    if (await seatFree(tx, current.eventId, current.ticketTypeId)) {
      await setStatus(tx, current, "going");
      await queueRegistrationMail(tx, { registrationId: id, kind: "approved" });
    } else if (eventRow.waitlistEnabled) {
      // The waitlist is ordered by approval time: approving is when they joined the queue.
      await tx.update(registration).set({ queuedAt: new Date() }).where(eq(registration.id, id));
      await setStatus(tx, current, "waitlisted");
      await queueRegistrationMail(tx, { registrationId: id, kind: "waitlisted" });
    } else throw noSeats();
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export async function moveFromWaitlist(ctx: Ctx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current } = await lockRegistration(tx, ctx.viewer, id, false);
    if (current.status === "going") return;
    if (current.status !== "waitlisted") {
      throw conflict("Only waitlisted registrations can be moved.");
    }
    if (!(await seatFree(tx, current.eventId, current.ticketTypeId))) throw noSeats();
    await setStatus(tx, current, "going");
    await queueRegistrationMail(tx, { registrationId: id, kind: "promoted" });
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

async function markCheckIn(tx: Db, current: RegistrationRow, checkedIn: boolean) {
  if (Boolean(current.checkedInAt) === checkedIn) return;
  if (checkedIn && current.status !== "going") {
    throw conflict("Only people who are going can be checked in.");
  }
  await tx
    .update(registration)
    .set({ checkedInAt: checkedIn ? new Date() : null, updatedAt: new Date() })
    .where(eq(registration.id, current.id));
  await moveCounters(tx, current.eventId, current.ticketTypeId, null, null, checkedIn ? 1 : -1);
}

export async function checkIn(ctx: Ctx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current } = await lockRegistration(tx, ctx.viewer, id, false, "checkin");
    await markCheckIn(tx, current, true);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export async function undoCheckIn(ctx: Ctx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current } = await lockRegistration(tx, ctx.viewer, id, false, "checkin");
    await markCheckIn(tx, current, false);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export async function checkInByCode(ctx: Ctx, eventId: string, code: string): Promise<RegistrationView> {
  const id = await ctx.db.transaction(async (tx) => {
    await requireManagedEvent(tx, ctx.viewer, eventId, true, "checkin");
    const normalized = normalizeCheckInCode(code);
    const [current] = await tx
      .select()
      .from(registration)
      .where(and(eq(registration.eventId, eventId), eq(registration.checkInCode, normalized)))
      .limit(1);
    if (current?.status !== "going") {
      throw new DomainError("INVALID_CODE", "This code does not match anyone going to this event.");
    }
    await markCheckIn(tx, current, true);
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
  ctx: Ctx,
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
    await requireManagedEvent(tx, ctx.viewer, eventId, false, "registrations.manage");
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
    if (registrationIds.length > 0)
      await queueOrganizerMessage(tx, { eventId, subject, body, registrationIds });
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
