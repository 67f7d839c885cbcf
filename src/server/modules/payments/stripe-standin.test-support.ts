import { type StandinOptions, startStripeStandin } from "#server/test/stripe-standin/standin.ts";
import { startWebhookReceiver } from "#server/test/stripe-standin/webhook-receiver.ts";
import { createStripeClient } from "./stripe-client.ts";

/** Real time plus whatever a test has moved on: the stand-in, the receiver and the test share it. */
export class OffsetClock {
  #offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.#offsetMs);
  advance(ms: number) {
    this.#offsetMs += ms;
  }
}

/**
 * The stand-in, a webhook endpoint that verifies signatures with the library, and the app's own
 * Stripe client aimed at the stand-in.
 */
export async function startStripeWorld(options: Pick<StandinOptions, "webhookMode"> = {}) {
  const clock = new OffsetClock();
  const standin = await startStripeStandin({ secretKey: "sk_test_commons", now: clock.now, ...options });
  const receiver = await startWebhookReceiver({ secret: standin.webhookSecret, now: clock.now });
  standin.webhooks.url = receiver.url;
  const stripe = createStripeClient({ secretKey: standin.secretKey, apiUrl: standin.url });
  return {
    clock,
    standin,
    receiver,
    stripe,
    /** Every event delivered so far has been answered by the receiver. */
    settle: () => standin.webhooks.flush(),
    close: async () => {
      await standin.close();
      await receiver.close();
    },
  };
}

export type StripeWorld = Awaited<ReturnType<typeof startStripeWorld>>;
