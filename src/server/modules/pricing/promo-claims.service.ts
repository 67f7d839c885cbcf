import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, notFound } from "#server/errors.ts";
import { promoCode } from "./pricing.tables.ts";

/**
 * Counts one use of a promo code (one order, however many tickets it holds) inside the caller's
 * transaction (checkout's, which also holds the seat and emits its event), under the code's row
 * lock: however many buyers claim at once, no more than its limit get it. The lock is held until
 * the caller commits, so a rolled-back order gives its use back. Answers the uses counted so far.
 */
export async function claimPromoCodeUse(tx: Db, promoCodeId: string): Promise<number> {
  const [row] = await tx.select().from(promoCode).where(eq(promoCode.id, promoCodeId)).for("update");
  if (!row) throw notFound();
  if (!row.active) throw new DomainError("PROMO_CODE_INVALID", "This code no longer applies.");
  if (row.maxUses !== null && row.uses >= row.maxUses) {
    throw new DomainError("PROMO_CODE_USED_UP", "This code has been used as often as it may be.");
  }
  const uses = row.uses + 1;
  await tx.update(promoCode).set({ uses }).where(eq(promoCode.id, promoCodeId));
  return uses;
}

/** Gives back one use of a promo code: the order that claimed it ended unpaid. */
export async function returnPromoCodeUse(tx: Db, promoCodeId: string): Promise<void> {
  await tx
    .update(promoCode)
    .set({ uses: sql`greatest(${promoCode.uses} - 1, 0)` })
    .where(eq(promoCode.id, promoCodeId));
}
