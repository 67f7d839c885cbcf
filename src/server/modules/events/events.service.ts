import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, forbidden, invalidInput, notFound, unauthenticated } from "#server/errors.ts";
import type { CommunityLoaders } from "#server/modules/communities/communities.loaders.ts";
import { communityHosts } from "#server/modules/communities/communities.service.ts";
import { communityAssetUrl } from "#server/modules/files/files.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { can } from "#server/modules/members/members.policy.ts";
import { getMembership, requireMembership } from "#server/modules/members/members.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import type { Capability } from "#shared/capabilities.ts";
import { isTooLong, TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { canManageEvents, eventAccess, listedFor } from "./events.policy.ts";
import { type EventStatus, event, registration, registrationQuestion, ticketType } from "./events.tables.ts";
import { type EventInput, type ValidEvent, validateEventInput } from "./events.validation.ts";
import {
  decodeCursor,
  type EventRow,
  type EventView,
  encodeCursor,
  Loaders,
  likePattern,
} from "./events.views.ts";
import { promoteWaitlisted } from "./registration-state.service.ts";

export type { RegistrationStatus } from "./events.tables.ts";
export type { EventView, RegistrationView } from "./events.views.ts";
export { publicPath } from "./events.views.ts";
export {
  type EventMailContext,
  eventMailContext,
  type RegistrationMailContext,
  registrationMailContext,
  registrationsToNotify,
} from "./mail-context.service.ts";

/** `loaders`: the request's, shared by every field it resolves (absent in writes and jobs). */
export type Ctx = {
  db: Db;
  viewer: Viewer | null;
  loaders?: { events: Loaders; communities: CommunityLoaders } | null;
};
/** Writes also append their domain events to the log. */
export type WriteCtx = Ctx & { emit: Emit };
export type Page<T> = { nodes: T[]; endCursor: string | null; hasNextPage: boolean };

export const eventClosed = () => new DomainError("EVENT_CLOSED", "This event is not open for registration.");

// ---------------------------------------------------------------------------------------------
// Reading

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
  const member = await requireMembership(ctx, args.communityId);
  const canManage = canManageEvents(member);
  if (args.filter === "drafts" && !canManage) throw forbidden("Only organizers see drafts.");
  const first = Math.min(Math.max(args.first ?? 20, 1), 100);
  const now = new Date();
  const cursor = decodeCursor(args.after);
  const conditions = [eq(event.communityId, args.communityId)];
  const search = args.search?.trim();
  if (search) conditions.push(ilike(event.title, likePattern(search)));
  let order: ReturnType<typeof asc>[];
  if (args.filter === "drafts") {
    conditions.push(eq(event.status, "draft"));
    if (cursor) {
      const { at, id } = cursor;
      conditions.push(
        or(lt(event.createdAt, at), and(eq(event.createdAt, at), lt(event.id, id))) ?? sql`true`,
      );
    }
    order = [desc(event.createdAt), desc(event.id)];
  } else {
    conditions.push(inArray(event.status, ["published", "canceled"] as EventStatus[]));
    conditions.push(inArray(event.visibility, listedFor(canManage)));
    const upcoming = args.filter === "upcoming";
    // An event under way still counts as upcoming: it leaves the list when it ends.
    conditions.push(upcoming ? gte(event.endsAt, now) : lt(event.endsAt, now));
    if (cursor) {
      const { at, id } = cursor;
      const cmp = upcoming ? gt : lt;
      conditions.push(
        or(cmp(event.startsAt, at), and(eq(event.startsAt, at), cmp(event.id, id))) ?? sql`true`,
      );
    }
    order = upcoming ? [asc(event.startsAt), asc(event.id)] : [desc(event.startsAt), desc(event.id)];
  }
  const rows = await ctx.db
    .select()
    .from(event)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(first + 1);
  const page = rows.slice(0, first);
  const loaders = ctx.loaders?.events ?? new Loaders(ctx.db, member.viewer.id);
  loaders.primeCanManage(args.communityId, canManage);
  const nodes = await loaders.eventViews(page);
  const last = page.at(-1);
  return {
    nodes,
    hasNextPage: rows.length > first,
    endCursor: last
      ? encodeCursor([(args.filter === "drafts" ? last.createdAt : last.startsAt).toISOString(), last.id])
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

async function resolveCover(db: Db, communityId: string, coverPath: string | null | undefined) {
  if (coverPath === undefined || coverPath === null) return { keep: true as const };
  if (coverPath === "") return { keep: false as const, url: null };
  const url = await communityAssetUrl(db, communityId, coverPath);
  return url ? { keep: false as const, url } : { error: true as const };
}

function validOrThrow(input: EventInput): ValidEvent {
  const { value, errors } = validateEventInput(input);
  if (errors.length > 0) throw invalidInput(errors);
  return value;
}

const coverError = {
  field: "coverPath",
  code: "INVALID_IMAGE",
  message: "Upload the image again, then save.",
};

// Publishing tells people to come: a start that has passed is almost always a typo.
const startsInPast = {
  field: "startsAtLocal",
  code: "STARTS_IN_PAST",
  message: "This start time has passed. Choose a later time, or keep the event as a draft.",
};

export async function createEvent(
  ctx: WriteCtx,
  communityId: string,
  input: EventInput,
  publish: boolean,
): Promise<EventView> {
  const member = await requireMembership(ctx, communityId);
  if (!canManageEvents(member)) throw forbidden("Only organizers can create events.");
  const { value, errors } = validateEventInput(input);
  if (publish && value.fields.startsAt < new Date()) errors.push(startsInPast);
  const cover = await resolveCover(ctx.db, communityId, input.coverPath);
  if ("error" in cover) errors.push(coverError);
  if (errors.length > 0) throw invalidInput(errors);
  const hosts = await communityHosts(ctx.db, [communityId]);
  const currency = hosts.get(communityId)?.currency ?? "EUR";
  const id = randomUUID();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(event).values({
      id,
      communityId,
      ...value.fields,
      coverUrl: "url" in cover ? cover.url : null,
      status: publish ? "published" : "draft",
      publishedAt: publish ? now : null,
      createdBy: member.viewer.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertChildren(tx, id, currency, value);
    await ctx.emit(tx, {
      type: "event.created",
      communityId,
      actorId: member.viewer.id,
      payload: { eventId: id, title: value.fields.title },
    });
    if (publish) {
      await ctx.emit(tx, {
        type: "event.published",
        communityId,
        actorId: member.viewer.id,
        payload: { eventId: id, title: value.fields.title },
      });
    }
  });
  return getEvent(ctx, id);
}

async function insertChildren(tx: Db, eventId: string, currency: string, value: ValidEvent) {
  if (value.ticketTypes.length > 0) {
    await tx.insert(ticketType).values(
      value.ticketTypes.map((tt, position) => ({
        id: randomUUID(),
        eventId,
        name: tt.name,
        quantity: tt.quantity,
        currency,
        position,
      })),
    );
  }
  if (value.questions.length > 0) {
    await tx.insert(registrationQuestion).values(
      value.questions.map((q, position) => ({
        id: randomUUID(),
        eventId,
        kind: q.kind,
        label: q.label,
        required: q.required,
        options: q.options,
        position,
      })),
    );
  }
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export async function updateEvent(ctx: WriteCtx, id: string, input: EventInput): Promise<EventView> {
  const value = validOrThrow(input);
  const changed = await ctx.db.transaction(async (tx) => {
    // Locked like a registration would: seats and counters are decided under this lock.
    const { row: before, me } = await requireManagedEvent(tx, ctx.viewer, id, true);
    if (before.status === "canceled") throw eventClosed();
    if (value.fields.capacity !== null && value.fields.capacity < before.goingCount) {
      throw invalidInput([
        {
          field: "capacity",
          code: "CAPACITY_BELOW_GOING",
          message: `${before.goingCount} people are going. Allow at least ${before.goingCount} seats, or cancel registrations first.`,
        },
      ]);
    }
    const cover = await resolveCover(tx, before.communityId, input.coverPath);
    if ("error" in cover) throw invalidInput([coverError]);
    const hosts = await communityHosts(tx, [before.communityId]);
    const currency = hosts.get(before.communityId)?.currency ?? "EUR";

    const existingTypes = await tx.select().from(ticketType).where(eq(ticketType.eventId, id));
    const existingQuestions = await tx
      .select({ id: registrationQuestion.id })
      .from(registrationQuestion)
      .where(eq(registrationQuestion.eventId, id));
    const keptTypeIds = new Set(value.ticketTypes.map((tt) => tt.id).filter((v): v is string => Boolean(v)));
    const removedTypes = existingTypes.filter((tt) => !keptTypeIds.has(tt.id));
    if (removedTypes.length > 0) {
      const used = await tx
        .select({ ticketTypeId: registration.ticketTypeId })
        .from(registration)
        .where(
          inArray(
            registration.ticketTypeId,
            removedTypes.map((tt) => tt.id),
          ),
        )
        .limit(1);
      if (used.length > 0) {
        throw invalidInput([
          {
            field: "ticketTypes",
            code: "TICKET_TYPE_IN_USE",
            message: "People registered with a ticket type you removed. Keep it, or rename it.",
          },
        ]);
      }
      await tx.delete(ticketType).where(
        inArray(
          ticketType.id,
          removedTypes.map((tt) => tt.id),
        ),
      );
    }
    const existingTypeIds = new Set(existingTypes.map((tt) => tt.id));
    for (const [position, tt] of value.ticketTypes.entries()) {
      if (tt.id && existingTypeIds.has(tt.id)) {
        await tx
          .update(ticketType)
          .set({ name: tt.name, quantity: tt.quantity, position })
          .where(eq(ticketType.id, tt.id));
      } else {
        await tx.insert(ticketType).values({
          id: randomUUID(),
          eventId: id,
          name: tt.name,
          quantity: tt.quantity,
          currency,
          position,
        });
      }
    }
    const existingQuestionIds = new Set(existingQuestions.map((q) => q.id));
    const keptQuestionIds = new Set(value.questions.map((q) => q.id).filter((v): v is string => Boolean(v)));
    const removedQuestions = existingQuestions.filter((q) => !keptQuestionIds.has(q.id)).map((q) => q.id);
    if (removedQuestions.length > 0)
      await tx.delete(registrationQuestion).where(inArray(registrationQuestion.id, removedQuestions));
    for (const [position, q] of value.questions.entries()) {
      const fields = { kind: q.kind, label: q.label, required: q.required, options: q.options, position };
      if (q.id && existingQuestionIds.has(q.id)) {
        await tx.update(registrationQuestion).set(fields).where(eq(registrationQuestion.id, q.id));
      } else {
        await tx.insert(registrationQuestion).values({ id: randomUUID(), eventId: id, ...fields });
      }
    }

    const now = new Date();
    const [after] = await tx
      .update(event)
      .set({ ...value.fields, ...("url" in cover ? { coverUrl: cover.url } : {}), updatedAt: now })
      .where(eq(event.id, id))
      .returning();
    if (!after) throw notFound();
    const timeOrPlaceChanged =
      !sameTime(before.startsAt, after.startsAt) ||
      !sameTime(before.endsAt, after.endsAt) ||
      before.timeZone !== after.timeZone ||
      before.venueName !== after.venueName ||
      before.venueAddress !== after.venueAddress ||
      before.onlineUrl !== after.onlineUrl;
    await ctx.emit(tx, {
      type: "event.changed",
      communityId: before.communityId,
      actorId: me.id,
      payload: {
        eventId: id,
        before: { title: before.title, startsAt: before.startsAt, endsAt: before.endsAt },
        after: { title: after.title, startsAt: after.startsAt, endsAt: after.endsAt },
        status: after.status,
        timeOrPlaceChanged,
        startChanged: !sameTime(before.startsAt, after.startsAt),
      },
    });
    // Raised capacity or ticket quantities free seats for the waitlist.
    await promoteWaitlisted(tx, ctx.emit, id);
    return after;
  });
  return getEvent(ctx, changed.id);
}

export async function publishEvent(ctx: WriteCtx, id: string): Promise<EventView> {
  await ctx.db.transaction(async (tx) => {
    const { row, me } = await requireManagedEvent(tx, ctx.viewer, id, true);
    if (row.status === "published") return;
    if (row.status === "canceled") throw eventClosed();
    if (row.startsAt < new Date()) throw invalidInput([startsInPast]);
    await tx
      .update(event)
      .set({ status: "published", publishedAt: new Date(), updatedAt: new Date() })
      .where(eq(event.id, id));
    await ctx.emit(tx, {
      type: "event.published",
      communityId: row.communityId,
      actorId: me.id,
      payload: { eventId: id },
    });
  });
  return getEvent(ctx, id);
}

export async function cancelEvent(
  ctx: WriteCtx,
  id: string,
  message: string | null | undefined,
): Promise<EventView> {
  const text = message?.trim() || null;
  if (isTooLong("cancelMessage", text)) {
    throw invalidInput([{ field: "message", code: "TOO_LONG", message: tooLongMessage("cancelMessage") }]);
  }
  await ctx.db.transaction(async (tx) => {
    const { row, me } = await requireManagedEvent(tx, ctx.viewer, id, true);
    if (row.status === "canceled") return;
    const now = new Date();
    await tx
      .update(event)
      .set({ status: "canceled", canceledAt: now, cancelMessage: text, updatedAt: now })
      .where(eq(event.id, id));
    await ctx.emit(tx, {
      type: "event.canceled",
      communityId: row.communityId,
      actorId: me.id,
      payload: { eventId: id, message: text, wasPublished: row.status === "published" },
    });
  });
  return getEvent(ctx, id);
}

export async function duplicateEvent(ctx: WriteCtx, id: string): Promise<EventView> {
  const { row, me } = await requireManagedEvent(ctx.db, ctx.viewer, id);
  const suffix = " (copy)";
  const title =
    row.title.length + suffix.length > TEXT_LIMITS.eventTitle
      ? `${row.title.slice(0, TEXT_LIMITS.eventTitle - suffix.length - 1)}…${suffix}`
      : `${row.title}${suffix}`;
  const newId = randomUUID();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(event).values({
      id: newId,
      communityId: row.communityId,
      title,
      description: row.description,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      timeZone: row.timeZone,
      venueName: row.venueName,
      venueAddress: row.venueAddress,
      onlineUrl: row.onlineUrl,
      coverUrl: row.coverUrl,
      status: "draft",
      visibility: row.visibility,
      capacity: row.capacity,
      waitlistEnabled: row.waitlistEnabled,
      approvalRequired: row.approvalRequired,
      requireVerifiedEmail: row.requireVerifiedEmail,
      createdBy: me.id,
      createdAt: now,
      updatedAt: now,
    });
    const types = await tx
      .select()
      .from(ticketType)
      .where(eq(ticketType.eventId, id))
      .orderBy(asc(ticketType.position));
    if (types.length > 0)
      await tx.insert(ticketType).values(
        types.map((tt) => ({
          id: randomUUID(),
          eventId: newId,
          name: tt.name,
          priceMinor: tt.priceMinor,
          currency: tt.currency,
          quantity: tt.quantity,
          salesStartAt: tt.salesStartAt,
          salesEndAt: tt.salesEndAt,
          position: tt.position,
        })),
      );
    const questions = await tx
      .select()
      .from(registrationQuestion)
      .where(eq(registrationQuestion.eventId, id))
      .orderBy(asc(registrationQuestion.position));
    if (questions.length > 0)
      await tx.insert(registrationQuestion).values(
        questions.map((q) => ({
          id: randomUUID(),
          eventId: newId,
          kind: q.kind,
          label: q.label,
          required: q.required,
          options: q.options,
          position: q.position,
        })),
      );
    await ctx.emit(tx, {
      type: "event.created",
      communityId: row.communityId,
      actorId: me.id,
      payload: { eventId: newId, title, duplicatedFrom: id },
    });
  });
  return getEvent(ctx, newId);
}
