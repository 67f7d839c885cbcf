import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Origin } from "#shared/origins.ts";
import type { PlanInterval } from "#shared/plans.ts";
import { memberSubscription, type SubscriptionStatus } from "./member-subscriptions.tables.ts";

// The `member_subscription` rows as the checkout, the webhook handlers and /me read and write them.

export type SubscriptionRow = typeof memberSubscription.$inferSelect;

export async function subscriptionById(db: Pick<Db, "select">, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(memberSubscription).where(eq(memberSubscription.id, id)).limit(1);
  return row ?? null;
}

/** The row, locked until the transaction ends: one object's state is written one change at a time. */
export async function lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(memberSubscription).where(eq(memberSubscription.id, id)).for("update");
  return row ?? null;
}

/** The person's checkout under way in a community, if any. */
export async function openCheckoutOf(
  db: Pick<Db, "select">,
  communityId: string,
  userId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(memberSubscription)
    .where(
      and(
        eq(memberSubscription.communityId, communityId),
        eq(memberSubscription.userId, userId),
        eq(memberSubscription.status, "checkout"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A new checkout; null when another request of the same person started one first. */
export async function insertCheckout(
  db: Db,
  input: {
    communityId: string;
    userId: string;
    planId: string;
    amountMinor: number;
    currency: string;
    interval: PlanInterval;
    stripeAccount: string | null;
    stripeCustomerId: string | null;
    origin: Origin | null;
    at: Date;
  },
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .insert(memberSubscription)
    .values({
      id: randomUUID(),
      communityId: input.communityId,
      userId: input.userId,
      planId: input.planId,
      status: "checkout",
      amountMinor: input.amountMinor,
      currency: input.currency,
      interval: input.interval,
      stripeAccount: input.stripeAccount,
      stripeCustomerId: input.stripeCustomerId,
      origin: input.origin,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateSubscription(
  db: Pick<Db, "update">,
  id: string,
  patch: Partial<Omit<SubscriptionRow, "id" | "communityId" | "userId" | "planId">>,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(memberSubscription)
    .set(patch)
    .where(eq(memberSubscription.id, id))
    .returning();
  return row ?? null;
}

/** The Stripe customer a person already has on an account, so the portal shows all their plans. */
export async function customerOf(
  db: Pick<Db, "select">,
  userId: string,
  stripeAccount: string | null,
): Promise<string | null> {
  const [row] = await db
    .select({ customer: memberSubscription.stripeCustomerId })
    .from(memberSubscription)
    .where(
      and(
        eq(memberSubscription.userId, userId),
        stripeAccount === null
          ? isNull(memberSubscription.stripeAccount)
          : eq(memberSubscription.stripeAccount, stripeAccount),
        isNotNull(memberSubscription.stripeCustomerId),
      ),
    )
    .orderBy(desc(memberSubscription.createdAt))
    .limit(1);
  return row?.customer ?? null;
}

const STARTED: SubscriptionStatus[] = ["active", "past_due", "canceling", "ended"];

/** The purchase that decides a person's plan in a community now: the one started last. */
export async function latestStarted(
  db: Pick<Db, "select">,
  communityId: string,
  userId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(memberSubscription)
    .where(
      and(
        eq(memberSubscription.communityId, communityId),
        eq(memberSubscription.userId, userId),
        inArray(memberSubscription.status, STARTED),
      ),
    )
    .orderBy(desc(memberSubscription.startedAt), desc(memberSubscription.createdAt))
    .limit(1);
  return row ?? null;
}

/** A person's purchases that started, newest first: /me's memberships. */
export async function startedOfUser(db: Pick<Db, "select">, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(memberSubscription)
    .where(and(eq(memberSubscription.userId, userId), inArray(memberSubscription.status, STARTED)))
    .orderBy(desc(memberSubscription.startedAt));
}
