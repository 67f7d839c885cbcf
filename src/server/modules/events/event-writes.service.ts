import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { forbidden, invalidInput, notFound } from "#server/errors.ts";
import { communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { communityAssetUrl } from "#server/modules/files/files.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { requireMembership } from "#server/modules/members/members.service.ts";
import { canManageEvents } from "./events.policy.ts";
import { eventClosed, getEvent, requireManagedEvent, type WriteCtx } from "./events.service.ts";
import { event, registrationQuestion, ticketType } from "./events.tables.ts";
import { type EventInput, type ValidEvent, validateEventInput } from "./events.validation.ts";
import type { EventView } from "./events.views.ts";
import { seatsTaken } from "./seats.service.ts";
import {
  insertTicketTypes,
  type PaymentsGate,
  replaceTicketTypes,
  requirePaymentsFor,
} from "./ticket-types.service.ts";

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
export const startsInPast = {
  field: "startsAtLocal",
  code: "STARTS_IN_PAST",
  message: "This start time has passed. Choose a later time, or keep the event as a draft.",
};

export async function createEvent(
  ctx: WriteCtx,
  communityId: string,
  input: EventInput,
  publish: boolean,
  payments: PaymentsGate,
): Promise<EventView> {
  const member = await requireMembership(ctx, communityId);
  if (!canManageEvents(member)) throw forbidden("Only organizers can create events.");
  const { value, errors } = validateEventInput(input);
  if (publish && value.fields.startsAt < new Date()) errors.push(startsInPast);
  const cover = await resolveCover(ctx.db, communityId, input.coverPath);
  if ("error" in cover) errors.push(coverError);
  if (errors.length > 0) throw invalidInput(errors);
  await requirePaymentsFor(ctx.db, payments, communityId, value.ticketTypes);
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
  await insertTicketTypes(tx, eventId, currency, value.ticketTypes);
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

/**
 * What changing an event asks of its registrations. The registrations module builds on events, so
 * the caller hands it in (`seatKeeper` from registrations).
 */
export type SeatKeeper = {
  /** Which of these ticket types someone registered with. */
  ticketTypesInUse(tx: Db, ticketTypeIds: string[]): Promise<string[]>;
  /** Hands seats that the change freed (raised capacity or quantities) to the waitlist. */
  seatsMayHaveFreed(tx: Db, emit: Emit, eventId: string): Promise<void>;
};

export async function updateEvent(
  ctx: WriteCtx,
  id: string,
  input: EventInput,
  seats: SeatKeeper,
  payments: PaymentsGate,
): Promise<EventView> {
  const value = validOrThrow(input);
  const changed = await ctx.db.transaction(async (tx) => {
    // Locked like a registration would: seats and counters are decided under this lock.
    const { row: before, me } = await requireManagedEvent(tx, ctx.viewer, id, true);
    if (before.status === "canceled") throw eventClosed();
    const taken = seatsTaken(before);
    if (value.fields.capacity !== null && value.fields.capacity < taken) {
      throw invalidInput([
        {
          field: "capacity",
          code: "CAPACITY_BELOW_GOING",
          message: `${taken} seats are taken. Allow at least ${taken} seats, or cancel registrations first.`,
        },
      ]);
    }
    const cover = await resolveCover(tx, before.communityId, input.coverPath);
    if ("error" in cover) throw invalidInput([coverError]);
    const hosts = await communityHosts(tx, [before.communityId]);
    const currency = hosts.get(before.communityId)?.currency ?? "EUR";

    const existingTypes = await tx.select().from(ticketType).where(eq(ticketType.eventId, id));
    await requirePaymentsFor(tx, payments, before.communityId, value.ticketTypes, existingTypes);
    await replaceTicketTypes(tx, id, currency, value.ticketTypes, existingTypes, (db, ids) =>
      seats.ticketTypesInUse(db, ids),
    );
    const existingQuestions = await tx
      .select({ id: registrationQuestion.id })
      .from(registrationQuestion)
      .where(eq(registrationQuestion.eventId, id));
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
    await seats.seatsMayHaveFreed(tx, ctx.emit, id);
    return after;
  });
  return getEvent(ctx, changed.id);
}
