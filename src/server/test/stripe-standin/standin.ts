import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { type AccountStatus, accountRoutes, setAccountStatus } from "./api-accounts.ts";
import { billingRoutes } from "./api-billing.ts";
import { checkoutRoutes } from "./api-checkout.ts";
import { eventRoutes } from "./api-events.ts";
import { paymentRoutes } from "./api-payments.ts";
import { completeCheckout, expireDueSessions, type PayerDetails } from "./checkout-flow.ts";
import type { StandinContext, StandinEnv } from "./context.ts";
import { StandinError } from "./errors.ts";
import { hostedRoutes } from "./hosted-routes.ts";
import { createRefund } from "./money-movement.ts";
import { parseParams } from "./params.ts";
import { type RecordedEvent, StandinStore, type StripeObject } from "./store.ts";
import { endSubscription, failSubscriptionRenewal, renewSubscription } from "./subscriptions.ts";
import { WebhookSender } from "./webhooks.ts";

export type StandinOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The only key accepted; any `sk_test_…` / `rk_test_…` key when unset. */
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed; none until set (events are still recorded and listed). */
  webhookUrl?: string | null;
  /** "auto" (default): each event is sent as it happens. "manual": a test sends them with `webhooks.send`. */
  webhookMode?: "auto" | "manual";
  now?: () => Date;
};

export type StripeStandin = {
  /** The origin to give STRIPE_API_URL. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  webhooks: WebhookSender;
  /** Every event so far, oldest first, with the account it belongs to (null: the platform). */
  events: () => RecordedEvent[];
  /** What the buyer's Pay button does; answers the success URL the browser is sent to. */
  pay: (checkoutSessionId: string, payer?: Partial<PayerDetails>) => string;
  /** Stripe's background sweep: expires every open Checkout Session whose `expires_at` has passed. */
  expireDueSessions: () => StripeObject[];
  /** The onboarding page's button, or any other state Stripe's review could leave an account in. */
  setAccountStatus: (accountId: string, status: AccountStatus) => StripeObject;
  /** A refund made by hand in the Stripe dashboard: the same events, no API request behind them. */
  refundFromDashboard: (paymentIntentId: string, amount?: number) => StripeObject;
  renewSubscription: (subscriptionId: string) => StripeObject;
  failSubscriptionRenewal: (subscriptionId: string) => StripeObject;
  endSubscription: (subscriptionId: string) => StripeObject;
  /**
   * The next `count` API requests answer 500 `api_error` (with `Stripe-Should-Retry: false`, so
   * the library does not retry them itself): an outage the app must recover from.
   */
  failNextRequests: (count: number) => void;
  close: () => Promise<void>;
};

/** A request's answer kept by its idempotency key; `status` 0 while the first request is still running. */
type Replay = { fingerprint: string; status: number; body: string };

/** The key from `Bearer sk_test_…`, or from Basic auth with the key as user name (`curl -u sk_test_…:`). */
function apiKey(authorization: string | undefined): string | undefined {
  const [scheme, value] = (authorization ?? "").split(" ");
  if (scheme === "Bearer") return value || undefined;
  if (scheme === "Basic" && value)
    return Buffer.from(value, "base64").toString("utf8").split(":")[0] || undefined;
  return undefined;
}

export async function startStripeStandin(options: StandinOptions = {}): Promise<StripeStandin> {
  const now = options.now ?? (() => new Date());
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString("hex")}`;
  const webhooks = new WebhookSender({
    url: options.webhookUrl ?? null,
    secret: webhookSecret,
    mode: options.webhookMode ?? "auto",
    now,
  });
  const store = new StandinStore(now, (recorded) => webhooks.onEvent(recorded));
  let origin = "";
  const ctx: StandinContext = {
    store,
    webhooks,
    origin: () => origin,
    onboardingLinks: new Map(),
    checkouts: new Map(),
  };
  const replays = new Map<string, Replay>();
  let failing = 0;
  const app = new Hono<StandinEnv>();

  app.onError((error, c) => {
    const known =
      error instanceof StandinError
        ? error
        : new StandinError(500, `The stand-in failed: ${error.message}`, { type: "api_error" });
    return c.json(known.toJSON(), known.status as 400);
  });

  app.use("/v1/*", async (c, next) => {
    const requestId = store.id("req");
    c.header("request-id", requestId);
    if (failing > 0) {
      failing--;
      c.header("stripe-should-retry", "false");
      throw new StandinError(500, "The stand-in is having an outage (failNextRequests).", {
        type: "api_error",
      });
    }
    const key = apiKey(c.req.header("authorization"));
    if (!key || (options.secretKey ? key !== options.secretKey : !/^(sk|rk)_test_\S+$/.test(key))) {
      throw new StandinError(
        401,
        key ? `Invalid API Key provided: ${key.slice(0, 8)}…` : "You did not provide an API key.",
      );
    }
    const account = c.req.header("stripe-account") ?? null;
    if (account && !store.find(account, null, "account")) {
      throw new StandinError(
        403,
        `The provided key does not have access to account '${account}' (or that account does not exist).`,
        {
          code: "account_invalid",
        },
      );
    }
    const body = c.req.method === "POST" ? await c.req.text() : new URL(c.req.url).search.slice(1);
    c.set("owner", account);
    c.set("params", parseParams(body));
    const idempotencyKey = c.req.method === "POST" ? (c.req.header("idempotency-key") ?? null) : null;
    c.set("cause", { requestId, idempotencyKey });
    if (!idempotencyKey) return next();
    if (idempotencyKey.length > 255) {
      throw new StandinError(400, "Idempotency keys can be at most 255 characters long.", {
        type: "idempotency_error",
      });
    }
    const slot = `${account ?? ""} ${idempotencyKey}`;
    const fingerprint = createHash("sha256").update(`${c.req.method} ${c.req.path} ${body}`).digest("hex");
    const earlier = replays.get(slot);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new StandinError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          { type: "idempotency_error" },
        );
      }
      if (earlier.status === 0) {
        // Stripe's answer to a second request while the first is running; the library retries it.
        throw new StandinError(
          409,
          "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.",
          { type: "idempotency_error" },
        );
      }
      c.header("idempotent-replayed", "true");
      c.header("idempotency-key", idempotencyKey);
      return c.body(earlier.body, earlier.status as 200, { "content-type": "application/json" });
    }
    replays.set(slot, { fingerprint, status: 0, body: "" });
    await next();
    c.header("idempotency-key", idempotencyKey);
    // A 5xx may be retried for real; everything else answers the same key the same way again.
    if (c.res.status < 500) {
      replays.set(slot, { fingerprint, status: c.res.status, body: await c.res.clone().text() });
    } else {
      replays.delete(slot);
    }
  });

  accountRoutes(app, ctx);
  checkoutRoutes(app, ctx);
  paymentRoutes(app, ctx);
  billingRoutes(app, ctx);
  eventRoutes(app, ctx);
  hostedRoutes(app, ctx);
  app.all("/v1/*", (c) => {
    throw new StandinError(
      404,
      `Unrecognized request URL (${c.req.method}: ${c.req.path}). The stand-in does not cover it.`,
    );
  });

  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  const find = (id: string, object: string) => {
    const owner = store.ownerOf(id);
    if (owner === undefined) throw new Error(`the stand-in has no ${object} ${id}`);
    return { owner, value: store.get(id, owner, object) };
  };

  return {
    url: origin,
    secretKey: options.secretKey ?? "sk_test_standin",
    webhookSecret,
    webhooks,
    events: () => [...store.events],
    pay: (id, payer = {}) =>
      completeCheckout(ctx, find(id, "checkout.session").value, {
        email: payer.email ?? null,
        name: payer.name ?? null,
      }),
    expireDueSessions: () => expireDueSessions(ctx),
    setAccountStatus: (accountId, status) => setAccountStatus(ctx, accountId, status, null),
    refundFromDashboard: (paymentIntentId, amount) => {
      const { owner, value } = find(paymentIntentId, "payment_intent");
      const charge = store.get(String(value.latest_charge), owner, "charge");
      return createRefund(
        store,
        owner,
        { charge, amount, reason: "requested_by_customer", metadata: {} },
        null,
      );
    },
    renewSubscription: (id) => renewSubscription(ctx, id),
    failSubscriptionRenewal: (id) => failSubscriptionRenewal(ctx, id),
    endSubscription: (id) => endSubscription(ctx, id, null),
    failNextRequests: (count) => {
      failing = count;
    },
    close: async () => {
      await webhooks.flush();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
