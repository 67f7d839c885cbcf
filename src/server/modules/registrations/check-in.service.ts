import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError } from "#server/errors.ts";
import { requireManagedEvent } from "#server/modules/events/events.service.ts";
import { type Cause, transition } from "./registration-state.service.ts";
import { causeBy, lockRegistration, viewOf } from "./registrations.service.ts";
import { registration } from "./registrations.tables.ts";
import type { RegistrationRow, RegistrationView, WriteCtx } from "./registrations.views.ts";

/** Codes are read aloud or typed from a mail: case, spaces and dashes do not matter. */
export const normalizeCheckInCode = (code: string) => code.trim().toUpperCase().replace(/[\s-]/g, "");

async function markCheckIn(tx: Db, cause: Cause, current: RegistrationRow, checkedIn: boolean) {
  if (Boolean(current.checkedInAt) === checkedIn) return;
  await transition(tx, current, checkedIn ? "checked_in" : "going", cause);
}

export async function checkIn(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false, "checkin");
    await markCheckIn(tx, causeBy(ctx, eventRow, "check_in", me.id), current, true);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

export async function undoCheckIn(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false, "checkin");
    await markCheckIn(tx, causeBy(ctx, eventRow, "undo_check_in", me.id), current, false);
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
    await markCheckIn(tx, causeBy(ctx, row, "check_in", me.id), current, true);
    return current.id;
  });
  return viewOf(ctx.db, ctx.viewer, id);
}
