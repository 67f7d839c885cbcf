import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import { likePattern } from "#server/db/like-pattern.ts";
import { type FieldError, invalidInput } from "#server/errors.ts";
import {
  type Page,
  questionsOf,
  requireManagedEvent,
  ticketTypesOf,
} from "#server/modules/events/events.service.ts";
import {
  decodeCursor,
  type EventRow,
  encodeCursor,
  eventsForJoin,
} from "#server/modules/events/events.views.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import { people } from "#server/modules/users/users.service.ts";
import { isTooLong, tooLongMessage } from "#shared/limits.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import { normalizeCheckInCode } from "./check-in.service.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";
import { ACTIVE } from "./registrations.service.ts";
import { registration } from "./registrations.tables.ts";
import {
  type Ctx,
  personColumns,
  type RegistrationRow,
  type RegistrationView,
  registrantName,
  registrationLoaders,
  type WriteCtx,
} from "./registrations.views.ts";

export type RegistrationFilter = {
  status?: RegistrationStatus | null;
  ticketTypeId?: string | null;
  search?: string | null;
};

export function filterConditions(eventId: string, filter: RegistrationFilter) {
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
  const subjectProblem = nameCharactersProblem(subject);
  if (subjectProblem) errors.push({ field: "subject", ...subjectProblem });
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
  const loaders = registrationLoaders(ctx);
  loaders.ofEvents.primeCanManage(row.communityId, true);
  await loaders.ofEvents.eventViews([row]);
  const nodes = page.map((r) => loaders.registrationView(r.registration, r.person));
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
    upcoming ? gte(eventsForJoin.endsAt, now) : lt(eventsForJoin.endsAt, now),
  ];
  const cursor = decodeCursor(args.after);
  if (cursor) {
    const { at, id } = cursor;
    const cmp = upcoming ? gt : lt;
    conditions.push(
      or(cmp(eventsForJoin.startsAt, at), and(eq(eventsForJoin.startsAt, at), cmp(registration.id, id))) ??
        sql`true`,
    );
  }
  const rows = await ctx.db
    .select({ registration, event: eventsForJoin, person: personColumns })
    .from(registration)
    .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
    .innerJoin(people, eq(people.id, registration.userId))
    .where(and(...conditions))
    .orderBy(
      ...(upcoming
        ? [asc(eventsForJoin.startsAt), asc(registration.id)]
        : [desc(eventsForJoin.startsAt), desc(registration.id)]),
    )
    .limit(first + 1);
  const page = rows.slice(0, first);
  const loaders = registrationLoaders(ctx);
  await loaders.ofEvents.eventViews(page.map((r) => r.event));
  const nodes = page.map((r) => loaders.registrationView(r.registration, r.person));
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
  const questions = (await questionsOf(ctx.db, eventId)).map((q) => ({ id: q.id, label: q.label }));
  const types = await ticketTypesOf(ctx.db, eventId);
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
