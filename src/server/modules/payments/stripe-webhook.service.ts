import Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { DomainError } from "#server/errors.ts";
import { stripeEvent } from "./payments.tables.ts";
import type { StripeGateway } from "./stripe-client.ts";

/** Stripe's own default: a signature older than five minutes is refused (replays). */
const TOLERANCE_SECONDS = 300;

export type WebhookReceipt = { eventId: string; type: string; duplicate: boolean };

const objectIdOf = (event: Stripe.Event): string | null => {
  const object = event.data.object as { id?: unknown };
  return typeof object.id === "string" ? object.id : null;
};

/**
 * Verifies a webhook's signature over the exact bytes received (age measured on the app's clock)
 * and stores the event in the inbox once by its id; a second delivery of the same event changes
 * nothing. Handling happens later, in the jobs runtime (`stripe-events.runner.ts`).
 */
export async function receiveStripeWebhook(
  deps: { db: Db; stripe: StripeGateway | null; clock: () => Date },
  body: Uint8Array,
  signature: string | null,
): Promise<WebhookReceipt> {
  const gateway = deps.stripe;
  if (!gateway) throw new DomainError("PAYMENTS_NOT_CONFIGURED", "Payments are not set up on this server.");
  const now = deps.clock();
  let event: Stripe.Event;
  try {
    event = gateway.stripe.webhooks.constructEvent(
      Buffer.from(body),
      signature ?? "",
      gateway.settings.webhookSecret,
      TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new DomainError("BAD_SIGNATURE", "The Stripe-Signature header does not verify for this body.");
    }
    // Signed by Stripe but not an event we can read.
    throw new DomainError("BAD_USER_INPUT", "The body is not a Stripe event.");
  }
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof event.created !== "number") {
    throw new DomainError("BAD_USER_INPUT", "The body is not a Stripe event.");
  }
  const stored = await storeStripeEvent(deps.db, event, now);
  return { eventId: event.id, type: event.type, duplicate: !stored };
}

/**
 * Puts an event in the inbox, due now, unless it is there already (by its id): the webhook's
 * delivery and reconciliation's listing of the same event store it once. Answers whether it was new.
 */
export async function storeStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<boolean> {
  const stored = await db
    .insert(stripeEvent)
    .values({
      id: event.id,
      type: event.type,
      account: event.account ?? null,
      objectId: objectIdOf(event),
      created: new Date(event.created * 1000),
      payload: event as unknown as Record<string, unknown>,
      receivedAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: stripeEvent.id });
  return stored.length > 0;
}
