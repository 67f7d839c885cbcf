import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { type AccountFlags, accountStatus } from "./payment-status.ts";
import { paymentAccount } from "./payments.tables.ts";

// The `payment_account` rows: which Stripe account is a community's, and what Stripe's API last
// said of it. Written from the connection service (a person waiting) and the webhook inbox alike.

export type PaymentAccountRow = typeof paymentAccount.$inferSelect;

export async function accountOfCommunity(db: Db, communityId: string): Promise<PaymentAccountRow | null> {
  const [row] = await db.select().from(paymentAccount).where(eq(paymentAccount.communityId, communityId));
  return row ?? null;
}

/**
 * Whether an event from this Stripe account (null: the platform's own) speaks for the community:
 * only the community's own account may touch its records. Metadata is whatever the account that
 * made an object wrote, so a record named there is trusted only when the accounts match.
 */
export async function isAccountOfCommunity(
  db: Db,
  connect: boolean,
  communityId: string,
  account: string | null,
): Promise<boolean> {
  if (!connect) return account === null;
  if (account === null) return false;
  return (await accountOfCommunity(db, communityId))?.stripeAccountId === account;
}

export async function accountByStripeId(db: Db, stripeAccountId: string): Promise<PaymentAccountRow | null> {
  const [row] = await db
    .select()
    .from(paymentAccount)
    .where(eq(paymentAccount.stripeAccountId, stripeAccountId));
  return row ?? null;
}

/**
 * Stores a community's new Stripe account and emits `payment_account.connected`; when another
 * request stored one first (the same account: both asked Stripe with the community's idempotency
 * key), that one stays. Answers the stored row.
 */
export async function storeNewAccount(
  db: Db,
  emit: Emit,
  input: { communityId: string; stripeAccountId: string; flags: AccountFlags; at: Date; actorId: string },
): Promise<PaymentAccountRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(paymentAccount)
      .values({
        communityId: input.communityId,
        stripeAccountId: input.stripeAccountId,
        ...input.flags,
        createdAt: input.at,
        updatedAt: input.at,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await emit(tx, {
        type: "payment_account.connected",
        communityId: input.communityId,
        actorId: input.actorId,
        payload: { accountId: input.stripeAccountId },
      });
      return inserted;
    }
    const stored = await accountOfCommunity(tx, input.communityId);
    if (!stored) throw new Error(`payment account of ${input.communityId} neither stored nor found`);
    return stored;
  });
}

/**
 * Records what Stripe's API just said of an account, emitting `payment_account.updated` when its
 * state changed. Null when no community has that account (another platform's, or one removed).
 */
export async function recordAccountState(
  db: Db,
  emit: Emit,
  input: { stripeAccountId: string; flags: AccountFlags; at: Date; actorId: string | null },
): Promise<PaymentAccountRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(paymentAccount)
      .where(eq(paymentAccount.stripeAccountId, input.stripeAccountId))
      .for("update");
    if (!current) return null;
    const [updated] = await tx
      .update(paymentAccount)
      .set({ ...input.flags, updatedAt: input.at })
      .where(eq(paymentAccount.communityId, current.communityId))
      .returning();
    const changed = (Object.keys(input.flags) as (keyof AccountFlags)[]).some(
      (flag) => current[flag] !== input.flags[flag],
    );
    if (changed) {
      await emit(tx, {
        type: "payment_account.updated",
        communityId: current.communityId,
        actorId: input.actorId,
        payload: {
          accountId: input.stripeAccountId,
          from: accountStatus(current),
          to: accountStatus(input.flags),
          ...input.flags,
        },
      });
    }
    return updated ?? null;
  });
}
