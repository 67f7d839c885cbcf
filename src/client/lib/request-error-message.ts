import { GraphQLRequestError } from "#client/lib/graphql.ts";

/** Codes whose message is not written for people. */
const UNTOLD = new Set(["INTERNAL_SERVER_ERROR", "BAD_RESPONSE", "GRAPHQL_VALIDATION_FAILED"]);

/**
 * A toast's sentence for a failed request, ending with the server's code so support can trace it:
 * the first field's message for bad input, the screen's own words for some codes, else the
 * server's message when it is written for people.
 */
export function requestErrorMessage(
  error: unknown,
  fallback: string,
  codeMessages: Readonly<Record<string, string>>,
): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  const text =
    error.code === "BAD_USER_INPUT"
      ? (error.fields[0]?.message ?? error.message)
      : (codeMessages[error.code] ?? (UNTOLD.has(error.code) ? fallback : error.message));
  return `${text} (${error.code})`;
}
