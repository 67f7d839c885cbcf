import { builder } from "#server/graphql/builder.ts";
import { Community, CommunityRole } from "#server/modules/communities/communities.graphql.ts";
import { type MemberStats, memberStats, type NewestMember, newestMembers } from "./member-stats.service.ts";

// The overview's key figures about people, attached to the community the overview already reads.

const MemberStatsRef = builder.objectRef<MemberStats>("MemberStats").implement({
  fields: (t) => ({
    activeCount: t.exposeInt("activeCount", { description: "Active members" }),
    newLast30Days: t.exposeInt("newLast30Days", {
      description: "Active members who joined in the last 30 days",
      deprecationReason: "Use Community.insightsSummary.newMembers: the same figure as the insights page's.",
    }),
    peopleCount: t.exposeInt("peopleCount", {
      description: "People who registered for the community's events without being members",
    }),
  }),
});

const NewestMemberPerson = builder
  .objectRef<NewestMember["person"]>("NewestMemberPerson")
  .implement({ fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }) });

const NewestMemberRef = builder.objectRef<NewestMember>("NewestMember").implement({
  description: "A membership as the overview lists it; `id` opens the member drawer",
  fields: (t) => ({
    id: t.exposeID("id"),
    role: t.expose("role", { type: CommunityRole }),
    joinedAt: t.expose("joinedAt", { type: "DateTime" }),
    person: t.expose("person", { type: NewestMemberPerson }),
  }),
});

builder.objectFields(Community, (t) => ({
  memberStats: t.field({
    type: MemberStatsRef,
    nullable: true,
    description: "For those who may see the members (organizers and up); null for others",
    resolve: (c, _args, ctx) => memberStats(ctx, c.id),
  }),
  newestMembers: t.field({
    type: [NewestMemberRef],
    nullable: true,
    description:
      "Active members who joined last, newest first (at most 20); null for those who may not see members",
    args: { first: t.arg.int({ required: false, defaultValue: 5 }) },
    resolve: (c, args, ctx) => newestMembers(ctx, c.id, args.first ?? 5),
  }),
}));
