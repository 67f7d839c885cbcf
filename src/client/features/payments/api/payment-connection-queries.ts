import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { PaymentConnectionQuery } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

export const PaymentConnectionFieldsFragment = graphql(`
  fragment PaymentConnectionFields on PaymentConnection {
    communityId
    status
    mode
    accountId
    chargesEnabled
    payoutsEnabled
    detailsSubmitted
    checkedAt
  }
`);

const PaymentConnectionQueryDocument = graphql(`
  query PaymentConnection($communityId: ID!) {
    paymentConnection(communityId: $communityId) {
      ...PaymentConnectionFields
    }
  }
`);

const RefreshPaymentConnectionMutation = graphql(`
  mutation RefreshPaymentConnection($communityId: ID!) {
    refreshPaymentConnection(communityId: $communityId) {
      ...PaymentConnectionFields
    }
  }
`);

const ConnectStripeMutation = graphql(`
  mutation ConnectStripe($communityId: ID!, $returnPath: String!) {
    connectStripe(communityId: $communityId, returnPath: $returnPath) {
      url
    }
  }
`);

const StripeDashboardLinkMutation = graphql(`
  mutation StripeDashboardLink($communityId: ID!) {
    stripeDashboardLink(communityId: $communityId) {
      url
    }
  }
`);

export type PaymentConnection = PaymentConnectionQuery["paymentConnection"];

export const paymentKeys = {
  all: ["payments"] as const,
  connection: (communityId: string) => ["payments", "connection", communityId] as const,
};

export const paymentConnectionQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: paymentKeys.connection(communityId),
    queryFn: async () => (await request(PaymentConnectionQueryDocument, { communityId })).paymentConnection,
  });

/**
 * The settings page's loader: the stored status, or, right after Stripe sent the organizer back,
 * the status asked of Stripe at once (the webhook may take a while). A failure is left to the
 * section to show, so the rest of the settings page still opens.
 */
export async function loadPaymentConnection(
  queryClient: QueryClient,
  communityId: string,
  backFromStripe: boolean,
): Promise<void> {
  if (backFromStripe) {
    try {
      const { refreshPaymentConnection } = await request(RefreshPaymentConnectionMutation, { communityId });
      queryClient.setQueryData(paymentKeys.connection(communityId), refreshPaymentConnection);
      return;
    } catch {
      // The stored status below is the next best answer; the organizer can check again.
    }
  }
  await queryClient.prefetchQuery(paymentConnectionQueryOptions(communityId));
}

export function useRefreshPaymentConnection(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await request(RefreshPaymentConnectionMutation, { communityId })).refreshPaymentConnection,
    onSuccess: (connection) => queryClient.setQueryData(paymentKeys.connection(communityId), connection),
  });
}

/** The settings page's payments section: where Stripe sends the organizer back to. */
export const paymentsSettingsPath = (communityId: string) => `/dashboard/${communityId}/edit#payments`;

/** A single-use address on Stripe (onboarding or the Express dashboard) to send the owner to. */
export function useStripeLink(communityId: string, to: "onboarding" | "dashboard") {
  return useMutation({
    mutationFn: async () =>
      to === "onboarding"
        ? (
            await request(ConnectStripeMutation, {
              communityId,
              returnPath: paymentsSettingsPath(communityId),
            })
          ).connectStripe.url
        : (await request(StripeDashboardLinkMutation, { communityId })).stripeDashboardLink.url,
  });
}
