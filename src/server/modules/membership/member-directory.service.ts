import { forbidden, notFound } from "#server/errors.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { type MemberRow, readMembers } from "#server/modules/members/member-list.service.ts";
import { can } from "#server/modules/members/members.policy.ts";
import { type MembersCtx, requireMembership } from "#server/modules/members/members.service.ts";
import { listUsers } from "#server/modules/users/users.service.ts";

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

export type MemberFace = { id: string; name: string; image: string | null };

/**
 * A few active members for the community page's face pile, for those the directory is shown to
 * (active members where the community shows it, and those who manage members); empty for anyone
 * else, as the directory's names are not for outsiders. Newest members first.
 */
export async function memberFaces(
  ctx: Pick<MembersCtx, "db" | "viewer">,
  communityId: string,
  viewerSees: boolean,
  limit = 6,
): Promise<MemberFace[]> {
  if (!ctx.viewer || !viewerSees) return [];
  const page = await readMembers(
    ctx.db,
    communityId,
    {
      first: limit,
      after: null,
      filter: { statuses: ["active"] },
      sort: { field: "joined", direction: "desc" },
    },
    { withEmail: false },
  );
  const people = new Map(
    (
      await listUsers(
        ctx.db,
        page.nodes.map((n) => n.userId),
      )
    ).map((p) => [p.id, p] as const),
  );
  return page.nodes.map((n) => ({
    id: n.id,
    name: n.person.name,
    image: people.get(n.userId)?.image ?? null,
  }));
}
