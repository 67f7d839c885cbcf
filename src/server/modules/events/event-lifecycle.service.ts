import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { invalidInput } from "#server/errors.ts";
import { isTooLong, TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { startsInPast } from "./event-writes.service.ts";
import { eventClosed, getEvent, requireManagedEvent, type WriteCtx } from "./events.service.ts";
import { event, registrationQuestion, ticketType } from "./events.tables.ts";
import type { EventView } from "./events.views.ts";

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
      waitlistOfferHours: row.waitlistOfferHours,
      approvalRequired: row.approvalRequired,
      requireVerifiedEmail: row.requireVerifiedEmail,
      guestListVisible: row.guestListVisible,
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
          memberPriceMinor: tt.memberPriceMinor,
          currency: tt.currency,
          maxPerOrder: tt.maxPerOrder,
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
