import { GraphQLError } from "graphql";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { DomainError, unavailable } from "#server/errors.ts";

const UNEXPECTED = "Unexpected error.";

/** An error made as a GraphQLError on purpose (validation, limits, a refusal): it speaks for itself. */
const isOwnGraphQLError = (error: GraphQLError) =>
  error.originalError === undefined || error.originalError instanceof GraphQLError;

/**
 * A new error at the place in the document and the result where `located` happened. Compiled
 * operations (graphql-jit) give their errors locations without AST nodes: those are carried over.
 */
function placedAs(
  located: GraphQLError | undefined,
  message: string,
  options: { originalError?: Error; extensions: Record<string, unknown> },
): GraphQLError {
  const error = new GraphQLError(message, {
    nodes: located?.nodes,
    source: located?.source,
    positions: located?.positions,
    path: located?.path,
    ...options,
  });
  if (error.locations === undefined && located?.locations) {
    Object.assign(error, { locations: located.locations });
  }
  return error;
}

/**
 * The one place where errors become what a client reads. A `DomainError` thrown anywhere under a
 * resolver keeps its message, its stable `code` and its `fields`; the database being unreachable is
 * `UNAVAILABLE`; a GraphQLError made on purpose
 * keeps its own; any other error is masked as INTERNAL_SERVER_ERROR ("Unexpected error.", no
 * stack, no message; outside production the original is attached for the developer).
 */
export function maskError(
  error: unknown,
  options: { isDev: boolean },
): { error: GraphQLError; unexpected: boolean } {
  if (error instanceof GraphQLError && isOwnGraphQLError(error)) return { error, unexpected: false };
  const thrown = error instanceof GraphQLError ? error.originalError : error;
  // The database going away is no bug of the operation: the client is told to try again shortly.
  const original = isDatabaseUnavailable(thrown) ? unavailable() : thrown;
  const located = error instanceof GraphQLError ? error : undefined;
  if (original instanceof DomainError) {
    const extensions = {
      code: original.code,
      ...(original.fields.length > 0 ? { fields: original.fields } : {}),
    };
    return {
      error: placedAs(located, original.message, { originalError: original, extensions }),
      unexpected: false,
    };
  }
  const detail =
    options.isDev && original instanceof Error
      ? { originalError: { message: original.message, stack: original.stack } }
      : {};
  return {
    error: placedAs(located, UNEXPECTED, { extensions: { code: "INTERNAL_SERVER_ERROR", ...detail } }),
    unexpected: true,
  };
}

/**
 * A variable's value refused before anything ran (its coercion to the variable's type): bad input,
 * whatever the type, with the scalar's own reason when it gave one.
 */
export function variableRefusal(error: unknown, options: { isDev: boolean }) {
  if (!(error instanceof GraphQLError) || !isOwnGraphQLError(error)) return maskError(error, options);
  const reason = error.originalError?.message;
  const message = reason && !error.message.includes(reason) ? `${error.message} ${reason}` : error.message;
  return {
    error: placedAs(error, message, { extensions: { ...error.extensions, code: "BAD_USER_INPUT" } }),
    unexpected: false,
  };
}

/**
 * The endpoint's two masks, logging what was unexpected with its original error: `mask` for
 * errors of a run or a refused document, `refuseVariable` for the variables' refusals.
 */
export function errorMasks(options: { isDev: boolean; logUnexpected: (error: unknown) => void }) {
  const logged = (masked: { error: GraphQLError; unexpected: boolean }, error: unknown) => {
    if (masked.unexpected)
      options.logUnexpected(error instanceof GraphQLError ? (error.originalError ?? error) : error);
    return masked.error;
  };
  return {
    mask: (error: unknown) => logged(maskError(error, options), error),
    refuseVariable: (error: unknown) => logged(variableRefusal(error, options), error),
  };
}
