import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type {
  MyRegistrationsQuery as MyRegistrationsResult,
  RegistrationTimeFilter,
} from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

const MyRegistrationsQuery = graphql(`
  query MyRegistrations($when: RegistrationTimeFilter!, $first: Int, $after: String) {
    myRegistrations(when: $when, first: $first, after: $after) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      nodes {
        ...RegistrationTicket
        event {
          id
          title
          startsAt
          endsAt
          timeZone
          venueName
          hasOnlineLink
          status
          host {
            id
            name
          }
        }
      }
    }
  }
`);

const CancelRegistrationMutation = graphql(`
  mutation CancelMyRegistration($id: ID!) {
    cancelRegistration(id: $id) {
      id
      status
    }
  }
`);

export type MyRegistration = MyRegistrationsResult["myRegistrations"]["nodes"][number];

export const PAGE_SIZE = 20;

export const registrationKeys = {
  all: ["registrations"] as const,
  mine: (when: RegistrationTimeFilter) => [...registrationKeys.all, "mine", when] as const,
};

export function myRegistrationsQueryOptions(when: RegistrationTimeFilter) {
  return infiniteQueryOptions({
    queryKey: registrationKeys.mine(when),
    queryFn: async ({ pageParam }) =>
      (await request(MyRegistrationsQuery, { when, first: PAGE_SIZE, after: pageParam })).myRegistrations,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null),
  });
}

export function useCancelRegistration({ onCanceled }: { onCanceled?: () => Promise<unknown> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await request(CancelRegistrationMutation, { id })).cancelRegistration,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: registrationKeys.all }), onCanceled?.()]);
    },
  });
}
