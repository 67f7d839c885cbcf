/**
 * The marker the server puts on the address Stripe sends the organizer back to: `return` after
 * onboarding (finished or saved for later), `refresh` when the onboarding link had expired or was
 * used already.
 */
export type StripeReturn = "return" | "refresh";

export type StripeReturnSearch = { stripe?: StripeReturn | undefined };

/** The settings route's validateSearch: kept tiny, it ships in the entry chunk. */
export const keepStripeReturn = (search: Record<string, unknown>): StripeReturnSearch => ({
  stripe: search.stripe === "return" || search.stripe === "refresh" ? search.stripe : undefined,
});
