import { forbidden, notFound } from "#server/errors.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { type MemberRow, readMembers } from "#server/modules/members/member-list.service.ts";
import { can } from "#server/modules/members/members.policy.ts";
import { type MembersCtx, requireMembership } from "#server/modules/members/members.service.ts";

export type DirectoryPage = {
  nodes: MemberRow[];
  endCursor: string | null;
  hasNextPage: boolean;
  totalCount: number;
};

/**
 * Who is a member, by name, as members see it when the community shows its directory: active
 * members only, no e-mail addresses, tags or counts. Those who manage members always see it.
 */
export async function memberDirectory(
  ctx: MembersCtx,
  communityId: string,
  args: { first?: number | null; after?: string | null },
): Promise<DirectoryPage> {
  const member = await requireMembership(ctx, communityId);
  const community = await findCommunity(ctx.db, communityId);
  if (!community) throw notFound();
  if (!can(member, "members.view") && !community.memberDirectory) {
    throw forbidden("This community does not show its members to members.");
  }
  const page = await readMembers(
    ctx.db,
    communityId,
    {
      first: Math.min(args.first ?? 50, 100),
      after: args.after,
      filter: { statuses: ["active"] },
      sort: { field: "name", direction: "asc" },
    },
    { withEmail: false },
  );
  return {
    nodes: page.nodes,
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
    totalCount: page.totalCount,
  };
}
