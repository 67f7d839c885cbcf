import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { CommunityRole, SetMemberRolesMutationVariables } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { filterOf } from "../member-filter.ts";
import { memberKeys, type TagTarget } from "./members-queries.ts";

const SetMemberRolesMutation = graphql(`
  mutation SetMemberRoles(
    $communityId: ID!
    $membershipIds: [ID!]
    $filter: MemberFilter
    $search: String
    $role: CommunityRole!
  ) {
    setMemberRoles(
      communityId: $communityId
      membershipIds: $membershipIds
      filter: $filter
      search: $search
      role: $role
    ) {
      matched
      changed
      skipped {
        membershipId
        reason
      }
    }
  }
`);

export function useSetMemberRoles(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { target: TagTarget; role: CommunityRole }) => {
      const target: Omit<SetMemberRolesMutationVariables, "role"> =
        "membershipIds" in input.target
          ? { communityId, membershipIds: input.target.membershipIds }
          : { communityId, filter: filterOf(input.target.search), search: input.target.search.q ?? null };
      return (await request(SetMemberRolesMutation, { ...target, role: input.role })).setMemberRoles;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) }),
  });
}
