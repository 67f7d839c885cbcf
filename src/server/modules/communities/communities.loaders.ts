import DataLoader from "dataloader";
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedFor } from "#server/db/prepared.ts";
import { createKeyJoiner, type ReadCache } from "#server/db/read-cache.ts";
import type { BenefitView } from "#server/modules/members/members.policy.ts";
import { membershipsOfUser } from "#server/modules/members/members.service.ts";
import { community } from "./communities.tables.ts";

type CommunityRow = typeof community.$inferSelect;

/** A community as one viewer reads it, kept by the process's recent reads. */
const viewerKey = createKeyJoiner(":community:");

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
  // Made on the first read that memory cannot answer: most requests of a busy process need none.
  let fromDatabase: DataLoader<string, Found> | undefined;
  const fromDatabaseLoad = (id: string) => {
    fromDatabase ??= new DataLoader<string, Found>(async (ids) => {
      const found = await communitiesWithMembership(ids);
      return ids.map((id) => found.get(id) ?? null);
    });
    return fromDatabase.load(id);
  };
  // Each community once per request, so every field of a request sees the same one; from the
  // process's recent reads, which share a load among the requests that ask at once, with the
  // DataLoader behind them batching what they miss. (A DataLoader in front cost each request its
  // own batch, promise hops and maps for reads that memory answers.)
  const asked = new Map<string, Promise<Found>>();
  const both = (id: string) => {
    let found = asked.get(id);
    if (!found) {
      found = reads
        ? reads.remember(viewerKey(id, viewerId ?? ""), [id], () => fromDatabaseLoad(id))
        : fromDatabaseLoad(id);
      asked.set(id, found);
    }
    return found;
  };
  return {
    viewerMembership: {
      load: async (id: string) => (await both(id))?.membership ?? null,
    },
    /** Whole rows: the community page and every event's host read the same one. */
    rows: {
      load: async (id: string) => (await both(id))?.row ?? null,
      loadMany: async (ids: readonly string[]) =>
        Promise.all(ids.map(async (id) => (await both(id))?.row ?? null)),
    },
  };
}

export type CommunityLoaders = ReturnType<typeof createCommunityLoaders>;
