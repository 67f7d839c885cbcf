import { GraphQLError } from "graphql";
import { maskError as yogaMaskError } from "graphql-yoga";
import { DomainError } from "#server/errors.ts";

/**
 * The one place where domain errors become GraphQL errors, as Yoga's `maskError`: a `DomainError`
 * thrown anywhere under a resolver keeps its message, its stable `code` and its `fields`; any
 * other error is masked as INTERNAL_SERVER_ERROR ("Unexpected error.", no stack in production).
 */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (!(original instanceof DomainError)) return yogaMaskError(error, message, isDev);
  const extensions = {
    code: original.code,
    ...(original.fields.length > 0 ? { fields: original.fields } : {}),
  };
  // Yoga logs every error its mask replaces; an expected refusal is answered, not logged.
  if (error instanceof GraphQLError && error.message === original.message) {
    Object.assign(error.extensions, extensions);
    return error;
  }
  return new GraphQLError(original.message, { originalError: original, extensions });
}
