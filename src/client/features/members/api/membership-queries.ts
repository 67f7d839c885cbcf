import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { CommunityRole } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { memberKeys } from "./members-queries.ts";

const JoinRequestsQuery = graphql(`
  query JoinRequests($communityId: ID!, $first: Int, $after: String) {
    joinRequests(communityId: $communityId, first: $first, after: $after) {
      totalCount
      endCursor
      hasNextPage
      nodes {
        id
        requestedAt
        person {
          id
          name
          email
        }
        answers {
          questionId
          question
          values
        }
      }
    }
  }
`);

const InvitationsQuery = graphql(`
  query Invitations($communityId: ID!) {
    invitations(communityId: $communityId) {
      id
      email
      role
      status
      sentAt
      expiresAt
    }
  }
`);

const MemberQuery = graphql(`
  query Member($id: ID!) {
    member(id: $id) {
      id
      role
      status
      source
      tags
      joinedAt
      lastActiveAt
      eventsRegistered
      eventsAttended
      checkIns
      person {
        id
        name
        email
      }
      joinAnswers {
        questionId
        question
        values
      }
      timeline(first: 20) {
        type
        occurredAt
        summary
        actorName
      }
    }
  }
`);

const InviteMembersMutation = graphql(`
  mutation InviteMembers($communityId: ID!, $emails: [String!]!, $role: CommunityRole!) {
    inviteMembers(communityId: $communityId, emails: $emails, role: $role) {
      email
      result
    }
  }
`);

const ResendInvitationMutation = graphql(`
  mutation ResendInvitation($id: ID!) {
    resendInvitation(id: $id) {
      id
      sentAt
      expiresAt
    }
  }
`);

const RevokeInvitationMutation = graphql(`
  mutation RevokeInvitation($id: ID!) {
    revokeInvitation(id: $id) {
      id
      status
    }
  }
`);

const ApproveJoinRequestMutation = graphql(`
  mutation ApproveJoinRequest($id: ID!) {
    approveJoinRequest(id: $id) {
      id
      status
    }
  }
`);

const DeclineJoinRequestMutation = graphql(`
  mutation DeclineJoinRequest($id: ID!, $message: String) {
    declineJoinRequest(id: $id, message: $message)
  }
`);

const SetMemberRoleMutation = graphql(`
  mutation SetMemberRole($membershipId: ID!, $role: CommunityRole!) {
    setMemberRole(membershipId: $membershipId, role: $role) {
      id
      role
    }
  }
`);

const BanMemberMutation = graphql(`
  mutation BanMember($membershipId: ID!, $cancelRegistrations: Boolean!) {
    banMember(membershipId: $membershipId, cancelRegistrations: $cancelRegistrations) {
      id
      status
    }
  }
`);

const RemoveMemberMutation = graphql(`
  mutation RemoveMember($membershipId: ID!) {
    removeMember(membershipId: $membershipId)
  }
`);

const TransferOwnershipMutation = graphql(`
  mutation TransferOwnership($communityId: ID!, $membershipId: ID!) {
    transferOwnership(communityId: $communityId, membershipId: $membershipId) {
      id
      role
    }
  }
`);

const REQUESTS_PAGE = 20;

export const membershipKeys = {
  requests: (communityId: string) => [...memberKeys.all(communityId), "requests"] as const,
  invitations: (communityId: string) => [...memberKeys.all(communityId), "invitations"] as const,
  member: (communityId: string, id: string) => [...memberKeys.all(communityId), "member", id] as const,
};

export function joinRequestsQueryOptions(communityId: string) {
  return infiniteQueryOptions({
    queryKey: membershipKeys.requests(communityId),
    queryFn: async ({ pageParam }) =>
      (await request(JoinRequestsQuery, { communityId, first: REQUESTS_PAGE, after: pageParam }))
        .joinRequests,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.endCursor : null),
  });
}

export function invitationsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: membershipKeys.invitations(communityId),
    queryFn: async () => (await request(InvitationsQuery, { communityId })).invitations,
  });
}

export function memberQueryOptions(communityId: string, id: string) {
  return queryOptions({
    queryKey: membershipKeys.member(communityId, id),
    queryFn: async () => (await request(MemberQuery, { id })).member,
  });
}

/** Every write here changes who is in the table, the queue or the list: all of them refresh. */
function useMembersMutation<Input, Output>(communityId: string, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) }),
  });
}

export const useInviteMembers = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (input: { emails: string[]; role: CommunityRole }) =>
      (await request(InviteMembersMutation, { communityId, ...input })).inviteMembers,
  );

export const useResendInvitation = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (id: string) => (await request(ResendInvitationMutation, { id })).resendInvitation,
  );

export const useRevokeInvitation = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (id: string) => (await request(RevokeInvitationMutation, { id })).revokeInvitation,
  );

export const useApproveJoinRequest = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (id: string) => (await request(ApproveJoinRequestMutation, { id })).approveJoinRequest,
  );

export const useDeclineJoinRequest = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (input: { id: string; message: string | null }) =>
      (await request(DeclineJoinRequestMutation, input)).declineJoinRequest,
  );

export const useSetMemberRole = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (input: { membershipId: string; role: CommunityRole }) =>
      (await request(SetMemberRoleMutation, input)).setMemberRole,
  );

export const useBanMember = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (input: { membershipId: string; cancelRegistrations: boolean }) =>
      (await request(BanMemberMutation, input)).banMember,
  );

export const useRemoveMember = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (membershipId: string) => (await request(RemoveMemberMutation, { membershipId })).removeMember,
  );

export const useTransferOwnership = (communityId: string) =>
  useMembersMutation(
    communityId,
    async (membershipId: string) =>
      (await request(TransferOwnershipMutation, { communityId, membershipId })).transferOwnership,
  );
