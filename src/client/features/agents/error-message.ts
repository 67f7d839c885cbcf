import { requestErrorMessage } from "#client/lib/request-error-message.ts";

const CODE_MESSAGES: Record<string, string> = {
  FORBIDDEN: "Only admins and owners can manage agents.",
  NOT_FOUND: "That agent no longer exists.",
  MODEL_NOT_CONFIGURED:
    "This agent asks the language model, and this server has none configured. Change those parts first.",
};

/** A toast's sentence for a failed request, ending with the server's code so support can trace it. */
export const agentErrorMessage = (error: unknown, fallback: string): string =>
  requestErrorMessage(error, fallback, CODE_MESSAGES);
