import { and, count, eq, gte, lt, lte } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Ctx } from "#server/modules/events/events.service.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import { requireCapability } from "#server/modules/members/members.service.ts";
import { registration, registrationDigest } from "./registrations.tables.ts";

export const DIGEST_PERIOD_MS = 24 * 60 * 60_000;

async function requireManager(ctx: Ctx, communityId: string) {
  const member = await requireCapability(
    ctx,
    communityId,
    "registrations.manage",
    "Only organizers get the registrations digest.",
  );
  return member.viewer;
}

export async function registrationDigestEnabled(ctx: Ctx, communityId: string): Promise<boolean> {
  const me = await requireManager(ctx, communityId);
  const [row] = await ctx.db
    .select({ userId: registrationDigest.userId })
    .from(registrationDigest)
    .where(and(eq(registrationDigest.userId, me.id), eq(registrationDigest.communityId, communityId)));
  return Boolean(row);
}

/** Turns the viewer's daily digest for a community on or off; the first covers from now on. */
export async function setRegistrationDigest(
  ctx: Ctx,
  communityId: string,
  enabled: boolean,
  now = new Date(),
): Promise<boolean> {
  const me = await requireManager(ctx, communityId);
  if (enabled) {
    await ctx.db
      .insert(registrationDigest)
      .values({ userId: me.id, communityId, coveredUntil: now })
      .onConflictDoNothing();
  } else {
    await ctx.db
      .delete(registrationDigest)
      .where(and(eq(registrationDigest.userId, me.id), eq(registrationDigest.communityId, communityId)));
  }
  return enabled;
}

export type DueDigest = { organizerId: string; communityId: string; from: Date; to: Date };

/**
 * Queues (through `queue`, the mail outbox's) the digests that are a day old at `now` (the jobs
 * runtime's clock) and moves their window on. Each runs in its own transaction with the row
 * locked, so processes sharing the database never send one twice; a day without new
 * registrations sends nothing. Returns how many it queued.
 */
export async function queueDueDigests(
  db: Db,
  now: Date,
  queue: (tx: Db, digest: DueDigest) => Promise<void>,
  limit = 50,
): Promise<number> {
  const dueBefore = new Date(now.getTime() - DIGEST_PERIOD_MS);
  let queued = 0;
  for (let i = 0; i < limit; i++) {
    const handled = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(registrationDigest)
        .where(lte(registrationDigest.coveredUntil, dueBefore))
        .orderBy(registrationDigest.coveredUntil)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return false;
      const [found] = await tx
        .select({ n: count() })
        .from(registration)
        .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
        .where(
          and(
            eq(eventsForJoin.communityId, due.communityId),
            gte(registration.createdAt, due.coveredUntil),
            lt(registration.createdAt, now),
          ),
        );
      if ((found?.n ?? 0) > 0) {
        await queue(tx, {
          organizerId: due.userId,
          communityId: due.communityId,
          from: due.coveredUntil,
          to: now,
        });
        queued++;
      }
      await tx
        .update(registrationDigest)
        .set({ coveredUntil: now })
        .where(
          and(eq(registrationDigest.userId, due.userId), eq(registrationDigest.communityId, due.communityId)),
        );
      return true;
    });
    if (!handled) break;
  }
  return queued;
}
