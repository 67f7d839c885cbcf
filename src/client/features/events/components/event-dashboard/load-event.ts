import type { QueryClient } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import { eventQueryOptions } from "#client/features/events/api/events-queries.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";

/** The event for a dashboard page; missing, foreign or another community's events read "Not Found". */
export async function loadDashboardEvent(queryClient: QueryClient, communityId: string, eventId: string) {
  try {
    const event = await queryClient.ensureQueryData(eventQueryOptions(eventId));
    if (event.host.id !== communityId) throw notFound();
    return event;
  } catch (error) {
    if (
      error instanceof GraphQLRequestError &&
      (error.code === "NOT_FOUND" || error.code === "BAD_USER_INPUT")
    ) {
      throw notFound();
    }
    throw error;
  }
}
