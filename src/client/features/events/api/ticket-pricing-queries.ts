import { queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { TicketPricingQuery } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

const TicketPricing = graphql(`
  query TicketPricing($communityId: ID!) {
    community(id: $communityId) {
      id
      currency
      canTakePayments
      viewerCapabilities
    }
  }
`);

/** What the event form needs to price tickets: the currency, and whether payments can be taken. */
export type TicketPricing = {
  currency: string;
  canTakePayments: boolean;
  /** May connect or see the payment provider (settings → payments). */
  canManagePayments: boolean;
};

const toPricing = (community: TicketPricingQuery["community"]): TicketPricing => ({
  currency: community.currency,
  canTakePayments: community.canTakePayments,
  canManagePayments: community.viewerCapabilities.includes("PAYMENTS_MANAGE"),
});

/** Asked afresh each time the form opens: the Stripe connection may have changed meanwhile. */
export function ticketPricingQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: ["events", "ticket-pricing", communityId] as const,
    queryFn: async () => toPricing((await request(TicketPricing, { communityId })).community),
    staleTime: 0,
  });
}
