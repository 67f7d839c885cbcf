import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { PromoCodeInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

export const PromoCodeFieldsFragment = graphql(`
  fragment PromoCodeFields on PromoCode {
    id
    code
    eventId
    eventTitle
    ticketTypeId
    ticketTypeName
    percentOff
    amountOffMinor
    currency
    maxUses
    uses
    startsAt
    expiresAt
    active
    status
  }
`);

const PromoCodesQuery = graphql(`
  query PromoCodes($communityId: ID!, $eventId: ID, $first: Int, $after: String) {
    promoCodes(communityId: $communityId, eventId: $eventId, first: $first, after: $after) {
      nodes {
        ...PromoCodeFields
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

const CreatePromoCodeMutation = graphql(`
  mutation CreatePromoCode($communityId: ID!, $eventId: ID, $input: PromoCodeInput!) {
    createPromoCode(communityId: $communityId, eventId: $eventId, input: $input) {
      ...PromoCodeFields
    }
  }
`);

const DeactivatePromoCodeMutation = graphql(`
  mutation DeactivatePromoCode($id: ID!) {
    deactivatePromoCode(id: $id) {
      ...PromoCodeFields
    }
  }
`);

const UpdatePromoCodeMutation = graphql(`
  mutation UpdatePromoCode($id: ID!, $eventId: ID, $input: PromoCodeInput!) {
    updatePromoCode(id: $id, eventId: $eventId, input: $input) {
      ...PromoCodeFields
    }
  }
`);

const ReactivatePromoCodeMutation = graphql(`
  mutation ReactivatePromoCode($id: ID!) {
    reactivatePromoCode(id: $id) {
      ...PromoCodeFields
    }
  }
`);

const PromoCodeEventsQuery = graphql(`
  query PromoCodeEvents($communityId: ID!) {
    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {
      nodes {
        id
        title
        ticketTypes {
          id
          name
        }
      }
    }
    drafts: events(communityId: $communityId, filter: DRAFTS, first: 100) {
      nodes {
        id
        title
        ticketTypes {
          id
          name
        }
      }
    }
  }
`);

export const PROMO_CODES_PAGE_SIZE = 50;

export const promoCodeKeys = {
  all: ["promo-codes"] as const,
  list: (communityId: string, eventId: string | null) =>
    [...promoCodeKeys.all, communityId, eventId] as const,
};

/** A community's codes, or (with `eventId`) the ones that event's buyers could use. */
export function promoCodesQueryOptions(communityId: string, eventId: string | null) {
  return infiniteQueryOptions({
    queryKey: promoCodeKeys.list(communityId, eventId),
    queryFn: async ({ pageParam }) =>
      (
        await request(PromoCodesQuery, {
          communityId,
          eventId,
          first: PROMO_CODES_PAGE_SIZE,
          after: pageParam,
        })
      ).promoCodes,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : undefined),
  });
}

/** The events a code can be moved to: those still to come and the drafts, soonest first. */
export function promoCodeEventsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: ["promo-code-events", communityId] as const,
    queryFn: async () => {
      const { upcoming, drafts } = await request(PromoCodeEventsQuery, { communityId });
      return [...upcoming.nodes, ...drafts.nodes];
    },
    staleTime: 60_000,
  });
}

/** A code shows in the event's list and the community's alike: every list is asked again. */
function useInvalidatePromoCodes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: promoCodeKeys.all });
}

export function useCreatePromoCode(communityId: string, eventId: string | null) {
  const invalidate = useInvalidatePromoCodes();
  return useMutation({
    mutationFn: async (input: PromoCodeInput) =>
      (await request(CreatePromoCodeMutation, { communityId, eventId, input })).createPromoCode,
    onSuccess: invalidate,
  });
}

export function useDeactivatePromoCode() {
  const invalidate = useInvalidatePromoCodes();
  return useMutation({
    mutationFn: async (id: string) =>
      (await request(DeactivatePromoCodeMutation, { id })).deactivatePromoCode,
    onSuccess: invalidate,
  });
}

export function useUpdatePromoCode() {
  const invalidate = useInvalidatePromoCodes();
  return useMutation({
    mutationFn: async (variables: { id: string; eventId: string | null; input: PromoCodeInput }) =>
      (await request(UpdatePromoCodeMutation, variables)).updatePromoCode,
    onSuccess: invalidate,
  });
}

export function useReactivatePromoCode() {
  const invalidate = useInvalidatePromoCodes();
  return useMutation({
    mutationFn: async (id: string) =>
      (await request(ReactivatePromoCodeMutation, { id })).reactivatePromoCode,
    onSuccess: invalidate,
  });
}
