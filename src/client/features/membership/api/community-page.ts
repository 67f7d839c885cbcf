import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { AnswerInput, CommunityPageQuery } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { joinOrigin } from "#client/lib/origin.ts";

graphql(`
  fragment CommunityPageEventFields on CommunityPageEvent {
    id
    title
    startsAt
    endsAt
    venueName
    isOnline
    coverUrl
  }
`);

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
        ...CommunityPageEventFields
      }
      pastEvents(first: 3) {
        nodes {
          ...CommunityPageEventFields
        }
        hasNextPage
        endCursor
      }
      memberFaces {
        id
        name
        imageUrl
      }
      followable
      viewerFollows
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
        planStatus
        plan {
          id
          name
        }
      }
      viewerSeesDirectory
      plans {
        id
        name
        description
        priceMinor
        currency
        interval
        membersOnlyEvents
        memberPrices
        approvalRequired
      }
    }
  }
`);

const JoinCommunityMutation = graphql(`
  mutation JoinCommunity($communityId: ID!, $answers: [AnswerInput!], $planId: ID, $origin: String) {
    joinCommunity(communityId: $communityId, answers: $answers, planId: $planId, origin: $origin) {
      id
      role
      status
    }
  }
`);

const SubscribeToPlanMutation = graphql(`
  mutation SubscribeToPlan($planId: ID!, $origin: String) {
    subscribeToPlan(planId: $planId, origin: $origin) {
      url
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
      viewerAnnouncementEmails
    }
  }
`);

const SetMyAnnouncementEmailsMutation = graphql(`
  mutation SetMyAnnouncementEmails($communityId: ID!, $subscribed: Boolean!) {
    setMyAnnouncementEmails(communityId: $communityId, subscribed: $subscribed) {
      communityId
      subscribed
    }
  }
`);

export type CommunityPageData = NonNullable<CommunityPageQuery["communityBySlug"]>;
export type CommunityPageEvent = NonNullable<CommunityPageData["upcomingEvents"]>[number];
export type JoinQuestion = CommunityPageData["joinQuestions"][number];
export type OfferedPlan = CommunityPageData["plans"][number];

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
    mutationFn: async ({ answers, planId }: { answers: AnswerInput[]; planId: string | null }) =>
      (await request(JoinCommunityMutation, { communityId, answers, planId, origin: joinOrigin() }))
        .joinCommunity,
  });
}

/** Stripe Checkout for a priced plan: the address to send the browser to. */
export function useSubscribeToPlan() {
  return useMutation({
    mutationFn: async (planId: string) =>
      (await request(SubscribeToPlanMutation, { planId, origin: joinOrigin() })).subscribeToPlan.url,
  });
}

export function useLeaveCommunity() {
  return useMutation({
    mutationFn: async (communityId: string) => {
      await request(LeaveCommunityMutation, { communityId });
    },
  });
}

const MemberDirectoryQuery = graphql(`
  query MemberDirectory($communityId: ID!, $first: Int, $after: String) {
    memberDirectory(communityId: $communityId, first: $first, after: $after) {
      totalCount
      hasNextPage
      endCursor
      nodes {
        id
        name
        role
        joinedAt
      }
    }
  }
`);

const DIRECTORY_PAGE = 50;

/** Who else belongs, by name, for members of a community that shows its directory. */
export function memberDirectoryQueryOptions(communityId: string) {
  return infiniteQueryOptions({
    queryKey: [...communityPageKeys.all, "directory", communityId] as const,
    queryFn: async ({ pageParam }) =>
      (await request(MemberDirectoryQuery, { communityId, first: DIRECTORY_PAGE, after: pageParam }))
        .memberDirectory,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.endCursor : null),
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

export function useSetMyAnnouncementEmails(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscribed: boolean) =>
      (await request(SetMyAnnouncementEmailsMutation, { communityId, subscribed })).setMyAnnouncementEmails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityPageKeys.mine }),
  });
}

const MorePastEventsQuery = graphql(`
  query MorePastEvents($slug: String!, $after: String) {
    communityBySlug(slug: $slug) {
      id
      pastEvents(first: 12, after: $after) {
        nodes {
          ...CommunityPageEventFields
        }
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Past events after the page's first few, a dozen at a time, once the visitor asks for them. */
export function morePastEventsQueryOptions(slug: string, after: string) {
  return infiniteQueryOptions({
    queryKey: [...communityPageKeys.detail(slug), "past", after] as const,
    queryFn: async ({ pageParam }) => {
      const page = (await request(MorePastEventsQuery, { slug, after: pageParam })).communityBySlug
        ?.pastEvents;
      return page ?? { nodes: [], hasNextPage: false, endCursor: null };
    },
    initialPageParam: after,
    getNextPageParam: (last) => (last.hasNextPage ? last.endCursor : null),
  });
}

const FollowCommunityMutation = graphql(`
  mutation FollowCommunity($communityId: ID!) {
    followCommunity(communityId: $communityId)
  }
`);

const UnfollowCommunityMutation = graphql(`
  mutation UnfollowCommunity($communityId: ID!) {
    unfollowCommunity(communityId: $communityId)
  }
`);

/** Follows or stops following; the answer is whether the viewer follows now. */
export function useSetFollowing(communityId: string) {
  return useMutation({
    mutationFn: async (follow: boolean) =>
      follow
        ? (await request(FollowCommunityMutation, { communityId })).followCommunity
        : (await request(UnfollowCommunityMutation, { communityId })).unfollowCommunity,
  });
}

const CommunityFollowByTokenQuery = graphql(`
  query CommunityFollowByToken($token: String!) {
    communityFollowByToken(token: $token) {
      communityName
      communitySlug
      following
    }
  }
`);

const UnfollowByTokenMutation = graphql(`
  mutation UnfollowCommunityByToken($token: String!) {
    unfollowCommunityByToken(token: $token) {
      communityName
      communitySlug
      following
    }
  }
`);

/** What a follower's unfollow link names; a link this server did not sign is not found. */
export function followByTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...communityPageKeys.all, "unfollow-link", token] as const,
    queryFn: async () => (await request(CommunityFollowByTokenQuery, { token })).communityFollowByToken,
  });
}

export function useUnfollowByToken(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request(UnfollowByTokenMutation, { token })).unfollowCommunityByToken,
    onSuccess: (result) => queryClient.setQueryData(followByTokenQueryOptions(token).queryKey, result),
  });
}
