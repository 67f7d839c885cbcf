import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { CreateCommunityInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { communityKeys } from "./communities-queries.ts";

const CreateCommunityMutation = graphql(`
  mutation CreateCommunity($input: CreateCommunityInput!) {
    createCommunity(input: $input) {
      ...CommunityDetails
    }
  }
`);

export function useCreateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCommunityInput) =>
      (await request(CreateCommunityMutation, { input })).createCommunity,
    onSuccess: async (community) => {
      queryClient.setQueryData(communityKeys.detail(community.id), community);
      await queryClient.invalidateQueries({ queryKey: communityKeys.mine() });
    },
  });
}
