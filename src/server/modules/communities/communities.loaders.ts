import DataLoader from "dataloader";
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedFor } from "#server/db/prepared.ts";
import type { ReadCache } from "#server/db/read-cache.ts";
import type { BenefitView } from "#server/modules/members/members.policy.ts";
import { membershipsOfUser } from "#server/modules/members/members.service.ts";
import { community } from "./communities.tables.ts";

type CommunityRow = typeof community.$inferSelect;

/**
 * What one request reads about communities, each kind in one statement however many fields ask:
 * the viewer's membership (every event checks who may see and manage it) and the host details
 * every event shows. A request that checks the membership nearly always shows the community
 * next, so the membership is read with its community's row in one statement, which fills both.
 * Built per request; with `reads`, a community and the viewer's membership in it come from the
 * process's recent reads (keyed by viewer, dropped by any domain event of the community).
 */
export function createCommunityLoaders(db: Db, viewerId: string | null, reads?: ReadCache) {
  async function communitiesWithMembership(ids: readonly string[]) {
    const found = new Map<string, { row: CommunityRow; membership: BenefitView | null }>();
    if (viewerId) {
      const statement = preparedFor(db, "communities_with_membership", (name) => {
        const mine = membershipsOfUser(db, sql.placeholder("viewerId"));
        return db
          .select({ row: community, role: mine.role, status: mine.status, planBenefits: mine.planBenefits })
          .from(community)
          .leftJoin(mine, eq(mine.communityId, community.id))
          .where(sql`${community.id} = any(${sql.placeholder("ids")})`)
          .prepare(name);
      });
      for (const { row, role, status, planBenefits } of await statement.execute({ viewerId, ids })) {
        found.set(row.id, { row, membership: role && status ? { role, status, planBenefits } : null });
      }
    } else {
      const statement = preparedFor(db, "communities", (name) =>
        db
          .select()
          .from(community)
          .where(sql`${community.id} = any(${sql.placeholder("ids")})`)
          .prepare(name),
      );
      for (const row of await statement.execute({ ids })) found.set(row.id, { row, membership: null });
    }
    return found;
  }

  type Found = { row: CommunityRow; membership: BenefitView | null } | null;
  const fromDatabase = new DataLoader<string, Found>(async (ids) => {
    const found = await communitiesWithMembership(ids);
    return ids.map((id) => found.get(id) ?? null);
  });
  const both = reads
    ? new DataLoader<string, Found>(async (ids) =>
        Promise.all(
          ids.map((id) =>
            reads.remember(`${id}:community:${viewerId ?? ""}`, [id], () => fromDatabase.load(id)),
          ),
        ),
      )
    : fromDatabase;
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
