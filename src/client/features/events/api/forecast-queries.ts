import { queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";
import { eventKeys } from "./events-queries.ts";

const EventForecastQuery = graphql(`
  query EventForecast($id: ID!, $risk: Float) {
    event(id: $id) {
      id
      capacity
      waitlistCount
      attendanceForecast(risk: $risk) {
        expected
        low
        high
        going
        basis
        method
        overbooking {
          extraSeats
          admitted
          risk
          probabilityOver
        }
      }
    }
  }
`);

/** The risks an organizer picks from (the server takes any from 1% to 20%). */
export const FORECAST_RISKS = [0.01, 0.02, 0.05, 0.1, 0.15, 0.2] as const;
export const DEFAULT_FORECAST_RISK = 0.05;

/** Under the event's detail key: changing the event (its capacity, registrations) refreshes it too. */
export const forecastKey = (eventId: string, risk: number) =>
  [...eventKeys.detail(eventId), "forecast", risk] as const;

export function eventForecastQueryOptions(eventId: string, risk: number) {
  return queryOptions({
    queryKey: forecastKey(eventId, risk),
    queryFn: async () => (await request(EventForecastQuery, { id: eventId, risk })).event,
  });
}
