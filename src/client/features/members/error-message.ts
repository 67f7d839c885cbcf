import { requestErrorMessage } from "#client/lib/request-error-message.ts";

const CODE_MESSAGES: Record<string, string> = {
  FORBIDDEN: "Only admins and owners can do that.",
  NOT_FOUND: "That no longer exists.",
};

/** A toast's sentence for a failed request, ending with the server's code so support can trace it. */
export const memberErrorMessage = (error: unknown, fallback: string): string =>
  requestErrorMessage(error, fallback, CODE_MESSAGES);
