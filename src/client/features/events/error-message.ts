import { GraphQLRequestError } from "#client/lib/graphql.ts";

const CODE_MESSAGES: Record<string, string> = {
  FORBIDDEN: "Only organizers, admins and owners can do that.",
  NOT_FOUND: "That event or registration no longer exists.",
  EVENT_CLOSED: "The event is a draft, canceled or over.",
  EVENT_FULL: "The event is full.",
  NO_SEATS: "There is no free seat. Raise the capacity first.",
  INVALID_CODE: "That code doesn't belong to a registration for this event.",
  ALREADY_REGISTERED: "This person is already registered.",
};

/**
 * A sentence for a failed request: the server's message for input errors and state conflicts
 * (it says what is wrong with this registration or event), a known one otherwise.
 */
export function describeError(error: unknown, fallback: string): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  if (error.code === "BAD_USER_INPUT") return error.fields[0]?.message ?? error.message;
  if (error.code === "CONFLICT") return error.message;
  if (error.code === "NETWORK_ERROR") return error.message;
  return CODE_MESSAGES[error.code] ?? fallback;
}
