import { QueryClient } from "@tanstack/react-query";
import { GraphQLRequestError } from "./graphql.ts";

const FIVE_MINUTES = 5 * 60 * 1000;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Answers the server gave on purpose (not found, forbidden, bad input) will not change on retry;
  // the database being out of reach for a moment (UNAVAILABLE) may.
  if (
    error instanceof GraphQLRequestError &&
    error.status > 0 &&
    error.code !== "INTERNAL_SERVER_ERROR" &&
    error.code !== "UNAVAILABLE"
  ) {
    return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: FIVE_MINUTES, retry: shouldRetry },
    },
  });
}
