import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { BillingDetailsInput, BillingDetailsQuery } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

export const BillingDetailsFieldsFragment = graphql(`
  fragment BillingDetailsFields on BillingDetails {
    communityId
    legalName
    address
    taxNote
    updatedAt
  }
`);

const BillingDetailsQueryDocument = graphql(`
  query BillingDetails($communityId: ID!) {
    community(id: $communityId) {
      id
      name
      billingDetails {
        ...BillingDetailsFields
      }
    }
  }
`);

const UpdateBillingDetailsMutation = graphql(`
  mutation UpdateBillingDetails($communityId: ID!, $input: BillingDetailsInput!) {
    updateBillingDetails(communityId: $communityId, input: $input) {
      ...BillingDetailsFields
    }
  }
`);

/** The community's name (receipts fall back to it) and its receipt details; null details without payments.manage. */
export type BillingDetailsData = BillingDetailsQuery["community"];
export type BillingDetails = NonNullable<BillingDetailsData["billingDetails"]>;

const billingKey = (communityId: string) => ["payments", "billing-details", communityId] as const;

export const billingDetailsQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: billingKey(communityId),
    queryFn: async () => (await request(BillingDetailsQueryDocument, { communityId })).community,
  });

export function useUpdateBillingDetails(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BillingDetailsInput) =>
      (await request(UpdateBillingDetailsMutation, { communityId, input })).updateBillingDetails,
    onSuccess: (saved) =>
      queryClient.setQueryData(billingKey(communityId), (current: BillingDetailsData | undefined) =>
        current ? { ...current, billingDetails: saved } : current,
      ),
  });
}
