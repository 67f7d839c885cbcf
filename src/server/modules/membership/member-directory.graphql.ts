import { builder } from "#server/graphql/builder.ts";
import { CommunityRole } from "#server/modules/communities/communities.graphql.ts";
import type { MemberRow } from "#server/modules/members/member-list.service.ts";
import { type DirectoryPage, memberDirectory } from "./member-directory.service.ts";

// The member directory: who else is a member, as members see it when their community shows it.

const DirectoryMember = builder.objectRef<MemberRow>("DirectoryMember").implement({
  description: "An active member as the directory shows them: name, role and since when, nothing more.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The membership's id" }),
    name: t.string({ resolve: (m) => m.person.name }),
    role: t.expose("role", { type: CommunityRole }),
    joinedAt: t.expose("joinedAt", { type: "DateTime" }),
  }),
});

const MemberDirectory = builder.objectRef<DirectoryPage>("MemberDirectory").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [DirectoryMember] }),
    totalCount: t.exposeInt("totalCount", { description: "Active members" }),
    endCursor: t.exposeString("endCursor", { nullable: true }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
  }),
});

builder.queryFields((t) => ({
  memberDirectory: t.field({
    type: MemberDirectory,
    description:
      "Active members by name, for members when the community shows its directory (and always for organizers and up)",
    args: {
      communityId: t.arg.id({ required: true }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      memberDirectory(ctx, String(args.communityId), { first: args.first, after: args.after }),
  }),
}));
