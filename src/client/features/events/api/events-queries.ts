import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { EventListFilter, RegistrationStatus } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

/** One event in the organizer's lists: the events tab and the overview's upcoming events. */
export const EventListItemFragment = graphql(`
  fragment EventListItem on Event {
    id
    title
    startsAt
    endsAt
    timeZone
    status
    capacity
    goingCount
    waitlistCount
    pendingCount
  }
`);

const CommunityEventsQuery = graphql(`
  query CommunityEvents(
    $communityId: ID!
    $filter: EventListFilter!
    $search: String
    $first: Int
    $after: String
  ) {
    events(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {
      nodes {
        ...EventListItem
        visibility
        checkedInCount
        publicPath
        attendanceForecast {
          expected
          low
          high
          going
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/** What the overview shows of events; the overview page asks for it with its other parts at once. */
export const OverviewEventsFields = graphql(`
  fragment OverviewEventsFields on Query {
    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 5) {
      nodes {
        ...EventListItem
      }
      pageInfo {
        hasNextPage
      }
    }
    drafts: events(communityId: $communityId, filter: DRAFTS, first: 1) {
      nodes {
        id
      }
    }
    past: events(communityId: $communityId, filter: PAST, first: 1) {
      nodes {
        id
      }
    }
  }
`);

const OverviewEventsQuery = graphql(`
  query OverviewEvents($communityId: ID!) {
    ...OverviewEventsFields
  }
`);

const EventDetailQuery = graphql(`
  query EventDetail($id: ID!) {
    event(id: $id) {
      id
      host {
        id
        name
        slug
      }
      ...EventWhenWhere
      ...EventPublicFacts
      pendingCount
      checkedInCount
      heldCount
      ticketTypes {
        id
        name
        quantity
        remaining
        priceMinor
        memberPriceMinor
        maxPerOrder
        salesStartAt
        salesEndAt
      }
      questions {
        ...EventQuestionFields
      }
      viewerCanManage
      publicPath
      publishedAt
      canceledAt
      cancelMessage
    }
  }
`);

const EventRegistrationsQuery = graphql(`
  query EventRegistrations(
    $eventId: ID!
    $status: RegistrationStatus
    $ticketTypeId: ID
    $search: String
    $first: Int
    $after: String
  ) {
    eventRegistrations(
      eventId: $eventId
      status: $status
      ticketTypeId: $ticketTypeId
      search: $search
      first: $first
      after: $after
    ) {
      nodes {
        id
        status
        person {
          id
          name
          email
          image
        }
        quantity
        ticketType {
          id
          name
        }
        answers {
          questionId
          label
          values
        }
        checkedInAt
        waitlistPosition
        holdExpiresAt
        createdAt
        payments {
          id
          method
          status
          currency
          amountMinor
          refundedMinor
          payer {
            name
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
      totalCount
    }
  }
`);

export type RegistrationFilters = {
  status?: RegistrationStatus | undefined;
  ticketTypeId?: string | undefined;
  search?: string | undefined;
};

export const eventKeys = {
  all: ["events"] as const,
  lists: (communityId: string) => [...eventKeys.all, "list", communityId] as const,
  list: (communityId: string, filter: EventListFilter, search: string) =>
    [...eventKeys.lists(communityId), filter, search] as const,
  overview: (communityId: string) => [...eventKeys.all, "overview", communityId] as const,
  detail: (id: string) => [...eventKeys.all, "detail", id] as const,
  registrations: (eventId: string) => [...eventKeys.all, "registrations", eventId] as const,
  registrationList: (eventId: string, filters: RegistrationFilters, pageSize: number) =>
    [
      ...eventKeys.registrations(eventId),
      filters.status ?? null,
      filters.ticketTypeId ?? null,
      filters.search ?? "",
      pageSize,
    ] as const,
};

const EVENTS_PAGE_SIZE = 20;

export function communityEventsQueryOptions(communityId: string, filter: EventListFilter, search: string) {
  return infiniteQueryOptions({
    queryKey: eventKeys.list(communityId, filter, search),
    queryFn: async ({ pageParam }) =>
      (
        await request(CommunityEventsQuery, {
          communityId,
          filter,
          search: search || null,
          first: EVENTS_PAGE_SIZE,
          after: pageParam,
        })
      ).events,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : undefined),
  });
}

export function overviewEventsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: eventKeys.overview(communityId),
    queryFn: () => request(OverviewEventsQuery, { communityId }),
  });
}

export function eventQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: async () => (await request(EventDetailQuery, { id })).event,
  });
}

export function eventRegistrationsQueryOptions(eventId: string, filters: RegistrationFilters, pageSize = 50) {
  return infiniteQueryOptions({
    queryKey: eventKeys.registrationList(eventId, filters, pageSize),
    queryFn: async ({ pageParam }) =>
      (
        await request(EventRegistrationsQuery, {
          eventId,
          status: filters.status ?? null,
          ticketTypeId: filters.ticketTypeId ?? null,
          search: filters.search || null,
          first: pageSize,
          after: pageParam,
        })
      ).eventRegistrations,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : undefined),
  });
}
