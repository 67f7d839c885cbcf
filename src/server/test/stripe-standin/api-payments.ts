import type { StandinApp, StandinContext } from "./context.ts";
import { invalidRequest } from "./errors.ts";
import { createRefund } from "./money-movement.ts";
import { allowOnly, metadataParam, oneOf, optionalInteger, optionalString } from "./params.ts";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/** Payment intents, charges and balance transactions to read; refunds to make and read. */
export function paymentRoutes(app: StandinApp, ctx: StandinContext): void {
  const { store } = ctx;

  for (const [path, object] of [
    ["payment_intents", "payment_intent"],
    ["charges", "charge"],
    ["balance_transactions", "balance_transaction"],
    ["refunds", "refund"],
  ] as const) {
    app.get(`/v1/${path}/:id`, (c) =>
      c.json(store.render(c.var.owner, store.get(c.req.param("id"), c.var.owner, object), c.var.params)),
    );
    app.get(`/v1/${path}`, (c) => {
      const params = c.var.params;
      const filters = ["payment_intent", "charge", "customer"].filter((name) => params[name] !== undefined);
      const items = store
        .all(c.var.owner, object)
        .filter((item) => filters.every((name) => item[name] === optionalString(params, name)));
      return c.json(store.list(c.var.owner, items, params, `/v1/${path}`));
    });
  }

  app.post("/v1/refunds", (c) => {
    const params = c.var.params;
    const owner = c.var.owner;
    allowOnly(params, ["payment_intent", "charge", "amount", "reason", "metadata"]);
    const paymentIntentId = optionalString(params, "payment_intent");
    const chargeId = optionalString(params, "charge");
    if (Boolean(paymentIntentId) === Boolean(chargeId)) {
      throw invalidRequest("Refunds need exactly one of `payment_intent` or `charge`.", "payment_intent");
    }
    const charge = paymentIntentId
      ? store.get(
          String(store.get(paymentIntentId, owner, "payment_intent", "payment_intent").latest_charge),
          owner,
          "charge",
          "payment_intent",
        )
      : store.get(chargeId as string, owner, "charge", "charge");
    const reason =
      params.reason === undefined ? null : oneOf(params, "reason", REASONS, "requested_by_customer");
    const refund = createRefund(
      store,
      owner,
      {
        charge,
        amount: optionalInteger(params, "amount", { min: 1 }),
        reason,
        metadata: metadataParam(params),
      },
      c.var.cause,
    );
    return c.json(store.render(owner, refund, params));
  });
}
