import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";

const DigestQuery = graphql(`
  query RegistrationDigest($communityId: ID!) {
    registrationDigest(communityId: $communityId)
  }
`);

const SetDigestMutation = graphql(`
  mutation SetRegistrationDigest($communityId: ID!, $enabled: Boolean!) {
    setRegistrationDigest(communityId: $communityId, enabled: $enabled)
  }
`);

const digestKey = (communityId: string) => ["registration-digest", communityId] as const;

export function registrationDigestQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: digestKey(communityId),
    queryFn: async () => (await request(DigestQuery, { communityId })).registrationDigest,
  });
}

export function useSetRegistrationDigest(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (await request(SetDigestMutation, { communityId, enabled })).setRegistrationDigest,
    onSuccess: (enabled) => queryClient.setQueryData(digestKey(communityId), enabled),
  });
}
