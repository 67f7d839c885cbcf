import type { Db } from "#server/db/client.ts";
import { type CommunityHost, communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { pendingRequestsOf } from "#server/modules/members/membership-records.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";

/** One of the viewer's own join requests, as /me lists it; withdrawing it is `leaveCommunity`. */
export type MyJoinRequest = { id: string; requestedAt: Date; community: CommunityHost };

export async function myJoinRequests(ctx: { db: Db; viewer: Viewer | null }): Promise<MyJoinRequest[]> {
  const me = requireViewer(ctx.viewer);
  const rows = await pendingRequestsOf(ctx.db, me.id);
  const hosts = await communityHosts(
    ctx.db,
    rows.map((row) => row.communityId),
  );
  return rows.flatMap((row) => {
    const community = hosts.get(row.communityId);
    return community ? [{ id: row.id, requestedAt: row.joinedAt, community }] : [];
  });
}
