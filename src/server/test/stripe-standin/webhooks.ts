import Stripe from "stripe";
import type { RecordedEvent, StripeObject } from "./store.ts";

export type Delivery = {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
  /** What the endpoint answered (or the network error), for a test's failure message. */
  answer: string;
};

export type WebhookOptions = {
  /** Where events are POSTed; null keeps them until a test or `setUrl` names an endpoint. */
  url: string | null;
  secret: string;
  /** "auto": each event is sent as it happens, in order. "manual": only `send` delivers. */
  mode: "auto" | "manual";
  now: () => Date;
};

/**
 * Sends events to the configured endpoint the way Stripe does: JSON body, `Stripe-Signature`
 * header made by the library's own `generateTestHeaderString` with the webhook secret. Tests can
 * also send any event again, out of order, or signed with another secret.
 */
export class WebhookSender {
  url: string | null;
  readonly deliveries: Delivery[] = [];
  /** Told about each delivery as it is answered (the command-line stand-in prints them). */
  onDelivery: ((delivery: Delivery) => void) | null = null;
  readonly #options: WebhookOptions;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: WebhookOptions) {
    this.#options = options;
    this.url = options.url;
  }

  /** Called for every new event: queued behind the ones before it, so the endpoint sees them in order. */
  onEvent(recorded: RecordedEvent): void {
    if (this.#options.mode !== "auto" || !this.url) return;
    this.#enqueue(recorded.event, {});
  }

  /** Delivers an event now (again, or for the first time in manual mode), after anything already queued. */
  send(event: StripeObject, options: { secret?: string; timestamp?: number } = {}): Promise<Delivery> {
    return this.#enqueue(event, options);
  }

  /** Resolves once every delivery started so far has been answered. */
  async flush(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.#queue;
      await seen;
    } while (seen !== this.#queue);
  }

  #enqueue(event: StripeObject, options: { secret?: string; timestamp?: number }): Promise<Delivery> {
    const delivery = this.#queue.then(() => this.#post(event, options));
    this.#queue = delivery.catch(() => undefined);
    return delivery;
  }

  async #post(event: StripeObject, options: { secret?: string; timestamp?: number }): Promise<Delivery> {
    const url = this.url;
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.#options.secret,
      timestamp: options.timestamp ?? Math.floor(this.#options.now().getTime() / 1000),
    });
    let status = 0;
    let answer: string;
    if (!url) {
      answer = "no webhook endpoint is configured";
    } else {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "stripe-signature": header,
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        answer = await response.text();
      } catch (error) {
        answer = error instanceof Error ? error.message : String(error);
      }
    }
    const delivery = { eventId: event.id, type: String(event.type), status, answer };
    this.deliveries.push(delivery);
    this.onDelivery?.(delivery);
    return delivery;
  }
}
