import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { RegisterInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { registrationOrigin } from "#client/lib/origin.ts";
import { eventPageKeys } from "./event-page-queries.ts";

const RegisterMutation = graphql(`
  mutation RegisterForEvent($eventId: ID!, $input: RegisterInput!) {
    register(eventId: $eventId, input: $input) {
      id
      status
      checkInCode
      waitlistPosition
      ticketType {
        id
        name
      }
    }
  }
`);

export function useRegister(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      (await request(RegisterMutation, { eventId, input: { ...input, origin: registrationOrigin(eventId) } }))
        .register,
    // Counts, spots left and the online link all change with a registration: refetch the page.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventPageKeys.detail(eventId) }),
  });
}
