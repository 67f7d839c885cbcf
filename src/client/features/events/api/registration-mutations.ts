import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { MessageRegistrantsInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { eventKeys } from "./events-queries.ts";

/** A registration's state after an organizer's action on it. */
export const RegistrationChangeFragment = graphql(`
  fragment RegistrationChange on Registration {
    id
    status
    checkedInAt
  }
`);

const ApproveRegistrationMutation = graphql(`
  mutation ApproveRegistration($id: ID!) {
    approveRegistration(id: $id) {
      ...RegistrationChange
    }
  }
`);

const DeclineRegistrationMutation = graphql(`
  mutation DeclineRegistration($id: ID!) {
    declineRegistration(id: $id) {
      ...RegistrationChange
    }
  }
`);

const MoveFromWaitlistMutation = graphql(`
  mutation MoveFromWaitlist($id: ID!) {
    moveFromWaitlist(id: $id) {
      ...RegistrationChange
    }
  }
`);

const CancelRegistrationMutation = graphql(`
  mutation ManagerCancelRegistration($id: ID!) {
    cancelRegistration(id: $id) {
      ...RegistrationChange
    }
  }
`);

const CheckInMutation = graphql(`
  mutation CheckIn($registrationId: ID!) {
    checkIn(registrationId: $registrationId) {
      ...RegistrationChange
    }
  }
`);

const UndoCheckInMutation = graphql(`
  mutation UndoCheckIn($registrationId: ID!) {
    undoCheckIn(registrationId: $registrationId) {
      ...RegistrationChange
    }
  }
`);

const CheckInByCodeMutation = graphql(`
  mutation CheckInByCode($eventId: ID!, $code: String!) {
    checkInByCode(eventId: $eventId, code: $code) {
      ...RegistrationChange
      person {
        id
        name
        email
      }
      ticketType {
        id
        name
      }
    }
  }
`);

const MessageRegistrantsMutation = graphql(`
  mutation MessageRegistrants($eventId: ID!, $input: MessageRegistrantsInput!) {
    messageRegistrants(eventId: $eventId, input: $input)
  }
`);

export type RegistrationAction =
  | "approve"
  | "decline"
  | "moveFromWaitlist"
  | "cancel"
  | "checkIn"
  | "undoCheckIn";

async function runAction(action: RegistrationAction, id: string) {
  switch (action) {
    case "approve":
      return (await request(ApproveRegistrationMutation, { id })).approveRegistration;
    case "decline":
      return (await request(DeclineRegistrationMutation, { id })).declineRegistration;
    case "moveFromWaitlist":
      return (await request(MoveFromWaitlistMutation, { id })).moveFromWaitlist;
    case "cancel":
      return (await request(CancelRegistrationMutation, { id })).cancelRegistration;
    case "checkIn":
      return (await request(CheckInMutation, { registrationId: id })).checkIn;
    case "undoCheckIn":
      return (await request(UndoCheckInMutation, { registrationId: id })).undoCheckIn;
  }
}

/** Every change moves the event's counters, so the event and its lists are refetched with the rows. */
export function useInvalidateRegistrations(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.registrations(eventId) }),
      queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
      queryClient.invalidateQueries({ queryKey: [...eventKeys.all, "list"] }),
      queryClient.invalidateQueries({ queryKey: [...eventKeys.all, "overview"] }),
    ]);
}

export function useRegistrationAction(eventId: string) {
  const invalidate = useInvalidateRegistrations(eventId);
  return useMutation({
    mutationFn: ({ action, id }: { action: RegistrationAction; id: string }) => runAction(action, id),
    onSettled: invalidate,
  });
}

export function useCheckInByCode(eventId: string) {
  const invalidate = useInvalidateRegistrations(eventId);
  return useMutation({
    mutationFn: async (code: string) =>
      (await request(CheckInByCodeMutation, { eventId, code })).checkInByCode,
    onSuccess: invalidate,
  });
}

export function useMessageRegistrants(eventId: string) {
  return useMutation({
    mutationFn: async (input: MessageRegistrantsInput) =>
      (await request(MessageRegistrantsMutation, { eventId, input })).messageRegistrants,
  });
}
