import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "./users.tables.ts";

/** How a deleted account appears wherever other people's records still point at it. */
export const DELETED_NAME = "Deleted account";

/** Where a live account can be reached: its address (maybe a phone-only placeholder) and verified number. */
export async function contactOf(
  db: Pick<Db, "select">,
  userId: string,
): Promise<{ email: string; phoneNumber: string | null } | null> {
  const [row] = await db
    .select({ email: user.email, phoneNumber: user.phoneNumber })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  return row ? { email: row.email, phoneNumber: row.phoneNumber ?? null } : null;
}

/** The account's row, locked for its deletion; null when it is gone or already deleted. */
export async function lockLiveUser(
  tx: Db,
  userId: string,
): Promise<{ email: string; phoneNumber: string | null } | null> {
  const [row] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
  return row && !row.deletedAt ? { email: row.email, phoneNumber: row.phoneNumber ?? null } : null;
}

/**
 * Empties the row of everything personal and marks it deleted. It stays so that what other
 * people and communities keep (past attendance, the ledger) still adds up; its address can sign up
 * again as a new account. A personal column added to `user` must be cleared here too.
 */
export async function eraseUser(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(user)
    .set({
      name: DELETED_NAME,
      email: `deleted-${userId}@deleted.invalid`,
      emailVerified: false,
      image: null,
      phoneNumber: null,
      phoneNumberVerified: null,
      twoFactorEnabled: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(user.id, userId));
}
