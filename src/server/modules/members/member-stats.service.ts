import { sql } from "drizzle-orm";
import type { RememberingLoaders } from "#server/db/read-cache.ts";
import type { Role } from "#shared/capabilities.ts";
import { can } from "./members.policy.ts";
import { type MembersCtx, requireMembership } from "./members.service.ts";

/** `peopleCount`: the community's people known only through its events, not members (decision 028). */
export type MemberStats = { activeCount: number; newLast30Days: number; peopleCount: number };

/** One of the overview's newest members: enough to name them and open their drawer. */
export type NewestMember = { id: string; role: Role; joinedAt: Date; person: { id: string; name: string } };

type StatsCtx = MembersCtx & {
  clock: () => Date;
  loaders?: (MembersCtx["loaders"] & RememberingLoaders) | null;
};

const DAY_MS = 86_400_000;
export const NEWEST_MEMBERS_MAX = 20;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Null unless the viewer may see the members: the overview asks without knowing the role. */
async function mayViewMembers(ctx: StatsCtx, communityId: string): Promise<boolean> {
  return can(await requireMembership(ctx, communityId), "members.view");
}

const remembered = <T>(ctx: StatsCtx, key: string, communityId: string, load: () => Promise<T>) =>
  ctx.loaders ? ctx.loaders.remember(key, communityId, load) : load();

/**
 * Active members and people from the triggers' count, and members who joined in the last 30 days by the
 * server's clock, counted on the (community, joined_at) index.
 */
export async function memberStats(ctx: StatsCtx, communityId: string): Promise<MemberStats | null> {
  if (!(await mayViewMembers(ctx, communityId))) return null;
  const since = new Date(ctx.clock().getTime() - 30 * DAY_MS);
  return remembered(ctx, "member-stats", communityId, async () => {
    const [row] = rowsOf<{
      active: number | string | null;
      people: number | string | null;
      recent: number | string;
    }>(
      await ctx.db.execute(sql`
        select
          (select members from member_count where community_id = ${communityId} and status = 'active') as active,
          (select members from member_count where community_id = ${communityId} and status = 'person') as people,
          (select count(*) from membership
            where community_id = ${communityId} and joined_at >= ${since.toISOString()}::timestamptz
              and status = 'active') as recent`),
    );
    return {
      activeCount: Number(row?.active ?? 0),
      newLast30Days: Number(row?.recent ?? 0),
      peopleCount: Number(row?.people ?? 0),
    };
  });
}

/** The active members who joined last, newest first. */
export async function newestMembers(
  ctx: StatsCtx,
  communityId: string,
  first: number,
): Promise<NewestMember[] | null> {
  if (!(await mayViewMembers(ctx, communityId))) return null;
  const limit = Math.min(Math.max(first, 1), NEWEST_MEMBERS_MAX);
  return remembered(ctx, `newest-members:${limit}`, communityId, async () => {
    const rows = rowsOf<{ id: string; role: Role; joined_at: string | Date; user_id: string; name: string }>(
      await ctx.db.execute(sql`
        select m.id, m.role, m.joined_at, m.user_id, u.name
        from membership m join "user" u on u.id = m.user_id
        where m.community_id = ${communityId} and m.status = 'active'
        order by m.joined_at desc, m.id desc
        limit ${limit}`),
    );
    return rows.map((r) => ({
      id: r.id,
      role: r.role,
      joinedAt: new Date(r.joined_at),
      person: { id: r.user_id, name: r.name },
    }));
  });
}
