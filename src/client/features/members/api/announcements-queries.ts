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

const AnnouncementDraftsQuery = graphql(`
  query AnnouncementDrafts($communityId: ID!) {
    announcementDrafts(communityId: $communityId) {
      id
      subject
      body
      fromAgent
      createdAt
    }
  }
`);

const DeleteAnnouncementDraftMutation = graphql(`
  mutation DeleteAnnouncementDraft($id: ID!) {
    deleteAnnouncementDraft(id: $id)
  }
`);

export const announcementKeys = {
  all: (communityId: string) => ["announcements", communityId] as const,
  drafts: (communityId: string) => ["announcements", communityId, "drafts"] as const,
  audience: (communityId: string, audience: AnnouncementAudienceInput) =>
    ["announcements", communityId, "audience", audience] as const,
};

export function announcementsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: announcementKeys.all(communityId),
    queryFn: async () => (await request(AnnouncementsQuery, { communityId })).announcements,
  });
}

/** Drafts waiting for an admin to send them (written by agents); only admins may read them. */
export function announcementDraftsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: announcementKeys.drafts(communityId),
    queryFn: async () => (await request(AnnouncementDraftsQuery, { communityId })).announcementDrafts,
  });
}

export function useDeleteAnnouncementDraft(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await request(DeleteAnnouncementDraftMutation, { id })).deleteAnnouncementDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.drafts(communityId) }),
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
    mutationFn: async (input: {
      subject: string;
      body: string;
      audience: AnnouncementAudienceInput;
      draftId?: string;
    }) => (await request(SendAnnouncementMutation, { communityId, input })).sendAnnouncement,
    // The history and the drafts both change: a sent draft leaves the drafts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all(communityId) }),
  });
}
