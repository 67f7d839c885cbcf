import { queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";

const EventInsightsQuery = graphql(`
  query EventInsights($eventId: ID!) {
    eventInsights(eventId: $eventId) {
      eventId
      timeZone
      registrations
      going
      conversion
      pageViews {
        total
        days {
          day
          views
        }
      }
      sources {
        origin
        kind
        ref
        registrations
        going
      }
      checkIns {
        at
        localTime
        checkIns
        total
      }
    }
  }
`);

export const eventInsightsKeys = {
  detail: (eventId: string) => ["events", "insights", eventId] as const,
};

/** Page views are written every few seconds: a minute old is fresh enough to show again. */
export function eventInsightsQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: eventInsightsKeys.detail(eventId),
    queryFn: async () => (await request(EventInsightsQuery, { eventId })).eventInsights,
    staleTime: 60_000,
  });
}
