import { graphql } from "#client/gql/gql.ts";

/**
 * A person's own registration as their ticket shows it, on the event page and in their list of
 * registrations. Queries spread it by name; codegen adds it to each document.
 */
export const RegistrationTicketFragment = graphql(`
  fragment RegistrationTicket on Registration {
    id
    status
    checkInCode
    checkedInAt
    waitlistPosition
    ticketType {
      id
      name
    }
  }
`);
