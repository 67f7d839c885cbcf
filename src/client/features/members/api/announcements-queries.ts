import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { AnnouncementAudienceInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

const AnnouncementsQuery = graphql(`
  query Announcements($communityId: ID!) {
    announcements(communityId: $communityId) {
      id
      subject
      audienceLabel
      sentAt
      sentByName
      recipientCount
      deliveredCount
      failedCount
    }
  }
`);

const AudienceCountQuery = graphql(`
  query AnnouncementAudienceCount($communityId: ID!, $audience: AnnouncementAudienceInput!) {
    announcementAudienceCount(communityId: $communityId, audience: $audience)
  }
`);

const SendAnnouncementMutation = graphql(`
  mutation SendAnnouncement($communityId: ID!, $input: SendAnnouncementInput!) {
    sendAnnouncement(communityId: $communityId, input: $input) {
      id
      recipientCount
    }
  }
`);

export const announcementKeys = {
  all: (communityId: string) => ["announcements", communityId] as const,
  audience: (communityId: string, audience: AnnouncementAudienceInput) =>
    ["announcements", communityId, "audience", audience] as const,
};

export function announcementsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: announcementKeys.all(communityId),
    queryFn: async () => (await request(AnnouncementsQuery, { communityId })).announcements,
  });
}

export function audienceCountQueryOptions(communityId: string, audience: AnnouncementAudienceInput) {
  return queryOptions({
    queryKey: announcementKeys.audience(communityId, audience),
    // Members join, leave and unsubscribe between two sends: count again each time the dialog opens.
    staleTime: 0,
    queryFn: async () =>
      (await request(AudienceCountQuery, { communityId, audience })).announcementAudienceCount,
  });
}

export function useSendAnnouncement(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { subject: string; body: string; audience: AnnouncementAudienceInput }) =>
      (await request(SendAnnouncementMutation, { communityId, input })).sendAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all(communityId) }),
  });
}
