import type Stripe from "stripe";
import { subscriptionById, updateSubscription } from "./member-subscriptions.records.ts";
import { MEMBERSHIP_KIND } from "./membership-checkout.service.ts";
import { applyStripeState, recordMembershipPayment, stateOfSubscription } from "./membership-sync.service.ts";
import { isAccountOfCommunity } from "./payment-account.service.ts";
import { chargeOf, idOf } from "./stripe-calls.ts";
import {
  type Handled,
  type StripeEventHandler as Handler,
  type HandlerDeps,
  IGNORED,
  type InboxEvent,
} from "./stripe-event-handlers.ts";

// The webhook handlers of memberships bought through Stripe. Each finds our record by the id we
// put in Stripe's metadata, reads the current state from Stripe's API, and writes it absolutely.

type Metadata = Record<string, string> | null | undefined;

/** Options for a request acting for the event's connected account (none: the platform's own). */
const onAccount = (event: InboxEvent) => (event.account ? { stripeAccount: event.account } : {});

/** Our record's id, when the metadata is a membership's. */
const ourId = (metadata: Metadata): string | null =>
  metadata?.commons_kind === MEMBERSHIP_KIND ? (metadata.commons_subscription_id ?? null) : null;

/**
 * The record the metadata names, when the event comes from its community's own account: any
 * account can write any metadata, so another community's account naming it changes nothing.
 */
async function recordOf(deps: HandlerDeps, event: InboxEvent, id: string | null) {
  const row = id ? await subscriptionById(deps.db, id) : null;
  if (!row) return null;
  const own = await isAccountOfCommunity(
    deps.db,
    deps.stripe.settings.connect,
    row.communityId,
    event.account,
  );
  return own ? row : null;
}

async function subscriptionState(deps: HandlerDeps, event: InboxEvent, stripeSubscriptionId: string) {
  const subscription = await deps.stripe.stripe.subscriptions.retrieve(
    stripeSubscriptionId,
    {},
    onAccount(event),
  );
  return { subscription, state: stateOfSubscription(subscription) };
}

/** A membership's checkout was paid: a subscription starts, or a `once` plan's payment is recorded. */
export const membershipCheckoutCompleted: Handler = async (deps, event) => {
  const object = event.payload.data.object as Stripe.Checkout.Session;
  const id = (await recordOf(deps, event, ourId(object.metadata)))?.id;
  if (!id) return IGNORED;
  const session = await deps.stripe.stripe.checkout.sessions.retrieve(
    object.id,
    { expand: ["payment_intent.latest_charge.balance_transaction"] },
    onAccount(event),
  );
  if (session.status !== "complete" || session.payment_status === "unpaid") return IGNORED;
  const subscriptionId = idOf(session.subscription);
  if (session.mode === "subscription" && subscriptionId) {
    const { state } = await subscriptionState(deps, event, subscriptionId);
    return {
      outcome: "handled",
      commit: async (tx) => {
        await applyStripeState(tx, deps, id, { ...state, checkoutSessionId: session.id });
      },
    };
  }
  const paymentIntent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  if (!paymentIntent) return IGNORED;
  return {
    outcome: "handled",
    commit: async (tx) => {
      const row = await applyStripeState(tx, deps, id, {
        status: "active",
        stripeCustomerId: idOf(session.customer),
        checkoutSessionId: session.id,
        currentPeriodEnd: null,
      });
      if (!row) return;
      await recordMembershipPayment(tx, deps.emit, row, {
        ...chargeOf(paymentIntent),
        amountMinor: paymentIntent.amount_received || (session.amount_total ?? 0),
        currency: session.currency ?? row.currency,
        email: session.customer_details?.email ?? null,
      });
    },
  };
};

/** A membership's checkout expired unpaid: nothing was bought. */
export const membershipCheckoutExpired: Handler = async (deps, event) => {
  const object = event.payload.data.object as Stripe.Checkout.Session;
  const row = await recordOf(deps, event, ourId(object.metadata));
  if (row?.status !== "checkout" || row.checkoutSessionId !== object.id) return IGNORED;
  const session = await deps.stripe.stripe.checkout.sessions.retrieve(object.id, {}, onAccount(event));
  if (session.status !== "expired") return IGNORED;
  return {
    outcome: "handled",
    commit: async (tx) => {
      const current = await subscriptionById(tx, row.id);
      if (current?.status === "checkout")
        await updateSubscription(tx, row.id, { status: "abandoned", updatedAt: deps.clock() });
    },
  };
};

/** `customer.subscription.updated` and `.deleted`: renewed, past due, canceling, ended. */
export const membershipSubscriptionChanged: Handler = async (deps, event) => {
  const object = event.payload.data.object as Stripe.Subscription;
  const id = (await recordOf(deps, event, ourId(object.metadata)))?.id;
  if (!id) return IGNORED;
  const { state } = await subscriptionState(deps, event, object.id);
  return {
    outcome: "handled",
    commit: async (tx) => {
      await applyStripeState(tx, deps, id, state);
    },
  };
};

function invoiceTarget(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  const id = ourId(details?.metadata);
  return id && subscriptionId ? { id, subscriptionId } : null;
}

/** A period was paid: the payment goes into the ledger and the subscription's state is brought up to date. */
export const membershipInvoicePaid: Handler = async (deps, event) => {
  const target = invoiceTarget(event.payload.data.object as Stripe.Invoice);
  if (!target || !(await recordOf(deps, event, target.id))) return IGNORED;
  const invoice = await deps.stripe.stripe.invoices.retrieve(
    (event.payload.data.object as Stripe.Invoice).id as string,
    { expand: ["payments"] },
    onAccount(event),
  );
  if (invoice.status !== "paid") return IGNORED;
  const paymentIntentId = idOf(
    invoice.payments?.data.find((p) => p.status === "paid")?.payment.payment_intent ?? null,
  );
  const paymentIntent = paymentIntentId
    ? await deps.stripe.stripe.paymentIntents.retrieve(
        paymentIntentId,
        { expand: ["latest_charge.balance_transaction"] },
        onAccount(event),
      )
    : null;
  const { state } = await subscriptionState(deps, event, target.subscriptionId);
  return {
    outcome: "handled",
    commit: async (tx) => {
      const row = await applyStripeState(tx, deps, target.id, state);
      if (!row || !paymentIntent || invoice.amount_paid <= 0) return;
      await recordMembershipPayment(tx, deps.emit, row, {
        ...chargeOf(paymentIntent),
        amountMinor: invoice.amount_paid,
        currency: invoice.currency,
        email: invoice.customer_email ?? null,
      });
    },
  };
};

/** A renewal's charge failed: the subscription is past due (the member is told by mail). */
export const membershipInvoiceFailed: Handler = async (deps, event) => {
  const target = invoiceTarget(event.payload.data.object as Stripe.Invoice);
  if (!target || !(await recordOf(deps, event, target.id))) return IGNORED;
  const { state } = await subscriptionState(deps, event, target.subscriptionId);
  return {
    outcome: "handled",
    commit: async (tx): Promise<void> => {
      await applyStripeState(tx, deps, target.id, state);
    },
  } satisfies Handled;
};

/** The subscription's and invoices' events of memberships, added to the runner's by the composition root. */
export const MEMBERSHIP_HANDLERS: Record<string, Handler> = {
  "customer.subscription.updated": membershipSubscriptionChanged,
  "customer.subscription.deleted": membershipSubscriptionChanged,
  "invoice.paid": membershipInvoicePaid,
  "invoice.payment_failed": membershipInvoiceFailed,
};

/** A membership's Checkout Session events, routed to here by `metadata.commons_kind`. */
export const MEMBERSHIP_CHECKOUT_HANDLERS: Record<string, Handler> = {
  "checkout.session.completed": membershipCheckoutCompleted,
  "checkout.session.expired": membershipCheckoutExpired,
};
