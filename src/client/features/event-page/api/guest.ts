import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { GuestRegisterInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { registrationOrigin } from "#client/lib/origin.ts";
import { eventPageKeys } from "./event-page-queries.ts";

const RegisterAsGuestMutation = graphql(`
  mutation RegisterAsGuest($eventId: ID!, $input: GuestRegisterInput!) {
    registerAsGuest(eventId: $eventId, input: $input) {
      status
      email
    }
  }
`);

const ResendTicketMutation = graphql(`
  mutation ResendTicket($eventId: ID!, $email: String!) {
    resendTicket(eventId: $eventId, email: $email)
  }
`);

export function useRegisterAsGuest(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GuestRegisterInput) =>
      (
        await request(RegisterAsGuestMutation, {
          eventId,
          input: { ...input, origin: registrationOrigin(eventId) },
        })
      ).registerAsGuest,
    // Spots left and the going count change; the visitor stays signed out.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventPageKeys.detail(eventId) }),
  });
}

export function useResendTicket(eventId: string) {
  return useMutation({
    mutationFn: async (email: string) =>
      (await request(ResendTicketMutation, { eventId, email })).resendTicket,
  });
}
