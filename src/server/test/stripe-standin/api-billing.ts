import type { StandinApp, StandinContext } from "./context.ts";
import { invalidRequest } from "./errors.ts";
import { allowOnly, metadataParam, optionalBoolean, optionalString, requiredString } from "./params.ts";
import { endSubscription, setCancelAtPeriodEnd } from "./subscriptions.ts";

/** Customers, subscriptions, invoices and customer-portal sessions. */
export function billingRoutes(app: StandinApp, ctx: StandinContext): void {
  const { store } = ctx;

  app.post("/v1/customers", (c) => {
    const params = c.var.params;
    allowOnly(params, ["email", "name", "metadata", "description"]);
    const customer = store.insert(c.var.owner, {
      id: store.id("cus"),
      object: "customer",
      created: store.seconds(),
      description: optionalString(params, "description") ?? null,
      email: optionalString(params, "email", "", 512) ?? null,
      livemode: false,
      metadata: metadataParam(params),
      name: optionalString(params, "name", "", 256) ?? null,
    });
    store.emit(c.var.owner, "customer.created", customer, c.var.cause);
    return c.json(store.render(c.var.owner, customer, params));
  });

  app.post("/v1/customers/:id", (c) => {
    const params = c.var.params;
    allowOnly(params, ["email", "name", "metadata", "description"]);
    const customer = store.get(c.req.param("id"), c.var.owner, "customer");
    const previous: Record<string, unknown> = {};
    for (const field of ["email", "name", "description"]) {
      const value = optionalString(params, field);
      if (value !== undefined && value !== customer[field]) {
        previous[field] = customer[field];
        customer[field] = value;
      }
    }
    if (params.metadata !== undefined) {
      previous.metadata = customer.metadata;
      customer.metadata = { ...(customer.metadata as object), ...metadataParam(params) };
    }
    store.emit(c.var.owner, "customer.updated", customer, c.var.cause, previous);
    return c.json(store.render(c.var.owner, customer, params));
  });

  for (const [path, object] of [
    ["customers", "customer"],
    ["subscriptions", "subscription"],
    ["invoices", "invoice"],
  ] as const) {
    app.get(`/v1/${path}/:id`, (c) =>
      c.json(store.render(c.var.owner, store.get(c.req.param("id"), c.var.owner, object), c.var.params)),
    );
    app.get(`/v1/${path}`, (c) => {
      const params = c.var.params;
      const customer = optionalString(params, "customer");
      const status = optionalString(params, "status");
      const items = store
        .all(c.var.owner, object)
        .filter((item) => (!customer || item.customer === customer) && (!status || item.status === status));
      return c.json(store.list(c.var.owner, items, params, `/v1/${path}`));
    });
  }

  app.post("/v1/subscriptions/:id", (c) => {
    const params = c.var.params;
    allowOnly(params, ["cancel_at_period_end", "metadata"]);
    const subscription = store.get(c.req.param("id"), c.var.owner, "subscription");
    if (params.metadata !== undefined) {
      subscription.metadata = { ...(subscription.metadata as object), ...metadataParam(params) };
    }
    const cancel = optionalBoolean(params, "cancel_at_period_end");
    if (cancel !== undefined) setCancelAtPeriodEnd(ctx, subscription.id, cancel, c.var.cause);
    return c.json(store.render(c.var.owner, subscription, params));
  });

  app.delete("/v1/subscriptions/:id", (c) => {
    const subscription = store.get(c.req.param("id"), c.var.owner, "subscription");
    if (subscription.status === "canceled") {
      throw invalidRequest(`No such subscription: '${subscription.id}' is already canceled.`, "id");
    }
    return c.json(
      store.render(c.var.owner, endSubscription(ctx, subscription.id, c.var.cause), c.var.params),
    );
  });

  app.post("/v1/billing_portal/sessions", (c) => {
    const params = c.var.params;
    allowOnly(params, ["customer", "return_url", "configuration", "locale"]);
    const customer = store.get(requiredString(params, "customer"), c.var.owner, "customer", "customer");
    const returnUrl = optionalString(params, "return_url") ?? null;
    if (returnUrl !== null && !/^https?:\/\/\S+$/.test(returnUrl)) {
      throw invalidRequest("Not a valid URL", "return_url", "url_invalid");
    }
    const id = store.id("bps");
    const session = store.insert(c.var.owner, {
      id,
      object: "billing_portal.session",
      created: store.seconds(),
      customer: customer.id,
      livemode: false,
      return_url: returnUrl,
      url: `${ctx.origin()}/billing/${id}`,
    });
    return c.json(store.render(c.var.owner, session, params));
  });
}
