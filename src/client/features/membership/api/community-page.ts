import { queryOptions, useMutation } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { AnswerInput, CommunityPageQuery } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

const CommunityPageDocument = graphql(`
  query CommunityPage($slug: String!) {
    communityBySlug(slug: $slug) {
      id
      slug
      name
      logoUrl
      coverUrl
      brandColor
      description
      visibility
      joinPolicy
      timeZone
      memberCount
      pastEventCount
      upcomingEvents {
        id
        title
        startsAt
        endsAt
        venueName
        isOnline
      }
      joinQuestions {
        id
        kind
        label
        required
        options
      }
      viewerMembership {
        id
        role
        status
      }
    }
  }
`);

const JoinCommunityMutation = graphql(`
  mutation JoinCommunity($communityId: ID!, $answers: [AnswerInput!]) {
    joinCommunity(communityId: $communityId, answers: $answers) {
      id
      role
      status
    }
  }
`);

const LeaveCommunityMutation = graphql(`
  mutation LeaveCommunity($communityId: ID!) {
    leaveCommunity(communityId: $communityId)
  }
`);

const MyMembershipsQuery = graphql(`
  query MyMemberships {
    myCommunities {
      id
      name
      slug
      logoUrl
      viewerRole
    }
  }
`);

export type CommunityPageData = NonNullable<CommunityPageQuery["communityBySlug"]>;
export type JoinQuestion = CommunityPageData["joinQuestions"][number];

/** Its own key: the answer depends on who is signed in (their membership, a private community's face). */
export const communityPageKeys = {
  all: ["community-page"] as const,
  detail: (slug: string) => [...communityPageKeys.all, slug] as const,
  mine: ["community-page", "mine"] as const,
};

export function communityPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: communityPageKeys.detail(slug),
    queryFn: async () => (await request(CommunityPageDocument, { slug })).communityBySlug,
  });
}

export function myMembershipsQueryOptions() {
  return queryOptions({
    queryKey: communityPageKeys.mine,
    queryFn: async () => (await request(MyMembershipsQuery)).myCommunities,
  });
}

export function useJoinCommunity(communityId: string) {
  return useMutation({
    mutationFn: async (answers: AnswerInput[]) =>
      (await request(JoinCommunityMutation, { communityId, answers })).joinCommunity,
  });
}

export function useLeaveCommunity() {
  return useMutation({
    mutationFn: async (communityId: string) => {
      await request(LeaveCommunityMutation, { communityId });
    },
  });
}

const MyJoinRequestsQuery = graphql(`
  query MyJoinRequests {
    myJoinRequests {
      id
      requestedAt
      community {
        id
        name
        slug
        logoUrl
      }
    }
  }
`);

/** Under `communityPageKeys.all`: joining or withdrawing on a community page refreshes it. */
export function myJoinRequestsQueryOptions() {
  return queryOptions({
    queryKey: [...communityPageKeys.all, "my-requests"] as const,
    queryFn: async () => (await request(MyJoinRequestsQuery)).myJoinRequests,
  });
}
