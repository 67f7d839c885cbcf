import type { PaymentsGate } from "#server/modules/events/ticket-types.service.ts";
import { accountOfCommunity } from "./payment-account.service.ts";
import type { StripeGateway } from "./stripe-client.ts";

/**
 * Whether a community can take payments now: its own Stripe account takes charges (charges or
 * payouts enabled, as Stripe's API last said), or, with STRIPE_CONNECT=off, the operator's keys
 * are set. Without keys nobody can.
 */
export function paymentsGate(gateway: StripeGateway | null): PaymentsGate {
  return {
    async canTakePayments(db, communityId) {
      if (!gateway) return false;
      if (!gateway.settings.connect) return true;
      const row = await accountOfCommunity(db, communityId);
      return row?.chargesEnabled === true;
    },
  };
}
