import { GraphQLRequestError } from "#client/lib/graphql.ts";

const CODE_MESSAGES: Record<string, string> = {
  FORBIDDEN: "Only admins and owners can do that.",
  NOT_FOUND: "That no longer exists.",
};

/** Codes whose message is not written for people. */
const UNTOLD = new Set(["INTERNAL_SERVER_ERROR", "BAD_RESPONSE", "GRAPHQL_VALIDATION_FAILED"]);

/** A toast's sentence for a failed request, ending with the server's code so support can trace it. */
export function memberErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  const text =
    error.code === "BAD_USER_INPUT"
      ? (error.fields[0]?.message ?? error.message)
      : error.code === "CONFLICT" || error.code === "NETWORK_ERROR"
        ? error.message
        : (CODE_MESSAGES[error.code] ?? (UNTOLD.has(error.code) ? fallback : error.message));
  return `${text} (${error.code})`;
}
