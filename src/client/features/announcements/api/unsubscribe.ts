import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { GraphQLRequestError, request } from "#client/lib/graphql.ts";

const SubscriptionQuery = graphql(`
  query AnnouncementSubscription($token: String!) {
    announcementSubscription(token: $token) {
      communityId
      communityName
      subscribed
    }
  }
`);

const SetSubscriptionMutation = graphql(`
  mutation SetAnnouncementSubscription($token: String!, $subscribed: Boolean!) {
    setAnnouncementSubscription(token: $token, subscribed: $subscribed) {
      communityId
      communityName
      subscribed
    }
  }
`);

const subscriptionKey = (token: string) => ["announcement-subscription", token] as const;

/** The link's membership, or null for a link this server did not sign. */
export function subscriptionQueryOptions(token: string) {
  return queryOptions({
    queryKey: subscriptionKey(token),
    queryFn: async () => {
      try {
        return (await request(SubscriptionQuery, { token })).announcementSubscription;
      } catch (error) {
        if (error instanceof GraphQLRequestError && error.code === "NOT_FOUND") return null;
        throw error;
      }
    },
  });
}

export function useSetSubscription(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscribed: boolean) =>
      (await request(SetSubscriptionMutation, { token, subscribed })).setAnnouncementSubscription,
    onSuccess: (data) => queryClient.setQueryData(subscriptionKey(token), data),
  });
}
