import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { type FieldError, notFound } from "#server/errors.ts";
import { requireManagedEvent } from "#server/modules/events/events.service.ts";
import { requireCapability } from "#server/modules/members/members.service.ts";
import { promoCode } from "./pricing.tables.ts";
import {
  codeTaken,
  fieldsOf,
  MANAGE,
  type PricingCtx,
  type PromoCodeRow,
  type PromoCodeView,
  validOrThrow,
  viewOf,
} from "./promo-codes.service.ts";
import type { PromoCodeInput, ValidPromoCode } from "./promo-codes.validation.ts";

/** Locks a promo code for a change by someone who manages the community's events. */
async function lockManaged(tx: Db, ctx: PricingCtx, id: string) {
  const [found] = await tx
    .select({ communityId: promoCode.communityId })
    .from(promoCode)
    .where(eq(promoCode.id, id));
  if (!found) throw notFound();
  const member = await requireCapability(
    { db: tx, viewer: ctx.viewer },
    found.communityId,
    "events.manage",
    MANAGE,
  );
  const [row] = await tx.select().from(promoCode).where(eq(promoCode.id, id)).for("update");
  if (!row) throw notFound();
  return { row, member };
}

/**
 * The event a code will be for after a change: `undefined` keeps its own, null makes it a code for
 * every event of the community, an id moves it to that event (one the viewer manages).
 */
async function nextEventOf(tx: Db, ctx: PricingCtx, row: PromoCodeRow, eventId: string | null | undefined) {
  if (eventId === undefined || eventId === row.eventId) return row.eventId;
  if (eventId === null) return null;
  const { row: found } = await requireManagedEvent(tx, ctx.viewer, eventId);
  if (found.communityId !== row.communityId) throw notFound();
  return found.id;
}

/** What a change may not do to a code buyers have already used. */
function usedCodeErrors(row: PromoCodeRow, value: ValidPromoCode): FieldError[] {
  const errors: FieldError[] = [];
  // Buyers may have the code printed or saved: once used, its text stays as they know it.
  if (row.uses > 0 && value.code !== row.code)
    errors.push({
      field: "code",
      code: "PROMO_CODE_USED",
      message: `Buyers have used ${row.code}, so its text can't change. Make a new code instead.`,
    });
  if (value.maxUses !== null && value.maxUses < row.uses)
    errors.push({
      field: "maxUses",
      code: "LIMIT_BELOW_USES",
      message: `It has been used ${row.uses} ${row.uses === 1 ? "time" : "times"}: allow at least ${row.uses}, or leave it empty for no limit.`,
    });
  return errors;
}

/**
 * Changes a code's wording, discount, limit, dates or event (`eventId`: see `nextEventOf`). Uses
 * so far stay counted; a used code keeps its text, and its limit stays at or above its uses.
 */
export async function updatePromoCode(
  ctx: PricingCtx,
  id: string,
  input: PromoCodeInput,
  eventId?: string | null,
): Promise<PromoCodeView> {
  try {
    await ctx.db.transaction(async (tx) => {
      const { row, member } = await lockManaged(tx, ctx, id);
      const nextEventId = await nextEventOf(tx, ctx, row, eventId);
      const value = await validOrThrow(tx, nextEventId, input, (checked) => usedCodeErrors(row, checked));
      const [after] = await tx
        .update(promoCode)
        .set({ ...value, eventId: nextEventId, updatedAt: ctx.clock() })
        .where(eq(promoCode.id, id))
        .returning();
      if (!after) throw notFound();
      await ctx.emit(tx, {
        type: "promo_code.updated",
        communityId: row.communityId,
        actorId: member.viewer.id,
        payload: { promoCodeId: id, code: after.code, before: fieldsOf(row), after: fieldsOf(after) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
  return viewOf(ctx, id);
}

/** Stops a code from applying to new orders; deactivating it again changes nothing. */
export async function deactivatePromoCode(ctx: PricingCtx, id: string): Promise<PromoCodeView> {
  await ctx.db.transaction(async (tx) => {
    const { row, member } = await lockManaged(tx, ctx, id);
    if (!row.active) return;
    await tx.update(promoCode).set({ active: false, updatedAt: ctx.clock() }).where(eq(promoCode.id, id));
    await ctx.emit(tx, {
      type: "promo_code.deactivated",
      communityId: row.communityId,
      actorId: member.viewer.id,
      payload: { promoCodeId: id, code: row.code },
    });
  });
  return viewOf(ctx, id);
}

/** Lets a deactivated code apply to new orders again; reactivating an active code changes nothing. */
export async function reactivatePromoCode(ctx: PricingCtx, id: string): Promise<PromoCodeView> {
  await ctx.db.transaction(async (tx) => {
    const { row, member } = await lockManaged(tx, ctx, id);
    if (row.active) return;
    await tx.update(promoCode).set({ active: true, updatedAt: ctx.clock() }).where(eq(promoCode.id, id));
    await ctx.emit(tx, {
      type: "promo_code.reactivated",
      communityId: row.communityId,
      actorId: member.viewer.id,
      payload: { promoCodeId: id, code: row.code },
    });
  });
  return viewOf(ctx, id);
}
