import type { PaymentConnectionStatus } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";

type ConnectedStatus = Exclude<PaymentConnectionStatus, "NOT_CONFIGURED">;

/** The status in words: the badge, and the sentence saying what it means for the organizer. */
export const STATUS_COPY: Record<
  ConnectedStatus,
  { label: string; tone: "outline" | "secondary" | "success"; meaning: string }
> = {
  NOT_CONNECTED: {
    label: "Not connected",
    tone: "outline",
    meaning: "Connect a Stripe account to sell tickets and memberships. Payments go straight to it.",
  },
  ONBOARDING_INCOMPLETE: {
    label: "Onboarding incomplete",
    tone: "secondary",
    meaning:
      "Stripe needs a few more details, or is still checking them, before your community can take payments.",
  },
  CHARGES_ENABLED: {
    label: "Charges enabled",
    tone: "success",
    meaning: "Your community can take payments. Stripe holds payouts to your bank until its checks are done.",
  },
  PAYOUTS_ENABLED: {
    label: "Charges and payouts enabled",
    tone: "success",
    meaning: "Your community can take payments, and Stripe pays them out to your bank.",
  },
};

export const NOT_CONFIGURED_NOTE =
  "Payments are not set up on this server. Whoever runs it can turn them on by adding Stripe keys to its configuration.";

export const OPERATOR_ACCOUNT_NOTE =
  "Payments on this server go to the Stripe account of whoever runs it, for every community: there is nothing to connect.";

export const OWNER_ONLY_NOTE = "Only the owner can connect a Stripe account or open its dashboard.";

export const EXPIRED_LINK_NOTE =
  "That Stripe link had expired or was already used. Continue onboarding to pick up where you left off.";

/** Codes whose message is not written for people. */
const UNTOLD = new Set(["INTERNAL_SERVER_ERROR", "BAD_RESPONSE", "GRAPHQL_VALIDATION_FAILED"]);

/** A toast's sentence for a failed request, ending with the server's code so support can trace it. */
export function paymentErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof GraphQLRequestError)) return fallback;
  const text =
    error.code === "FORBIDDEN"
      ? OWNER_ONLY_NOTE
      : error.code === "BAD_USER_INPUT"
        ? (error.fields[0]?.message ?? error.message)
        : UNTOLD.has(error.code)
          ? fallback
          : error.message;
  return `${text} (${error.code})`;
}
