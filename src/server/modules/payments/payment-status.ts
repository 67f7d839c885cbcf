import type Stripe from "stripe";

/** How far a community's Stripe account is, as the settings page and the domain events say it. */
export type PaymentAccountStatus =
  | "not_connected"
  | "onboarding_incomplete"
  | "charges_enabled"
  | "payouts_enabled";

export type AccountFlags = {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
};

export const flagsOf = (
  account: Pick<Stripe.Account, "charges_enabled" | "payouts_enabled" | "details_submitted">,
): AccountFlags => ({
  chargesEnabled: account.charges_enabled === true,
  payoutsEnabled: account.payouts_enabled === true,
  detailsSubmitted: account.details_submitted === true,
});

/**
 * Payouts count only once charges are enabled too: an account that may pay out but not take
 * payments cannot be used for tickets yet, so its onboarding is still incomplete.
 */
export function accountStatus(flags: AccountFlags | null): PaymentAccountStatus {
  if (!flags) return "not_connected";
  if (!flags.chargesEnabled) return "onboarding_incomplete";
  return flags.payoutsEnabled ? "payouts_enabled" : "charges_enabled";
}
