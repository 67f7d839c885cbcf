import { queryOptions, useMutation } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";

const InvitationPreviewQuery = graphql(`
  query InvitationPreview($token: String!) {
    invitation(token: $token) {
      email
      role
      status
      expiresAt
      community {
        id
        name
        slug
        logoUrl
      }
    }
  }
`);

const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($token: String!) {
    acceptInvitation(token: $token) {
      id
      communityId
      role
      status
    }
  }
`);

export const invitationKeys = {
  preview: (token: string) => ["invitation", token] as const,
};

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.preview(token),
    queryFn: async () => (await request(InvitationPreviewQuery, { token })).invitation,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: async () => (await request(AcceptInvitationMutation, { token })).acceptInvitation,
  });
}
