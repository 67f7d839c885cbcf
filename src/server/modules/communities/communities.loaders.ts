import DataLoader from "dataloader";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { MembershipView } from "#server/modules/members/members.policy.ts";
import { membershipsOfUser } from "#server/modules/members/members.service.ts";
import { community } from "./communities.tables.ts";

type CommunityRow = typeof community.$inferSelect;

/**
 * What one request reads about communities, each kind in one statement however many fields ask:
 * the viewer's membership (every event checks who may see and manage it) and the host details
 * every event shows. A request that checks the membership nearly always shows the community
 * next, so the membership is read with its community's row in one statement, which fills both.
 * Built per request, so nothing outlives it or leaks between viewers.
 */
export function createCommunityLoaders(db: Db, viewerId: string | null) {
  async function communitiesWithMembership(ids: readonly string[]) {
    const found = new Map<string, { row: CommunityRow; membership: MembershipView | null }>();
    if (viewerId) {
      const mine = membershipsOfUser(db, viewerId);
      const rows = await db
        .select({ row: community, role: mine.role, status: mine.status })
        .from(community)
        .leftJoin(mine, eq(mine.communityId, community.id))
        .where(inArray(community.id, [...ids]));
      for (const { row, role, status } of rows) {
        found.set(row.id, { row, membership: role && status ? { role, status } : null });
      }
    } else {
      const rows = await db
        .select()
        .from(community)
        .where(inArray(community.id, [...ids]));
      for (const row of rows) found.set(row.id, { row, membership: null });
    }
    return found;
  }

  const both = new DataLoader<string, { row: CommunityRow; membership: MembershipView | null } | null>(
    async (ids) => {
      const found = await communitiesWithMembership(ids);
      return ids.map((id) => found.get(id) ?? null);
    },
  );
  return {
    viewerMembership: {
      load: async (id: string) => (await both.load(id))?.membership ?? null,
    },
    /** Whole rows: the community page and every event's host read the same one. */
    rows: {
      load: async (id: string) => (await both.load(id))?.row ?? null,
      loadMany: async (ids: readonly string[]) =>
        (await both.loadMany(ids)).map((found) => (found instanceof Error ? found : (found?.row ?? null))),
    },
  };
}

export type CommunityLoaders = ReturnType<typeof createCommunityLoaders>;
