import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type WebhookReceiver = {
  /** The endpoint to hand the stand-in. */
  url: string;
  /** Events whose signature the library verified, in the order they arrived. */
  accepted: Stripe.Event[];
  /** Why each refused delivery was refused (the library's verification error). */
  refused: string[];
  close: () => Promise<void>;
};

/**
 * A webhook endpoint for tests of the stand-in itself: it verifies each delivery with the
 * library's `stripe.webhooks.constructEvent` and the secret, as the app's endpoint does, and
 * answers 400 to anything that fails.
 */
export async function startWebhookReceiver(options: {
  secret: string;
  now?: () => Date;
}): Promise<WebhookReceiver> {
  const accepted: Stripe.Event[] = [];
  const refused: string[] = [];
  const stripe = new Stripe("sk_test_receiver");
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        const event = stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          request.headers["stripe-signature"] ?? "",
          options.secret,
          undefined,
          undefined,
          (options.now?.() ?? new Date()).getTime(),
        );
        accepted.push(event);
        response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400, { "content-type": "text/plain" }).end("signature refused");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    accepted,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
