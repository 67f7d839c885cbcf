import { graphql } from "#client/gql/gql.ts";

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

/** A registration question as the registration form asks it and the organizer's event screen lists it. */
export const EventQuestionFieldsFragment = graphql(`
  fragment EventQuestionFields on RegistrationQuestion {
    id
    kind
    label
    required
    options
  }
`);

/**
 * What the public event page says about an event besides its time and place (online link, cover,
 * status, capacity, registration rules and counts); the organizer's event screen shows the same.
 */
export const EventPublicFactsFragment = graphql(`
  fragment EventPublicFacts on Event {
    hasOnlineLink
    onlineUrl
    coverUrl
    status
    visibility
    capacity
    spotsLeft
    waitlistEnabled
    waitlistOfferHours
    approvalRequired
    requireVerifiedEmail
    guestListVisible
    goingCount
    waitlistCount
  }
`);
