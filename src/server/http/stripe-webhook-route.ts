import type { Env, Hono } from "hono";
import { receiveStripeWebhook } from "#server/modules/payments/stripe-webhook.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { domainErrorResponse } from "./domain-errors.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

/**
 * `POST /api/stripe/webhook`: Stripe's server calls it, with no Origin and no cookies; the
 * signature over the raw body is the authority. The event is stored and answered at once; the
 * jobs runtime handles it (`onStored` asks it to look now rather than at its next poll).
 */
export function mountStripeWebhook<E extends RoutesEnv>(
  app: Hono<E>,
  options: { contextFor: RequestContextFactory; onStored: () => void },
) {
  app.post("/api/stripe/webhook", async (c) => {
    try {
      const ctx = await options.contextFor(new Headers(), c.get("clientIp"));
      // The exact bytes: the signature is over them, not over a re-serialized JSON.
      const body = new Uint8Array(await c.req.arrayBuffer());
      const receipt = await receiveStripeWebhook(ctx, body, c.req.header("stripe-signature") ?? null);
      if (!receipt.duplicate) options.onStored();
      return c.json({ received: true, duplicate: receipt.duplicate });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
}
