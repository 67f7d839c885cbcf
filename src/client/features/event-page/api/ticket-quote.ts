import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";
import { eventPageKeys } from "./event-page-queries.ts";

const TicketQuoteQuery = graphql(`
  query TicketQuote($eventId: ID!, $ticketTypeId: ID!, $quantity: Int!, $promoCode: String) {
    ticketQuote(eventId: $eventId, ticketTypeId: $ticketTypeId, quantity: $quantity, promoCode: $promoCode) {
      currency
      subtotalMinor
      discountMinor
      totalMinor
      promoCode
      lines {
        ticketTypeId
        quantity
        unitPriceMinor
        listUnitPriceMinor
        memberPrice
        unitDiscountMinor
      }
    }
  }
`);

export type QuoteRequest = {
  eventId: string;
  ticketTypeId: string;
  quantity: number;
  promoCode: string | null;
};

/**
 * What the order costs, as the server computes it. Under the event page's key, so signing in
 * (which asks the page again) asks the quote again too: a member's price may apply.
 */
export function ticketQuoteQueryOptions(order: QuoteRequest) {
  return queryOptions({
    queryKey: [
      ...eventPageKeys.detail(order.eventId),
      "quote",
      order.ticketTypeId,
      order.quantity,
      order.promoCode ?? "",
    ] as const,
    queryFn: async () => (await request(TicketQuoteQuery, order)).ticketQuote,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}
