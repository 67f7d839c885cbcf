import { graphql } from "../gql/gql.ts";

/**
 * An event's title, time and place, as the event page, the organizer's event screen and the
 * managed-registration page show them. Queries spread it by name; codegen adds it to each document.
 */
export const EventWhenWhereFragment = graphql(`
  fragment EventWhenWhere on Event {
    id
    title
    description
    startsAt
    endsAt
    timeZone
    venueName
    venueAddress
  }
`);
