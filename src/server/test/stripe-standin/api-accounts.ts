import type { StandinApp, StandinContext } from "./context.ts";
import { invalidRequest, StandinError } from "./errors.ts";
import {
  allowOnly,
  metadataParam,
  oneOf,
  optionalObject,
  optionalString,
  type Params,
  requiredString,
} from "./params.ts";
import type { Cause, StripeObject } from "./store.ts";

const ONBOARDING_FIELDS = [
  "business_profile.url",
  "external_account",
  "individual.dob.day",
  "tos_acceptance.date",
];

/** The platform's own account, answered for `GET /v1/account`. */
const PLATFORM_ACCOUNT_ID = "acct_standinplatform";

export type AccountStatus = {
  details_submitted?: boolean;
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
};

/** Moves a connected account's onboarding state and tells the platform (`account.updated`). */
export function setAccountStatus(
  ctx: StandinContext,
  accountId: string,
  status: AccountStatus,
  cause: Cause,
) {
  const account = ctx.store.get(accountId, null, "account");
  const previous: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(status)) {
    if (value === undefined || account[field] === value) continue;
    previous[field] = account[field];
    account[field] = value;
  }
  if (Object.keys(previous).length === 0) return account;
  const enabled = account.charges_enabled === true;
  previous.capabilities = account.capabilities;
  previous.requirements = account.requirements;
  account.capabilities = {
    card_payments: enabled ? "active" : "inactive",
    transfers: account.payouts_enabled ? "active" : "inactive",
  };
  account.requirements = requirements(account.details_submitted === true, enabled);
  // Stripe sends a connected account's own changes as a Connect event: `account` names it.
  ctx.store.emit(accountId, "account.updated", account, cause, previous);
  return account;
}

function requirements(submitted: boolean, enabled: boolean) {
  return {
    currently_due: submitted ? [] : ONBOARDING_FIELDS,
    eventually_due: submitted ? [] : ONBOARDING_FIELDS,
    past_due: [],
    pending_verification: submitted && !enabled ? ["individual.verification.document"] : [],
    disabled_reason: enabled
      ? null
      : submitted
        ? "requirements.pending_verification"
        : "requirements.past_due",
  };
}

function createAccount(ctx: StandinContext, params: Params): StripeObject {
  allowOnly(params, [
    "type",
    "controller",
    "country",
    "email",
    "capabilities",
    "business_profile",
    "business_type",
    "metadata",
    "default_currency",
  ]);
  const { store } = ctx;
  return store.insert(null, {
    id: store.id("acct"),
    object: "account",
    business_profile: optionalObject(params, "business_profile") ?? { name: null, url: null },
    business_type: optionalString(params, "business_type") ?? null,
    capabilities: { card_payments: "inactive", transfers: "inactive" },
    charges_enabled: false,
    controller: optionalObject(params, "controller") ?? { type: "application" },
    country: (optionalString(params, "country") ?? "US").toUpperCase(),
    created: store.seconds(),
    default_currency: optionalString(params, "default_currency") ?? "usd",
    details_submitted: false,
    email: optionalString(params, "email") ?? null,
    metadata: metadataParam(params),
    payouts_enabled: false,
    requirements: requirements(false, false),
    type: oneOf(params, "type", ["express", "standard", "custom"], "express"),
  });
}

const httpUrl = (params: Params, name: string) => {
  const value = requiredString(params, name);
  if (!/^https?:\/\/\S+$/.test(value)) throw invalidRequest(`Not a valid URL`, name, "url_invalid");
  return value;
};

export function accountRoutes(app: StandinApp, ctx: StandinContext): void {
  const { store } = ctx;

  app.post("/v1/accounts", (c) => c.json(store.render(null, createAccount(ctx, c.var.params), c.var.params)));

  app.get("/v1/account", (c) =>
    c.json({
      id: c.var.owner ?? PLATFORM_ACCOUNT_ID,
      object: "account",
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      country: "US",
      default_currency: "usd",
    }),
  );

  app.get("/v1/accounts/:id", (c) =>
    c.json(store.render(null, store.get(c.req.param("id"), null, "account"), c.var.params)),
  );

  app.post("/v1/accounts/:id", (c) => {
    const account = store.get(c.req.param("id"), null, "account");
    const params = c.var.params;
    allowOnly(params, ["metadata", "business_profile", "email"]);
    if (params.metadata !== undefined)
      account.metadata = { ...(account.metadata as object), ...metadataParam(params) };
    const profile = optionalObject(params, "business_profile");
    if (profile) account.business_profile = { ...(account.business_profile as object), ...profile };
    const email = optionalString(params, "email");
    if (email) account.email = email;
    return c.json(store.render(null, account, params));
  });

  app.get("/v1/accounts", (c) =>
    c.json(store.list(null, store.all(null, "account"), c.var.params, "/v1/accounts")),
  );

  app.post("/v1/accounts/:id/login_links", (c) => {
    const account = store.get(c.req.param("id"), null, "account", "account");
    if (account.type !== "express") {
      throw new StandinError(
        400,
        "Cannot create a login link for an account that is not an Express account.",
        {
          param: "account",
        },
      );
    }
    return c.json({
      object: "login_link",
      created: store.seconds(),
      url: `${ctx.origin()}/connect/dashboard/${account.id}`,
    });
  });

  app.post("/v1/account_links", (c) => {
    const params = c.var.params;
    allowOnly(params, ["account", "refresh_url", "return_url", "type", "collect", "collection_options"]);
    const account = store.get(requiredString(params, "account"), null, "account", "account");
    oneOf(params, "type", ["account_onboarding", "account_update"], "account_onboarding");
    const link = {
      account: account.id,
      refreshUrl: httpUrl(params, "refresh_url"),
      returnUrl: httpUrl(params, "return_url"),
      expiresAt: store.seconds() + 300,
      used: false,
    };
    const token = store.id("link");
    ctx.onboardingLinks.set(token, link);
    return c.json({
      object: "account_link",
      created: store.seconds(),
      expires_at: link.expiresAt,
      url: `${ctx.origin()}/connect/onboarding/${token}`,
    });
  });
}
