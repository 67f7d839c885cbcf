import { queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { EventPageQuery as EventPageResult } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

const EventPageQuery = graphql(`
  query EventPage($id: ID!) {
    event(id: $id) {
      ...EventWhenWhere
      ...EventPublicFacts
      viewerCanManage
      cancelMessage
      host {
        id
        name
        slug
        logoUrl
        brandColor
      }
      ticketTypes {
        id
        name
        priceMinor
        memberPriceMinor
        viewerPriceMinor
        currency
        quantity
        remaining
        maxPerOrder
        salesStartAt
        salesEndAt
      }
      questions {
        ...EventQuestionFields
      }
      guests(first: 8) {
        name
        image
      }
      viewerRegistration {
        ...RegistrationTicket
      }
    }
  }
`);

export type PublicEvent = EventPageResult["event"];
export type ViewerRegistration = NonNullable<PublicEvent["viewerRegistration"]>;
export type EventQuestion = PublicEvent["questions"][number];
export type GoingGuest = NonNullable<PublicEvent["guests"]>[number];
export type EventTicketType = PublicEvent["ticketTypes"][number];

/** Its own key: the answer depends on who is signed in (viewerRegistration, onlineUrl, access). */
export const eventPageKeys = {
  all: ["event-page"] as const,
  detail: (id: string) => [...eventPageKeys.all, id] as const,
};

export function eventPageQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventPageKeys.detail(id),
    queryFn: async () => (await request(EventPageQuery, { id })).event,
  });
}
