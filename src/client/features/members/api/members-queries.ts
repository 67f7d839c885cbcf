import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { MemberFilter, TagMembersMutationVariables } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { filterOf, sortOf } from "../member-filter.ts";
import type { MembersSearch } from "../search-params.ts";

const MembersQuery = graphql(`
  query Members(
    $communityId: ID!
    $first: Int
    $after: String
    $search: String
    $filter: MemberFilter
    $sort: MemberSort
  ) {
    members(
      communityId: $communityId
      first: $first
      after: $after
      search: $search
      filter: $filter
      sort: $sort
    ) {
      totalCount
      totalCountCapped
      pageInfo {
        endCursor
        hasNextPage
      }
      nodes {
        id
        role
        status
        source
        tags
        joinedAt
        eventsAttended
        checkIns
        lastActiveAt
        planStatus
        plan {
          id
          name
        }
        person {
          id
          name
          email
        }
      }
    }
  }
`);

const MemberTablePlansQuery = graphql(`
  query MemberTablePlans($communityId: ID!) {
    membershipPlans(communityId: $communityId) {
      id
      name
      archived
    }
  }
`);

const MemberSegmentsQuery = graphql(`
  query MemberSegments($communityId: ID!) {
    memberSegments(communityId: $communityId) {
      id
      name
      filter {
        roles
        statuses
        sources
        tags
        joinedAfter
        joinedBefore
        lastActiveAfter
        lastActiveBefore
        eventsAttendedAtLeast
        checkInsAtLeast
        plans
        planStatuses
        noShowLastTime
      }
    }
  }
`);

const SaveMemberSegmentMutation = graphql(`
  mutation SaveMemberSegment($communityId: ID!, $name: String!, $filter: MemberFilter!) {
    saveMemberSegment(communityId: $communityId, name: $name, filter: $filter) {
      id
      name
    }
  }
`);

const DeleteMemberSegmentMutation = graphql(`
  mutation DeleteMemberSegment($id: ID!) {
    deleteMemberSegment(id: $id)
  }
`);

const TagMembersMutation = graphql(`
  mutation TagMembers(
    $communityId: ID!
    $membershipIds: [ID!]
    $filter: MemberFilter
    $search: String
    $add: [String!]
    $remove: [String!]
  ) {
    tagMembers(
      communityId: $communityId
      membershipIds: $membershipIds
      filter: $filter
      search: $search
      add: $add
      remove: $remove
    ) {
      matched
      changed
    }
  }
`);

export const PAGE_SIZE = 50;

export const memberKeys = {
  all: (communityId: string) => ["members", communityId] as const,
  list: (communityId: string, search: MembersSearch) => ["members", communityId, "list", search] as const,
  segments: (communityId: string) => ["members", communityId, "segments"] as const,
};

export function membersQueryOptions(communityId: string, search: MembersSearch) {
  return infiniteQueryOptions({
    queryKey: memberKeys.list(communityId, search),
    queryFn: async ({ pageParam }) =>
      (
        await request(MembersQuery, {
          communityId,
          first: PAGE_SIZE,
          after: pageParam,
          search: search.q ?? null,
          filter: filterOf(search),
          sort: sortOf(search),
        })
      ).members,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : null),
  });
}

export function memberSegmentsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: memberKeys.segments(communityId),
    queryFn: async () => (await request(MemberSegmentsQuery, { communityId })).memberSegments,
  });
}

export function useSaveSegment(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; filter: MemberFilter }) =>
      (await request(SaveMemberSegmentMutation, { communityId, ...input })).saveMemberSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.segments(communityId) }),
  });
}

export function useDeleteSegment(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await request(DeleteMemberSegmentMutation, { id })).deleteMemberSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.segments(communityId) }),
  });
}

export type TagTarget = { membershipIds: string[] } | { search: MembersSearch };

export function useTagMembers(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { target: TagTarget; add?: string[]; remove?: string[] }) => {
      const target: TagMembersMutationVariables =
        "membershipIds" in input.target
          ? { communityId, membershipIds: input.target.membershipIds }
          : { communityId, filter: filterOf(input.target.search), search: input.target.search.q ?? null };
      return (
        await request(TagMembersMutation, {
          ...target,
          add: input.add ?? [],
          remove: input.remove ?? [],
        })
      ).tagMembers;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) }),
  });
}

/** The overview's figures about people; the overview page asks for them with its other parts at once. */
export const MemberFiguresFields = graphql(`
  fragment MemberFiguresFields on Query {
    community(id: $communityId) {
      id
      pendingJoinRequests
      memberStats {
        activeCount
        peopleCount
      }
      insightsSummary {
        newMembers
      }
      newestMembers(first: 5) {
        id
        joinedAt
        person {
          id
          name
        }
      }
    }
  }
`);

const MemberFiguresQuery = graphql(`
  query MemberFigures($communityId: ID!) {
    ...MemberFiguresFields
  }
`);

/** The overview's figures about people; null figures for roles that may not see the members. */
export function memberFiguresQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: [...memberKeys.all(communityId), "figures"] as const,
    queryFn: async () => (await request(MemberFiguresQuery, { communityId })).community,
  });
}

/** The community's plans by name, for the member table's plan filter. */
export function memberTablePlansQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: ["members", communityId, "plans"] as const,
    queryFn: async () => (await request(MemberTablePlansQuery, { communityId })).membershipPlans,
  });
}
