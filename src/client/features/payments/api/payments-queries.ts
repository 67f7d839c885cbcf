import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { PaymentFilter, RecordPaymentInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { daysRange, type Range } from "../periods.ts";
import type { PaymentsSearch } from "../search-params.ts";

export const PaymentRowFields = graphql(`
  fragment PaymentRowFields on Payment {
    id
    createdAt
    succeededAt
    purpose
    status
    method
    amountMinor
    feeMinor
    refundedMinor
    netMinor
    currency
    note
    payer {
      userId
      name
      email
    }
    event {
      id
      title
    }
  }
`);

const PaymentsQuery = graphql(`
  query Payments($communityId: ID!, $filter: PaymentFilter, $search: String, $first: Int, $after: String) {
    payments(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {
      totalCount
      totalCountCapped
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

const PaymentQuery = graphql(`
  query Payment($id: ID!) {
    payment(id: $id) {
      ...PaymentRowFields
      providerRef
      registrationId
      registrationCancelable
      refunds {
        id
        amountMinor
        reason
        createdAt
      }
    }
  }
`);

const PaymentTotalsQuery = graphql(`
  query PaymentTotals($communityId: ID!, $from: DateTime!, $to: DateTime!) {
    paymentTotals(communityId: $communityId, from: $from, to: $to) {
      currency
      grossMinor
      refundsMinor
      feesMinor
      netMinor
      payments
      refunds
    }
  }
`);

const PaymentEventsQuery = graphql(`
  query PaymentEvents($communityId: ID!) {
    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {
      nodes {
        id
        title
        startsAt
      }
    }
    past: events(communityId: $communityId, filter: PAST, first: 100) {
      nodes {
        id
        title
        startsAt
      }
    }
  }
`);

const PaymentPlansQuery = graphql(`
  query PaymentPlans($communityId: ID!) {
    membershipPlans(communityId: $communityId) {
      id
      name
      archived
    }
  }
`);

/**
 * The overview's revenue: the insights of the last 30 days, so the overview and the insights page
 * never disagree. The overview page asks for it with its other parts at once.
 */
export const RevenueFields = graphql(`
  fragment RevenueFields on Query {
    revenueCommunity: community(id: $communityId) {
      id
      insightsSummary {
        revenue {
          currency
          amountMinor: netMinor
        }
      }
    }
  }
`);

const RevenueQuery = graphql(`
  query Revenue($communityId: ID!) {
    ...RevenueFields
  }
`);

const RecordPaymentMutation = graphql(`
  mutation RecordPayment($communityId: ID!, $input: RecordPaymentInput!) {
    recordPayment(communityId: $communityId, input: $input) {
      ...PaymentRowFields
    }
  }
`);

const RefundPaymentMutation = graphql(`
  mutation RefundPayment($id: ID!, $amountMinor: MinorUnits!, $reason: String!, $cancelRegistration: Boolean) {
    refundPayment(id: $id, amountMinor: $amountMinor, reason: $reason, cancelRegistration: $cancelRegistration) {
      ...PaymentRowFields
    }
  }
`);

export const PAGE_SIZE = 50;

export const paymentKeys = {
  all: (communityId: string) => ["payments", communityId] as const,
  list: (communityId: string, search: PaymentsSearch, timeZone: string) =>
    ["payments", communityId, "list", search, timeZone] as const,
  totals: (communityId: string, range: Range) => ["payments", communityId, "totals", range] as const,
  detail: (communityId: string, id: string) => ["payments", communityId, "detail", id] as const,
  events: (communityId: string) => ["payments", communityId, "events"] as const,
  plans: (communityId: string) => ["payments", communityId, "plans"] as const,
  revenue: (communityId: string) => ["payments", communityId, "revenue"] as const,
};

/** The GraphQL filter the URL means; days are the community's, from the first day's start to after the last. */
export function filterOf(search: PaymentsSearch, timeZone: string): PaymentFilter {
  return {
    statuses: search.status ? [search.status] : null,
    purposes: search.purpose ? [search.purpose] : null,
    eventId: search.event ?? null,
    planId: search.plan ?? null,
    createdAfter: search.from ? daysRange(search.from, search.from, timeZone).from : null,
    createdBefore: search.to ? daysRange(search.to, search.to, timeZone).to : null,
  };
}

export function paymentsQueryOptions(communityId: string, search: PaymentsSearch, timeZone: string) {
  return infiniteQueryOptions({
    queryKey: paymentKeys.list(communityId, search, timeZone),
    queryFn: async ({ pageParam }) =>
      (
        await request(PaymentsQuery, {
          communityId,
          first: PAGE_SIZE,
          after: pageParam,
          search: search.q ?? null,
          filter: filterOf(search, timeZone),
        })
      ).payments,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : null),
  });
}

export function paymentQueryOptions(communityId: string, id: string) {
  return queryOptions({
    queryKey: paymentKeys.detail(communityId, id),
    queryFn: async () => (await request(PaymentQuery, { id })).payment,
  });
}

export function paymentTotalsQueryOptions(communityId: string, range: Range) {
  return queryOptions({
    queryKey: paymentKeys.totals(communityId, range),
    queryFn: async () => (await request(PaymentTotalsQuery, { communityId, ...range })).paymentTotals,
  });
}

/** The community's events to filter by and link a payment to, newest first. */
export function paymentEventsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: paymentKeys.events(communityId),
    queryFn: async () => {
      const { upcoming, past } = await request(PaymentEventsQuery, { communityId });
      return [...upcoming.nodes].reverse().concat(past.nodes);
    },
    staleTime: 60_000,
  });
}

/** The community's membership plans to filter by, archived ones included (their payments stay). */
export function paymentPlansQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: paymentKeys.plans(communityId),
    queryFn: async () => (await request(PaymentPlansQuery, { communityId })).membershipPlans,
    staleTime: 60_000,
  });
}

/** The overview's revenue of the last 30 days; null for roles that do not see payments. */
export function revenueQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: paymentKeys.revenue(communityId),
    queryFn: async () =>
      (await request(RevenueQuery, { communityId })).revenueCommunity.insightsSummary?.revenue ?? null,
  });
}

export function useRecordPayment(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RecordPaymentInput) =>
      (await request(RecordPaymentMutation, { communityId, input })).recordPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all(communityId) }),
  });
}

export function useRefundPayment(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id: string;
      amountMinor: number;
      reason: string;
      cancelRegistration: boolean;
    }) => (await request(RefundPaymentMutation, input)).refundPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all(communityId) }),
  });
}

/** `/api/communities/{id}/payments.csv` for the table's filtered set. */
export function paymentsCsvHref(communityId: string, search: PaymentsSearch, timeZone: string): string {
  const params = new URLSearchParams();
  const filter = filterOf(search, timeZone);
  if (search.q) params.set("search", search.q);
  if (search.status) params.set("status", search.status);
  if (search.purpose) params.set("purpose", search.purpose);
  if (search.event) params.set("eventId", search.event);
  if (search.plan) params.set("planId", search.plan);
  if (filter.createdAfter) params.set("createdAfter", filter.createdAfter);
  if (filter.createdBefore) params.set("createdBefore", filter.createdBefore);
  const query = params.toString();
  return `/api/communities/${encodeURIComponent(communityId)}/payments.csv${query ? `?${query}` : ""}`;
}
