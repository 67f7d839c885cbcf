import { currencyCode } from "#shared/money.ts";
import { expireIfDue, expireSession } from "./checkout-flow.ts";
import type { CheckoutExtras, StandinApp, StandinContext } from "./context.ts";
import { invalidRequest, missingParam, StandinError } from "./errors.ts";
import {
  allowOnly,
  metadataParam,
  oneOf,
  optionalArray,
  optionalInteger,
  optionalObject,
  optionalString,
  type Params,
  requiredString,
} from "./params.ts";
import type { Owner, StripeObject } from "./store.ts";

const MIN_LIFETIME = 30 * 60;
const MAX_LIFETIME = 24 * 60 * 60;

type Recurring = { interval: string; interval_count: number } | null;

/** One `line_items[i]`: its product and price made on the spot, as Checkout does for `price_data`. */
function lineItem(ctx: StandinContext, owner: Owner, params: Params, index: number) {
  const at = `line_items[${index}]`;
  allowOnly(params, ["price_data", "quantity", "price"], at);
  if (params.price !== undefined) {
    throw invalidRequest("The stand-in takes line items with price_data only.", `${at}[price]`);
  }
  const priceData = optionalObject(params, "price_data", at);
  if (!priceData) throw missingParam(`${at}[price_data]`);
  const pd = `${at}[price_data]`;
  allowOnly(priceData, ["currency", "unit_amount", "product_data", "recurring", "tax_behavior"], pd);
  const currency = currencyCode(requiredString(priceData, "currency", pd));
  if (!currency) throw invalidRequest("Invalid currency", `${pd}[currency]`);
  const unitAmount = optionalInteger(priceData, "unit_amount", { min: 0, max: 99_999_999 }, pd);
  if (unitAmount === undefined) throw missingParam(`${pd}[unit_amount]`);
  const productData = optionalObject(priceData, "product_data", pd);
  if (!productData) throw missingParam(`${pd}[product_data]`);
  allowOnly(productData, ["name", "description", "metadata"], `${pd}[product_data]`);
  const recurringData = optionalObject(priceData, "recurring", pd);
  let recurring: Recurring = null;
  if (recurringData) {
    allowOnly(recurringData, ["interval", "interval_count"], `${pd}[recurring]`);
    recurring = {
      interval: oneOf(
        recurringData,
        "interval",
        ["day", "week", "month", "year"],
        "month",
        `${pd}[recurring]`,
      ),
      interval_count:
        optionalInteger(recurringData, "interval_count", { min: 1, max: 365 }, `${pd}[recurring]`) ?? 1,
    };
  }
  const quantity = optionalInteger(params, "quantity", { min: 1, max: 999_999 }, at);
  if (quantity === undefined) throw missingParam(`${at}[quantity]`);
  const { store } = ctx;
  const now = store.seconds();
  const product = store.insert(owner, {
    id: store.id("prod"),
    object: "product",
    active: true,
    created: now,
    description: optionalString(productData, "description", `${pd}[product_data]`) ?? null,
    metadata: metadataParam(productData, "metadata", `${pd}[product_data]`),
    name: requiredString(productData, "name", `${pd}[product_data]`, 250),
  });
  const price = store.insert(owner, {
    id: store.id("price"),
    object: "price",
    active: true,
    created: now,
    currency: currency.toLowerCase(),
    product: product.id,
    recurring,
    type: recurring ? "recurring" : "one_time",
    unit_amount: unitAmount,
  });
  return {
    id: store.id("li"),
    object: "item",
    amount_subtotal: unitAmount * quantity,
    amount_total: unitAmount * quantity,
    currency: price.currency,
    description: product.name,
    price,
    quantity,
  } satisfies StripeObject;
}

function createSession(ctx: StandinContext, owner: Owner, params: Params): StripeObject {
  allowOnly(params, [
    "mode",
    "line_items",
    "success_url",
    "cancel_url",
    "metadata",
    "client_reference_id",
    "customer",
    "customer_email",
    "expires_at",
    "payment_intent_data",
    "subscription_data",
    "locale",
    "payment_method_types",
  ]);
  const { store } = ctx;
  if (owner) {
    const account = store.get(owner, null, "account");
    if (account.charges_enabled !== true) {
      throw new StandinError(
        400,
        `The account ${owner} cannot take payments until its onboarding is complete.`,
        {
          code: "account_invalid",
        },
      );
    }
  }
  const mode = oneOf(params, "mode", ["payment", "subscription"], "payment");
  if (params.mode === undefined) throw missingParam("mode");
  const successUrl = requiredString(params, "success_url", "", 5_000);
  const cancelUrl = optionalString(params, "cancel_url") ?? null;
  for (const [name, value] of [
    ["success_url", successUrl],
    ["cancel_url", cancelUrl],
  ] as const) {
    if (value !== null && !/^https?:\/\/\S+$/.test(value))
      throw invalidRequest("Not a valid URL", name, "url_invalid");
  }
  const raw = optionalArray(params, "line_items");
  if (!raw || raw.length === 0) throw missingParam("line_items");
  if (raw.length > 100)
    throw invalidRequest("A Checkout Session takes at most 100 line items.", "line_items");
  const items = raw.map((item, index) => lineItem(ctx, owner, item, index));
  const currency = items[0]?.currency as string;
  items.forEach((item, index) => {
    if (item.currency !== currency) {
      throw invalidRequest(
        "All line items must use the same currency.",
        `line_items[${index}][price_data][currency]`,
      );
    }
    const recurring = (item.price as { recurring: Recurring }).recurring;
    if (mode === "payment" && recurring) {
      throw invalidRequest(
        "You specified `payment` mode but passed a recurring price. Use `subscription` mode instead.",
        `line_items[${index}][price_data][recurring]`,
      );
    }
    if (mode === "subscription" && !recurring) {
      throw invalidRequest(
        "The stand-in's subscriptions take recurring prices only.",
        `line_items[${index}][price_data][recurring]`,
      );
    }
  });
  const amountTotal = items.reduce((sum, item) => sum + item.amount_total, 0);
  if (mode === "payment" && amountTotal <= 0) {
    throw invalidRequest("The Checkout Session's total amount due must be greater than 0.", "line_items");
  }
  const now = store.seconds();
  const expiresAt = optionalInteger(params, "expires_at") ?? now + MAX_LIFETIME;
  if (expiresAt < now + MIN_LIFETIME || expiresAt > now + MAX_LIFETIME) {
    throw invalidRequest(
      "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      "expires_at",
    );
  }
  const customerId = optionalString(params, "customer");
  const customer = customerId ? store.get(customerId, owner, "customer", "customer") : null;
  const extras: CheckoutExtras = {
    lineItems: items,
    paymentIntentData: { metadata: {}, applicationFeeAmount: 0, description: null },
    subscriptionData: { metadata: {}, applicationFeePercent: null },
  };
  const piData = optionalObject(params, "payment_intent_data");
  if (piData) {
    if (mode !== "payment")
      throw invalidRequest("payment_intent_data is for `payment` mode.", "payment_intent_data");
    allowOnly(piData, ["application_fee_amount", "metadata", "description"], "payment_intent_data");
    const fee = optionalInteger(
      piData,
      "application_fee_amount",
      { min: 0, max: amountTotal },
      "payment_intent_data",
    );
    if (fee && !owner) {
      throw invalidRequest(
        "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using the Stripe-Account header).",
        "payment_intent_data[application_fee_amount]",
      );
    }
    extras.paymentIntentData = {
      metadata: metadataParam(piData, "metadata", "payment_intent_data"),
      applicationFeeAmount: fee ?? 0,
      description: optionalString(piData, "description", "payment_intent_data") ?? null,
    };
  }
  const subData = optionalObject(params, "subscription_data");
  if (subData) {
    if (mode !== "subscription")
      throw invalidRequest("subscription_data is for `subscription` mode.", "subscription_data");
    allowOnly(subData, ["application_fee_percent", "metadata", "description"], "subscription_data");
    const raw = optionalString(subData, "application_fee_percent", "subscription_data");
    const percent = raw === undefined ? null : Number(raw);
    if (percent !== null && !(percent >= 0 && percent <= 100)) {
      throw invalidRequest(
        "Invalid decimal: must be from 0 to 100",
        "subscription_data[application_fee_percent]",
      );
    }
    if (percent && !owner) {
      throw invalidRequest(
        "application_fee_percent needs a connected account (the Stripe-Account header).",
        "subscription_data[application_fee_percent]",
      );
    }
    extras.subscriptionData = {
      metadata: metadataParam(subData, "metadata", "subscription_data"),
      applicationFeePercent: percent,
    };
  }
  const id = store.id("cs_test");
  ctx.checkouts.set(id, extras);
  return store.insert(owner, {
    id,
    object: "checkout.session",
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    cancel_url: cancelUrl,
    client_reference_id: optionalString(params, "client_reference_id", "", 200) ?? null,
    created: now,
    currency,
    customer: customer?.id ?? null,
    customer_details: null,
    customer_email: optionalString(params, "customer_email") ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    locale: optionalString(params, "locale") ?? null,
    metadata: metadataParam(params),
    mode,
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    subscription: null,
    success_url: successUrl,
    url: `${ctx.origin()}/checkout/${id}`,
  });
}

export function checkoutRoutes(app: StandinApp, ctx: StandinContext): void {
  const { store } = ctx;
  const lineItemList = (session: StripeObject) => ({
    object: "list",
    data: ctx.checkouts.get(session.id)?.lineItems ?? [],
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  });
  const expandable = { line_items: lineItemList };
  const session = (id: string, owner: Owner) => expireIfDue(ctx, store.get(id, owner, "checkout.session"));

  app.post("/v1/checkout/sessions", (c) =>
    c.json(
      store.render(c.var.owner, createSession(ctx, c.var.owner, c.var.params), c.var.params, expandable),
    ),
  );

  app.get("/v1/checkout/sessions/:id", (c) =>
    c.json(store.render(c.var.owner, session(c.req.param("id"), c.var.owner), c.var.params, expandable)),
  );

  app.get("/v1/checkout/sessions/:id/line_items", (c) =>
    c.json(lineItemList(session(c.req.param("id"), c.var.owner))),
  );

  app.post("/v1/checkout/sessions/:id/expire", (c) => {
    const expired = expireSession(ctx, session(c.req.param("id"), c.var.owner), c.var.cause);
    return c.json(store.render(c.var.owner, expired, c.var.params, expandable));
  });

  app.get("/v1/checkout/sessions", (c) => {
    const params = c.var.params;
    const filters = ["payment_intent", "customer", "status", "subscription"] as const;
    const wanted = Object.fromEntries(filters.map((name) => [name, optionalString(params, name)]));
    const sessions = store
      .all(c.var.owner, "checkout.session")
      .map((s) => expireIfDue(ctx, s))
      .filter((s) => filters.every((name) => wanted[name] === undefined || s[name] === wanted[name]));
    return c.json(store.list(c.var.owner, sessions, params, "/v1/checkout/sessions"));
  });
}
