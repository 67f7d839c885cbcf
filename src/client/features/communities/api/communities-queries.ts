import { queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";

const MyCommunitiesQuery = graphql(`
  query MyCommunities {
    myCommunities {
      id
      name
      slug
      description
      logoUrl
      brandColor
      memberCount
      viewerRole
      viewerCapabilities
      visibility
      pendingJoinRequests
      timeZone
      nextEvent {
        id
        title
        startsAt
      }
    }
  }
`);

/**
 * Everything the community screens show of one community; the community query and the create and
 * update mutations ask for it, so the cached answer looks the same whichever one wrote it.
 */
export const CommunityDetailsFragment = graphql(`
  fragment CommunityDetails on Community {
    id
    name
    slug
    description
    logoUrl
    memberCount
    viewerRole
    visibility
    joinPolicy
    timeZone
    currency
    createdAt
    brandColor
    coverUrl
    viewerCapabilities
    pendingJoinRequests
    agentBadgeCount
    memberDirectory
    joinQuestions {
      id
      kind
      label
      required
      options
    }
  }
`);

const CommunityQuery = graphql(`
  query Community($id: ID!) {
    community(id: $id) {
      ...CommunityDetails
    }
  }
`);

const SlugAvailabilityQuery = graphql(`
  query SlugAvailability($slug: String!) {
    slugAvailability(slug: $slug) {
      slug
      available
      reason
    }
  }
`);

export const communityKeys = {
  all: ["communities"] as const,
  mine: () => [...communityKeys.all, "mine"] as const,
  detail: (id: string) => [...communityKeys.all, "detail", id] as const,
  slug: (slug: string) => [...communityKeys.all, "slug", slug] as const,
};

export function myCommunitiesQueryOptions() {
  return queryOptions({
    queryKey: communityKeys.mine(),
    queryFn: async () => (await request(MyCommunitiesQuery)).myCommunities,
  });
}

export function communityQueryOptions(id: string) {
  return queryOptions({
    queryKey: communityKeys.detail(id),
    queryFn: async () => (await request(CommunityQuery, { id })).community,
  });
}

export function slugAvailabilityQueryOptions(slug: string) {
  return queryOptions({
    queryKey: communityKeys.slug(slug),
    queryFn: async () => (await request(SlugAvailabilityQuery, { slug })).slugAvailability,
    staleTime: 10_000,
  });
}
