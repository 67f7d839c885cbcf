import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { ManagedRegistrationQuery } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

const ManagedRegistrationQueryDocument = graphql(`
  query ManagedRegistration($token: String!) {
    managedRegistration(token: $token) {
      ...ManagedRegistrationFields
    }
  }
  fragment ManagedRegistrationFields on ManagedRegistration {
    id
    status
    name
    email
    checkInCode
    checkedInAt
    waitlistPosition
    quantity
    holdExpiresAt
    ticketTypeName
    onlineUrl
    canCancel
    event {
      ...EventWhenWhere
      status
      host {
        id
        name
      }
    }
  }
`);

const CancelManagedMutation = graphql(`
  mutation CancelManagedRegistration($token: String!) {
    cancelManagedRegistration(token: $token) {
      ...ManagedRegistrationFields
    }
  }
`);

export type ManagedRegistration = ManagedRegistrationQuery["managedRegistration"];

const managedKeys = { detail: (token: string) => ["managed-registration", token] as const };

export function managedRegistrationQueryOptions(token: string) {
  return queryOptions({
    queryKey: managedKeys.detail(token),
    queryFn: async () => (await request(ManagedRegistrationQueryDocument, { token })).managedRegistration,
  });
}

export function useCancelManagedRegistration(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request(CancelManagedMutation, { token })).cancelManagedRegistration,
    onSuccess: (updated) => queryClient.setQueryData(managedKeys.detail(token), updated),
  });
}

const PayForOfferMutation = graphql(`
  mutation PayForOffer($token: String!) {
    payForOffer(token: $token) {
      url
    }
  }
`);

/** Stripe's page to pay for the seats offered through this link (null when nothing is left to pay). */
export function usePayForOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request(PayForOfferMutation, { token })).payForOffer.url,
    // An offer that ended meanwhile: the page shows what the registration is now.
    onError: () => queryClient.invalidateQueries({ queryKey: managedKeys.detail(token) }),
  });
}
