import DataLoader from "dataloader";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { MembershipView } from "./communities.policy.ts";
import { type CommunityHost, communityHosts } from "./communities.service.ts";
import { membership } from "./communities.tables.ts";

/**
 * What one request reads about communities, each kind in one statement however many fields ask:
 * the viewer's membership (every event checks who may see and manage it) and the host details
 * every event shows. Built per request, so nothing outlives it or leaks between viewers.
 */
export function createCommunityLoaders(db: Db, viewerId: string | null) {
  return {
    viewerMembership: new DataLoader<string, MembershipView | null>(async (communityIds) => {
      if (!viewerId) return communityIds.map(() => null);
      const rows = await db
        .select({ communityId: membership.communityId, role: membership.role, status: membership.status })
        .from(membership)
        .where(and(eq(membership.userId, viewerId), inArray(membership.communityId, [...communityIds])));
      const found = new Map(rows.map(({ communityId, ...view }) => [communityId, view]));
      return communityIds.map((id) => found.get(id) ?? null);
    }),
    hosts: new DataLoader<string, CommunityHost | null>(async (ids) => {
      const found = await communityHosts(db, [...ids]);
      return ids.map((id) => found.get(id) ?? null);
    }),
  };
}

export type CommunityLoaders = ReturnType<typeof createCommunityLoaders>;
