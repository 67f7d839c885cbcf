import DataLoader from "dataloader";
import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { MembershipView } from "#server/modules/members/members.policy.ts";
import { viewerMemberships } from "#server/modules/members/members.service.ts";
import { community } from "./communities.tables.ts";

type CommunityRow = typeof community.$inferSelect;

/**
 * What one request reads about communities, each kind in one statement however many fields ask:
 * the viewer's membership (every event checks who may see and manage it) and the host details
 * every event shows. Built per request, so nothing outlives it or leaks between viewers.
 */
export function createCommunityLoaders(db: Db, viewerId: string | null) {
  return {
    viewerMembership: new DataLoader<string, MembershipView | null>(async (communityIds) => {
      if (!viewerId) return communityIds.map(() => null);
      const found = await viewerMemberships(db, viewerId, communityIds);
      return communityIds.map((id) => found.get(id) ?? null);
    }),
    /** Whole rows: the community page and every event's host read the same one. */
    rows: new DataLoader<string, CommunityRow | null>(async (ids) => {
      const rows = await db
        .select()
        .from(community)
        .where(inArray(community.id, [...ids]));
      const found = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => found.get(id) ?? null);
    }),
  };
}

export type CommunityLoaders = ReturnType<typeof createCommunityLoaders>;
