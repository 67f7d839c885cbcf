import { and, eq, gt, sql } from "drizzle-orm";
import { requireMembership } from "#server/modules/members/members.service.ts";
import { canManageEvents } from "./events.policy.ts";
import type { Ctx } from "./events.service.ts";
import { event } from "./events.tables.ts";

/**
 * Seats of the community's events held for people paying for them (in checkout, or offered from
 * the waitlist), for the overview's "needs attention"; null for those who do not manage events.
 */
export async function heldSeatsOf(ctx: Ctx, communityId: string): Promise<number | null> {
  if (!canManageEvents(await requireMembership(ctx, communityId))) return null;
  const load = async () => {
    const [row] = await ctx.db
      .select({ held: sql<number>`coalesce(sum(${event.heldCount}), 0)::int` })
      .from(event)
      .where(and(eq(event.communityId, communityId), gt(event.heldCount, 0)));
    return Number(row?.held ?? 0);
  };
  return ctx.loaders ? ctx.loaders.remember("held-seats", communityId, load) : load();
}
