import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { requestErrorMessage } from "#client/lib/request-error-message.ts";

const CODE_MESSAGES: Record<string, string> = {
  FORBIDDEN: "Only admins and owners can do that.",
  NOT_FOUND: "That payment no longer exists.",
};

/** A toast's sentence for a failed request, ending with the server's code so support can trace it. */
export const paymentErrorMessage = (error: unknown, fallback: string): string =>
  requestErrorMessage(error, fallback, CODE_MESSAGES);
/** The server's field errors by field name, for the form to show next to each field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof GraphQLRequestError) || error.code !== "BAD_USER_INPUT") return {};
  return Object.fromEntries(error.fields.map((f) => [f.field, f.message]));
}
