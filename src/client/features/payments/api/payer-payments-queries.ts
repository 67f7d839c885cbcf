import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";
import { paymentKeys } from "./payments-queries.ts";

const PayerPaymentsQuery = graphql(`
  query PayerPayments($communityId: ID!, $payerUserId: ID!, $first: Int, $after: String) {
    payments(communityId: $communityId, filter: { payerUserId: $payerUserId }, first: $first, after: $after) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      nodes {
        ...PaymentRowFields
      }
    }
  }
`);

const PayerPaymentTotalsQuery = graphql(`
  query PayerPaymentTotals($communityId: ID!, $payerUserId: ID!) {
    payerPaymentTotals(communityId: $communityId, payerUserId: $payerUserId) {
      currency
      grossMinor
      refundsMinor
      netMinor
      payments
    }
  }
`);

export const PAYER_PAGE_SIZE = 10;

// Under the community's payments key: recording or refunding a payment refreshes the member's too.
const payerKey = (communityId: string, userId: string) =>
  [...paymentKeys.all(communityId), "payer", userId] as const;

/** One member's payments in the community, newest first: the member drawer's. */
export function payerPaymentsQueryOptions(communityId: string, userId: string) {
  return infiniteQueryOptions({
    queryKey: [...payerKey(communityId, userId), "list"] as const,
    queryFn: async ({ pageParam }) =>
      (
        await request(PayerPaymentsQuery, {
          communityId,
          payerUserId: userId,
          first: PAYER_PAGE_SIZE,
          after: pageParam,
        })
      ).payments,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : null),
  });
}

/** What the member paid in all, per currency. */
export function payerTotalsQueryOptions(communityId: string, userId: string) {
  return queryOptions({
    queryKey: [...payerKey(communityId, userId), "totals"] as const,
    queryFn: async () =>
      (await request(PayerPaymentTotalsQuery, { communityId, payerUserId: userId })).payerPaymentTotals,
  });
}
