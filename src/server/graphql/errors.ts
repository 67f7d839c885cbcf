import { GraphQLError } from "graphql";
import { DomainError } from "#server/errors.ts";

/** The one place where domain errors become GraphQL errors with a stable code. */
export function toGraphQLError(error: unknown): unknown {
  if (error instanceof DomainError) {
    return new GraphQLError(error.message, {
      extensions: { code: error.code, ...(error.fields.length > 0 ? { fields: error.fields } : {}) },
    });
  }
  return error;
}

export async function mapErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toGraphQLError(error);
  }
}
