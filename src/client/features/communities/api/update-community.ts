import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { UpdateCommunityInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { communityKeys } from "./communities-queries.ts";

const UpdateCommunityMutation = graphql(`
  mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {
    updateCommunity(id: $id, input: $input) {
      ...CommunityDetails
    }
  }
`);

const DeleteCommunityMutation = graphql(`
  mutation DeleteCommunity($id: ID!, $confirmName: String!) {
    deleteCommunity(id: $id, confirmName: $confirmName)
  }
`);

export function useUpdateCommunity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateCommunityInput) =>
      (await request(UpdateCommunityMutation, { id, input })).updateCommunity,
    onSuccess: async (community) => {
      queryClient.setQueryData(communityKeys.detail(id), community);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: communityKeys.mine() }),
      ]);
    },
  });
}

export function useDeleteCommunity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmName: string) =>
      (await request(DeleteCommunityMutation, { id, confirmName })).deleteCommunity,
    // The detail query is removed by the caller once it has navigated away: removing it here
    // would make the still-mounted dashboard refetch a community that no longer exists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.mine() }),
  });
}
