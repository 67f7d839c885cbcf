import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { likePattern } from "#server/db/like-pattern.ts";
import { preparedFor } from "#server/db/prepared.ts";
import type { RememberingLoaders } from "#server/db/read-cache.ts";
import { DomainError, forbidden, notFound, unauthenticated } from "#server/errors.ts";
import type { CommunityLoaders } from "#server/modules/communities/communities.loaders.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { can, hasBenefit } from "#server/modules/members/members.policy.ts";
import { getMembership, requireMembership } from "#server/modules/members/members.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import type { Capability } from "#shared/capabilities.ts";
import { canManageEvents, eventAccess, listedFor } from "./events.policy.ts";
import { type EventStatus, event, registrationQuestion, ticketType } from "./events.tables.ts";
import {
  decodeCursor,
  type EventRow,
  type EventView,
  Loaders,
  pageOf,
  type QuestionRow,
  type TicketTypeRow,
} from "./events.views.ts";

/** `loaders`: the request's, shared by every field it resolves (absent in writes and jobs). */
export type Ctx = {
  db: Db;
  viewer: Viewer | null;
  loaders?: ({ events: Loaders; communities: CommunityLoaders } & RememberingLoaders) | null;
};
/** Writes also append their domain events to the log. */
export type WriteCtx = Ctx & { emit: Emit };
export type Page<T> = { nodes: T[]; endCursor: string | null; hasNextPage: boolean };

export const eventClosed = () => new DomainError("EVENT_CLOSED", "This event is not open for registration.");

// ---------------------------------------------------------------------------------------------
// Reading

type ListShape = { filter: EventListFilter; searching: boolean; paging: boolean };

/**
 * The statement behind an event list, one per shape of the list (filter, search, page), built
 * once per database: its values come as placeholders.
 */
function eventListStatement(db: Db, shape: ListShape) {
  const name = `events_${shape.filter}_${shape.searching ? "s" : ""}${shape.paging ? "p" : ""}`;
  return preparedFor(db, name, () => {
    const at = sql.placeholder("cursorAt");
    const id = sql.placeholder("cursorId");
    const conditions = [eq(event.communityId, sql.placeholder("communityId"))];
    if (shape.searching) conditions.push(ilike(event.title, sql.placeholder("search")));
    let order: ReturnType<typeof asc>[];
    if (shape.filter === "drafts") {
      conditions.push(eq(event.status, "draft"));
      if (shape.paging) {
        conditions.push(
          or(lt(event.createdAt, at), and(eq(event.createdAt, at), lt(event.id, id))) ?? sql`true`,
        );
      }
      order = [desc(event.createdAt), desc(event.id)];
    } else {
      conditions.push(inArray(event.status, ["published", "canceled"] as EventStatus[]));
      conditions.push(sql`${event.visibility} = any(${sql.placeholder("visibility")})`);
      const upcoming = shape.filter === "upcoming";
      // An event under way still counts as upcoming: it leaves the list when it ends.
      const now = sql.placeholder("now");
      conditions.push(upcoming ? gte(event.endsAt, now) : lt(event.endsAt, now));
      if (shape.paging) {
        const cmp = upcoming ? gt : lt;
        conditions.push(
          or(cmp(event.startsAt, at), and(eq(event.startsAt, at), cmp(event.id, id))) ?? sql`true`,
        );
      }
      order = upcoming ? [asc(event.startsAt), asc(event.id)] : [desc(event.startsAt), desc(event.id)];
    }
    return db
      .select()
      .from(event)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .prepare(name);
  });
}

/** An event the viewer may see, or NOT_FOUND (UNAUTHENTICATED for members-only when signed out). */
export async function getEvent(ctx: Ctx, id: string): Promise<EventView> {
  const [row] = await ctx.db.select().from(event).where(eq(event.id, id)).limit(1);
  if (!row) throw notFound();
  return (await authorizeEvent(ctx, row)).view;
}

/** Checks the viewer may see an event row and builds its view. */
export async function authorizeEvent({ db, viewer, loaders: shared }: Ctx, row: EventRow) {
  const membership = !viewer
    ? null
    : shared
      ? await shared.communities.viewerMembership.load(row.communityId)
      : await getMembership(db, viewer.id, row.communityId);
  const access = eventAccess(row, viewer, membership);
  if (access === "unauthenticated") throw unauthenticated();
  if (access === "hidden") throw notFound();
  const loaders = shared?.events ?? new Loaders(db, viewer?.id ?? null);
  loaders.primeCanManage(row.communityId, canManageEvents(membership));
  const [view] = await loaders.eventViews([row]);
  if (!view) throw notFound();
  return { view, membership, loaders };
}

/**
 * The event for a member holding `capability` in its community: NOT_FOUND to those who cannot
 * see it, FORBIDDEN to other viewers.
 */
export async function requireManagedEvent(
  db: Db,
  viewer: Viewer | null,
  id: string,
  lock = false,
  capability: Capability = "events.manage",
) {
  const me = requireViewer(viewer);
  const query = db.select().from(event).where(eq(event.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  const membership = await getMembership(db, me.id, row.communityId);
  if (!can(membership, capability)) {
    if (eventAccess(row, me, membership) === "visible") throw forbidden("Only organizers can do that.");
    throw notFound();
  }
  return { row, me, membership };
}

export type EventListFilter = "upcoming" | "past" | "drafts";

export async function listEvents(
  ctx: Ctx,
  args: {
    communityId: string;
    filter: EventListFilter;
    search?: string | null;
    first?: number | null;
    after?: string | null;
  },
): Promise<Page<EventView>> {
  // With loaders, the same read brings the host's row, which every event's view shows.
  const member = await requireMembership(ctx, args.communityId);
  const canManage = canManageEvents(member);
  if (args.filter === "drafts" && !canManage) throw forbidden("Only organizers see drafts.");
  const first = Math.min(Math.max(args.first ?? 20, 1), 100);
  const cursor = decodeCursor(args.after);
  const search = args.search?.trim();
  const visibility = listedFor(canManage, hasBenefit(member, "members_only_events"));
  const read = () =>
    eventListStatement(ctx.db, {
      filter: args.filter,
      searching: Boolean(search),
      paging: Boolean(cursor),
    }).execute({
      communityId: args.communityId,
      now: new Date(),
      limit: first + 1,
      visibility,
      search: search ? likePattern(search) : null,
      cursorAt: cursor?.at ?? null,
      cursorId: cursor?.id ?? null,
    });
  // Organizers and members of one community see the same list: it is kept for all of them.
  const key = JSON.stringify(["events", args.filter, visibility, first, search ?? "", args.after ?? ""]);
  const rows = ctx.loaders ? await ctx.loaders.remember(key, args.communityId, read) : await read();
  const { page, hasNextPage, endCursor } = pageOf(rows, first, args.filter === "drafts");
  const loaders = ctx.loaders?.events ?? new Loaders(ctx.db, member.viewer.id);
  loaders.primeCanManage(args.communityId, canManage);
  return { nodes: await loaders.eventViews(page), hasNextPage, endCursor };
}

/** What a community's public page lists: its next public events and how many public ones ended. */
export type CommunityShowcase = { upcoming: EventRow[]; pastCount: number };

/**
 * Published public events only: the page is the same for every visitor, so members-only and
 * unlisted events stay off it whoever looks.
 */
export async function communityShowcase(
  db: Db,
  communityId: string,
  now: Date,
  limit = 6,
): Promise<CommunityShowcase> {
  const listed = and(
    eq(event.communityId, communityId),
    eq(event.status, "published"),
    eq(event.visibility, "public"),
  );
  const [upcoming, [past]] = await Promise.all([
    db
      .select()
      .from(event)
      .where(and(listed, gte(event.endsAt, now)))
      .orderBy(asc(event.startsAt), asc(event.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(event)
      .where(and(listed, lt(event.endsAt, now))),
  ]);
  return { upcoming, pastCount: past?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** An event's ticket types, in the organizer's order (for registering and exports). */
export function ticketTypesOf(db: Db, eventId: string): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketType)
    .where(eq(ticketType.eventId, eventId))
    .orderBy(asc(ticketType.position));
}

/**
 * What registering for an event is checked against, in one statement: its ticket types (with their
 * seat counters) and its registration questions, each in the organizer's order. Read under the
 * event's lock: changing the event changes both under the same lock. An event without ticket
 * types answers no questions either; nobody can register for it.
 */
export async function registrationTerms(
  db: Db,
  eventId: string,
): Promise<{ types: TicketTypeRow[]; questions: QuestionRow[] }> {
  const rows = await db
    .select({
      type: ticketType,
      questions: sql<QuestionRow[] | null>`(
        select json_agg(json_build_object('id', q.id, 'eventId', q.event_id, 'kind', q.kind,
          'label', q.label, 'required', q.required, 'options', q.options, 'position', q.position)
          order by q.position)
        from ${registrationQuestion} q where q.event_id = ${eventId})`,
    })
    .from(ticketType)
    .where(eq(ticketType.eventId, eventId))
    .orderBy(asc(ticketType.position));
  return { types: rows.map((r) => r.type), questions: rows[0]?.questions ?? [] };
}

/** An event's registration questions, in the organizer's order. */
export function questionsOf(db: Db, eventId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(registrationQuestion)
    .where(eq(registrationQuestion.eventId, eventId))
    .orderBy(asc(registrationQuestion.position));
}

/** Of the given events, the ones that have ended by `now` (the members table settles who went). */
export async function endedEvents(
  db: Db,
  ids: readonly string[],
  now: Date,
): Promise<{ id: string; endsAt: Date }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: event.id, endsAt: event.endsAt })
    .from(event)
    .where(and(inArray(event.id, [...ids]), lt(event.endsAt, now)));
}

/**
 * The next event a community's members see (the selection card's line), for a community the viewer
 * was already shown: one statement for all the cards of a request.
 */
export function nextEventOf(ctx: Ctx, communityId: string): Promise<EventView | null> {
  const loaders = ctx.loaders?.events ?? new Loaders(ctx.db, ctx.viewer?.id ?? null);
  return loaders.nextEvents.load(communityId);
}

/**
 * The communities of those of the given events that have a page anyone may have viewed: published
 * or canceled ones. Drafts and unknown ids are left out.
 */
export async function communitiesOfShownEvents(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: event.id, communityId: event.communityId })
    .from(event)
    .where(and(inArray(event.id, unique), ne(event.status, "draft")));
  return new Map(rows.map((row) => [row.id, row.communityId]));
}

/** Titles of events by id in one query (lines that name many events); unknown ids are left out. */
export async function eventTitles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: event.id, title: event.title })
    .from(event)
    .where(inArray(event.id, unique));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Titles of those of the given events that belong to the community; others are left out. */
export async function communityEventTitles(
  db: Db,
  communityId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: event.id, title: event.title })
    .from(event)
    .where(and(eq(event.communityId, communityId), inArray(event.id, unique)));
  return new Map(rows.map((row) => [row.id, row.title]));
}
