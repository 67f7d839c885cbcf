import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { StartCheckoutInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { registrationOrigin } from "#client/lib/origin.ts";
import { eventPageKeys } from "./event-page-queries.ts";

graphql(`
  fragment TicketOrderFields on TicketOrder {
    id
    eventId
    status
    ticketName
    quantity
    currency
    totalMinor
    expiresAt
    checkoutUrl
  }
`);

const StartCheckoutMutation = graphql(`
  mutation StartCheckout($eventId: ID!, $input: StartCheckoutInput!) {
    startCheckout(eventId: $eventId, input: $input) {
      url
      order {
        ...TicketOrderFields
      }
    }
  }
`);

const TicketOrderQuery = graphql(`
  query TicketOrder($id: ID!) {
    ticketOrder(id: $id) {
      ...TicketOrderFields
    }
  }
`);

const CancelCheckoutMutation = graphql(`
  mutation CancelCheckout($orderId: ID!) {
    cancelCheckout(orderId: $orderId) {
      ...TicketOrderFields
    }
  }
`);

export const orderKeys = { detail: (id: string) => ["ticket-order", id] as const };

/** Holds the seats and answers Stripe's page to send the buyer to (null: nothing left to pay). */
export function useStartCheckout(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StartCheckoutInput) =>
      (
        await request(StartCheckoutMutation, {
          eventId,
          input: { ...input, origin: registrationOrigin(eventId) },
        })
      ).startCheckout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventPageKeys.detail(eventId) }),
  });
}

/**
 * The order the buyer came back from Stripe with. While it is open after paying, the webhook has
 * not been handled yet: look again every second, for at most a minute.
 */
export const ticketOrderQueryOptions = (id: string, waitForPayment: boolean) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async () => (await request(TicketOrderQuery, { id })).ticketOrder,
    refetchInterval: (query) =>
      waitForPayment && query.state.data?.status === "OPEN" && query.state.dataUpdateCount < 60
        ? 1000
        : false,
  });

export function useCancelCheckout(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) =>
      (await request(CancelCheckoutMutation, { orderId })).cancelCheckout,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventPageKeys.detail(eventId) }),
  });
}
