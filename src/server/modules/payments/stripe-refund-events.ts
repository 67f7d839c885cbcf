import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { listUsers } from "#server/modules/users/users.service.ts";
import { addRefund, type PaymentRow, paymentByProviderRef } from "./ledger.service.ts";
import { isAccountOfCommunity } from "./payment-account.service.ts";
import { idOf } from "./stripe-calls.ts";
import type { StripeGateway } from "./stripe-client.ts";

/** What a refund made from Commons tells Stripe of itself, so whoever records it knows why and who. */
export const REFUND_METADATA = {
  payment: "commons_payment",
  reason: "commons_reason",
  actor: "commons_actor",
} as const;

/** A refund on its way back or arrived; failed and canceled ones gave nothing back. */
export const refundTaken = (refund: Pick<Stripe.Refund, "status">) =>
  refund.status === "succeeded" || refund.status === "pending";

/** The events that say a payment's refunds changed; the refunds themselves are read from the API. */
export const REFUND_EVENT_TYPES = ["charge.refunded", "refund.created", "refund.updated"] as const;

/**
 * How long a refund's payment may be missing from the ledger before its events are ignored: the
 * payment's own confirmation (checkout's webhook) may still be on its way, so until then the event
 * fails and is retried; a payment older than this that the ledger never took is not one of ours.
 */
const LEDGER_WAIT_MS = 24 * 60 * 60_000;

/** A refund's reason when Stripe's dashboard made it: Stripe's own reason, said plainly. */
const DASHBOARD_REASONS: Record<string, string> = {
  duplicate: "Refunded in Stripe: duplicate payment.",
  fraudulent: "Refunded in Stripe: fraudulent payment.",
  requested_by_customer: "Refunded in Stripe: requested by the customer.",
};

type Deps = { db: Db; stripe: StripeGateway; emit: Emit; clock: () => Date };
type Event = { type: string; account: string | null; payload: Stripe.Event };
type Outcome = { outcome: "handled" | "ignored"; commit?: (tx: Db) => Promise<void> };

/** Who a refund made from Commons says made it, while they still have an account. */
async function actorOf(db: Db, refund: Stripe.Refund, found: PaymentRow): Promise<string | null> {
  const metadata = refund.metadata ?? {};
  const actor = metadata[REFUND_METADATA.actor];
  if (!actor || metadata[REFUND_METADATA.payment] !== found.id) return null;
  const [person] = await listUsers(db, [actor]);
  return person ? person.id : null;
}

function reasonOf(refund: Stripe.Refund, found: PaymentRow): string {
  const metadata = refund.metadata ?? {};
  const own = metadata[REFUND_METADATA.payment] === found.id ? metadata[REFUND_METADATA.reason] : undefined;
  return own || DASHBOARD_REASONS[refund.reason ?? ""] || "Refunded in Stripe.";
}

/**
 * A payment's refunds changed at Stripe (`charge.refunded`, `refund.created`, `refund.updated`),
 * in the dashboard or from Commons: every refund of its PaymentIntent is read from the API and
 * each that gave money back is recorded once by its refund id. A refund Commons itself asked for
 * is already there, or is recorded here first with the reason and person it carries.
 */
export async function refundsChanged(deps: Deps, event: Event): Promise<Outcome> {
  const object = event.payload.data.object as { payment_intent?: unknown };
  const paymentIntentId = idOf(object.payment_intent);
  if (!paymentIntentId) return { outcome: "ignored" };
  const options = event.account ? { stripeAccount: event.account } : {};
  const found = await paymentByProviderRef(deps.db, "stripe", paymentIntentId);
  if (!found) {
    const intent = await deps.stripe.stripe.paymentIntents.retrieve(paymentIntentId, {}, options);
    if (deps.clock().getTime() - intent.created * 1000 > LEDGER_WAIT_MS) return { outcome: "ignored" };
    throw new Error(`no payment for ${paymentIntentId} in the ledger yet`);
  }
  if (!(await isAccountOfCommunity(deps.db, deps.stripe.settings.connect, found.communityId, event.account)))
    return { outcome: "ignored" };
  const refunds: Stripe.Refund[] = [];
  for await (const refund of deps.stripe.stripe.refunds.list(
    { payment_intent: paymentIntentId, limit: 100 },
    options,
  )) {
    if (refundTaken(refund)) refunds.push(refund);
  }
  refunds.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  return {
    outcome: "handled",
    commit: async (tx) => {
      for (const refund of refunds)
        await addRefund(tx, deps.emit, {
          paymentId: found.id,
          amountMinor: refund.amount,
          reason: reasonOf(refund, found),
          method: "stripe",
          providerRef: refund.id,
          createdBy: await actorOf(tx, refund, found),
          at: new Date(refund.created * 1000),
        });
    },
  };
}
