import { builder } from "#server/graphql/builder.ts";
import { CommunityRole } from "#server/modules/communities/communities.graphql.ts";
import type { MemberFilter } from "#server/modules/members/member-filter.ts";
import { MemberFilterInput } from "#server/modules/members/members-table.graphql.ts";
import { type BulkRoleResult, setMemberRoles } from "./bulk-roles.service.ts";

const SkipReason = builder.enumType("RoleChangeSkipReason", {
  values: {
    UNCHANGED: { value: "unchanged", description: "Already holds that role." },
    FORBIDDEN: {
      value: "forbidden",
      description: "The owner, or an admin when the viewer is not the owner.",
    },
    SELF: { value: "self", description: "The viewer's own membership." },
    NOT_ACTIVE: { value: "not_active", description: "Pending or banned: no role to change." },
  } as const,
});

const Skipped = builder.objectRef<BulkRoleResult["skipped"][number]>("RoleChangeSkipped").implement({
  fields: (t) => ({
    membershipId: t.exposeID("membershipId"),
    reason: t.field({ type: SkipReason, resolve: (s) => s.outcome }),
  }),
});

const SetMemberRolesResult = builder.objectRef<BulkRoleResult>("SetMemberRolesResult").implement({
  fields: (t) => ({
    matched: t.exposeInt("matched", { description: "Members the selection named." }),
    changed: t.exposeInt("changed", {
      description: "Members now holding the role (one member.role_changed each).",
    }),
    skipped: t.expose("skipped", { type: [Skipped] }),
  }),
});

builder.mutationFields((t) => ({
  setMemberRoles: t.field({
    type: SetMemberRolesResult,
    description:
      "Gives the selected rows (membershipIds) or every row of the table's filter and search one role, each under setMemberRole's rules.",
    args: {
      communityId: t.arg.id({ required: true }),
      membershipIds: t.arg.idList({ required: false }),
      filter: t.arg({ type: MemberFilterInput, required: false }),
      search: t.arg.string({ required: false }),
      role: t.arg({ type: CommunityRole, required: true }),
    },
    resolve: (_root, args, ctx) =>
      setMemberRoles(
        ctx,
        String(args.communityId),
        args.membershipIds
          ? { membershipIds: args.membershipIds.map(String) }
          : { filter: args.filter as MemberFilter | null | undefined, search: args.search },
        args.role,
      ),
  }),
}));
