import type Stripe from "stripe";
import type { EventRow } from "#server/modules/events/events.views.ts";
import { askStripe, chargeOf } from "#server/modules/payments/stripe-calls.ts";
import type { StripeGateway } from "#server/modules/payments/stripe-client.ts";
import type { ticketOrder } from "./checkout.tables.ts";

type OrderRow = typeof ticketOrder.$inferSelect;

/** Marks our sessions so each kind of purchase's handler acts only on its own. */
export const CHECKOUT_KIND = "ticket";

/** Where Stripe sends the buyer back to: the event page, which shows how the order went. */
export const returnUrl = (
  appUrl: string,
  order: Pick<OrderRow, "id" | "eventId">,
  outcome: "paid" | "canceled",
) =>
  `${appUrl}/e/${encodeURIComponent(order.eventId)}?checkout=${outcome}&order=${encodeURIComponent(order.id)}`;

const requestOptions = (order: Pick<OrderRow, "stripeAccount">, idempotencyKey?: string) => ({
  ...(order.stripeAccount ? { stripeAccount: order.stripeAccount } : {}),
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

/**
 * The line Stripe shows and charges: N tickets at the unit price, or, when a discount does not
 * split evenly over the tickets, the whole order as one line, so the charge is always the quote's
 * total to the minor unit.
 */
function lineOf(order: OrderRow, eventTitle: string): Stripe.Checkout.SessionCreateParams.LineItem {
  const even = order.totalMinor % order.quantity === 0;
  const name = `${order.ticketName} · ${eventTitle}`.slice(0, 250);
  const discount = order.promoCodeText ? ` (code ${order.promoCodeText})` : "";
  return {
    quantity: even ? order.quantity : 1,
    price_data: {
      currency: order.currency.toLowerCase(),
      unit_amount: even ? order.totalMinor / order.quantity : order.totalMinor,
      product_data: { name: even ? `${name}${discount}` : `${order.quantity} × ${name}${discount}` },
    },
  };
}

/**
 * Asks Stripe for the order's Checkout Session on the community's account (or the operator's).
 * The order's id is the idempotency key: asking again, after a timeout or a crash, answers the
 * same session, never a second one.
 */
export async function createCheckoutSession(
  gateway: StripeGateway,
  order: OrderRow,
  event: Pick<EventRow, "title">,
  buyerEmail: string | null,
): Promise<{ id: string; url: string }> {
  const metadata = {
    commons_kind: CHECKOUT_KIND,
    order_id: order.id,
    registration_id: order.registrationId,
    event_id: order.eventId,
    community_id: order.communityId,
  };
  const percent = gateway.settings.platformFeePercent;
  const fee = order.stripeAccount && percent > 0 ? Math.floor((order.totalMinor * percent) / 100) : 0;
  const session = await askStripe("start the payment", () =>
    gateway.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [lineOf(order, event.title)],
        client_reference_id: order.id,
        ...(buyerEmail ? { customer_email: buyerEmail } : {}),
        expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        metadata,
        payment_intent_data: { metadata, ...(fee > 0 ? { application_fee_amount: fee } : {}) },
        success_url: returnUrl(gateway.appUrl, order, "paid"),
        cancel_url: returnUrl(gateway.appUrl, order, "canceled"),
      },
      requestOptions(order, `ticket-order-${order.id}`),
    ),
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
  return { id: session.id, url: session.url };
}

/**
 * Makes the order's session unpayable: expires it when still open. Answers what it is now, so a
 * session paid meanwhile is never taken for abandoned.
 */
export async function expireCheckoutSession(
  gateway: StripeGateway,
  order: OrderRow,
): Promise<"expired" | "complete"> {
  const id = order.checkoutSessionId;
  if (!id) return "expired";
  const session = await askStripe("look up the payment", () =>
    gateway.stripe.checkout.sessions.retrieve(id, {}, requestOptions(order)),
  );
  if (session.status === "complete") return "complete";
  if (session.status === "expired") return "expired";
  try {
    const expired = await gateway.stripe.checkout.sessions.expire(id, {}, requestOptions(order));
    return expired.status === "complete" ? "complete" : "expired";
  } catch (error) {
    // Paid (or expired) between the look and the expiry: Stripe refuses; what it is now decides.
    const now = await askStripe("look up the payment", () =>
      gateway.stripe.checkout.sessions.retrieve(id, {}, requestOptions(order)),
    );
    if (now.status === "complete") return "complete";
    if (now.status === "expired") return "expired";
    throw error;
  }
}

/** A completed session's money, as Stripe's API says: what was charged, the fee, the payment's id. */
export type SessionPayment = {
  paymentIntentId: string;
  amountMinor: number;
  currency: string;
  feeMinor: number;
  payerName: string | null;
  payerEmail: string | null;
};

/**
 * The session as Stripe's API has it now, with its payment: null unless it is complete and paid.
 * A webhook's payload is never taken for the truth.
 */
export async function paidSession(
  gateway: StripeGateway,
  sessionId: string,
  account: string | null,
): Promise<{ session: Stripe.Checkout.Session; payment: SessionPayment | null }> {
  const session = await gateway.stripe.checkout.sessions.retrieve(
    sessionId,
    { expand: ["payment_intent.latest_charge.balance_transaction"] },
    account ? { stripeAccount: account } : {},
  );
  if (session.status !== "complete" || session.payment_status !== "paid") return { session, payment: null };
  const intent = session.payment_intent;
  if (!intent || typeof intent === "string")
    throw new Error(`session ${session.id} came without its payment`);
  return {
    session,
    payment: {
      paymentIntentId: intent.id,
      amountMinor: session.amount_total ?? intent.amount,
      currency: (session.currency ?? intent.currency).toUpperCase(),
      feeMinor: chargeOf(intent).feeMinor,
      payerName: session.customer_details?.name ?? null,
      payerEmail: session.customer_details?.email ?? null,
    },
  };
}
