import type Stripe from "stripe";
import { IGNORED, type StripeEventHandler } from "./stripe-event-handlers.ts";

// Every Checkout Session this server makes says what it sells in `metadata.commons_kind` (tickets,
// memberships); a session's events go to that kind's handler, and sessions of a kind nobody
// handles are ignored.

/** Per kind of purchase, its handlers of Checkout Session events by event type. */
export type CheckoutKinds = Record<string, Record<string, StripeEventHandler>>;

/** One handler per Checkout Session event type, handing each event to its kind's. */
export function checkoutSessionRouter(kinds: CheckoutKinds): Record<string, StripeEventHandler> {
  const types = new Set(Object.values(kinds).flatMap((handlers) => Object.keys(handlers)));
  return Object.fromEntries(
    [...types].map((type) => [
      type,
      ((deps, event) => {
        const session = event.payload.data.object as Stripe.Checkout.Session;
        const handler = kinds[session.metadata?.commons_kind ?? ""]?.[type];
        return handler ? handler(deps, event) : Promise.resolve(IGNORED);
      }) satisfies StripeEventHandler,
    ]),
  );
}
