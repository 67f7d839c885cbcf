import { DomainError, invalidInput } from "#server/errors.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { type MembersCtx, requireCapability } from "#server/modules/members/members.service.ts";
import {
  accountOfCommunity,
  type PaymentAccountRow,
  recordAccountState,
  storeNewAccount,
} from "./payment-account.service.ts";
import { type AccountFlags, accountStatus, flagsOf, type PaymentAccountStatus } from "./payment-status.ts";
import { askStripe } from "./stripe-calls.ts";
import type { StripeGateway } from "./stripe-client.ts";

export type PaymentsCtx = MembersCtx & {
  clock: () => Date;
  emit: Emit;
  /** Null when the operator set no Stripe keys. */
  stripe: StripeGateway | null;
};

/**
 * Where a community's payments go and whether they can be taken. `connected_account`: the
 * community's own Stripe account (Connect); `operator_account`: STRIPE_CONNECT=off, the
 * operator's account for every community.
 */
export type PaymentConnection = AccountFlags & {
  communityId: string;
  status: "not_configured" | PaymentAccountStatus;
  mode: "connected_account" | "operator_account" | null;
  /** The community's Stripe account (acct_…); null before it has one, and for the operator's. */
  accountId: string | null;
  /** When Stripe's API last confirmed the flags. */
  checkedAt: Date | null;
};

const NO_FLAGS: AccountFlags = { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false };

const SEE = "Only owners and admins can see how payments are set up.";
const CONNECT = "Only the owner can connect a Stripe account or open its dashboard.";

/** The marker on the address Stripe sends the organizer back to: the page refreshes the status. */
export const RETURN_MARKER = { name: "stripe", returned: "return", expired: "refresh" } as const;

const MAX_RETURN_PATH = 500;

function connectionOf(communityId: string, row: PaymentAccountRow | null): PaymentConnection {
  const flags: AccountFlags = row
    ? {
        chargesEnabled: row.chargesEnabled,
        payoutsEnabled: row.payoutsEnabled,
        detailsSubmitted: row.detailsSubmitted,
      }
    : NO_FLAGS;
  return {
    communityId,
    status: accountStatus(row ? flags : null),
    mode: "connected_account",
    accountId: row?.stripeAccountId ?? null,
    checkedAt: row?.updatedAt ?? null,
    ...flags,
  };
}

const notConfigured = (communityId: string): PaymentConnection => ({
  communityId,
  status: "not_configured",
  mode: null,
  accountId: null,
  checkedAt: null,
  ...NO_FLAGS,
});

/** STRIPE_CONNECT=off: the operator's own account, asked of Stripe each time (nothing to store). */
async function operatorConnection(gateway: StripeGateway, communityId: string, now: Date) {
  const account = await askStripe("read the payment account", () =>
    gateway.stripe.accounts.retrieveCurrent(),
  );
  const flags = flagsOf(account);
  return {
    communityId,
    status: accountStatus(flags),
    mode: "operator_account",
    accountId: null,
    checkedAt: now,
    ...flags,
  } satisfies PaymentConnection;
}

/** The community's payment connection as last confirmed by Stripe. Owners and admins. */
export async function paymentConnection(ctx: PaymentsCtx, communityId: string): Promise<PaymentConnection> {
  await requireCapability(ctx, communityId, "payments.manage", SEE);
  if (!ctx.stripe) return notConfigured(communityId);
  if (!ctx.stripe.settings.connect) return operatorConnection(ctx.stripe, communityId, ctx.clock());
  return connectionOf(communityId, await accountOfCommunity(ctx.db, communityId));
}

/**
 * Asks Stripe now instead of waiting for its webhook: the settings page calls it when the organizer
 * comes back from onboarding.
 */
export async function refreshPaymentConnection(
  ctx: PaymentsCtx,
  communityId: string,
): Promise<PaymentConnection> {
  const member = await requireCapability(ctx, communityId, "payments.manage", SEE);
  const gateway = ctx.stripe;
  if (!gateway) return notConfigured(communityId);
  if (!gateway.settings.connect) return operatorConnection(gateway, communityId, ctx.clock());
  const row = await accountOfCommunity(ctx.db, communityId);
  if (!row) return connectionOf(communityId, null);
  const account = await askStripe("read the account", () =>
    gateway.stripe.accounts.retrieve(row.stripeAccountId),
  );
  const updated = await recordAccountState(ctx.db, ctx.emit, {
    stripeAccountId: row.stripeAccountId,
    flags: flagsOf(account),
    at: ctx.clock(),
    actorId: member.viewer.id,
  });
  return connectionOf(communityId, updated ?? row);
}

function requireConnect(gateway: StripeGateway | null): StripeGateway {
  if (!gateway) {
    throw new DomainError("PAYMENTS_NOT_CONFIGURED", "Payments are not set up on this server.");
  }
  if (!gateway.settings.connect) {
    throw new DomainError(
      "PAYMENTS_NOT_CONFIGURED",
      "Payments on this server go to the operator's Stripe account; there is nothing to connect.",
    );
  }
  return gateway;
}

/** The app's own page to come back to, with the marker; anything else is refused (no open redirect). */
function returnUrl(appUrl: string, returnPath: string, marker: string): string {
  const refuse = () =>
    invalidInput([
      { field: "returnPath", code: "INVALID", message: "Give a page of this site, such as /dashboard." },
    ]);
  if (!returnPath.startsWith("/") || returnPath.startsWith("//") || returnPath.length > MAX_RETURN_PATH) {
    throw refuse();
  }
  let url: URL;
  try {
    url = new URL(returnPath, appUrl);
  } catch {
    throw refuse();
  }
  if (url.origin !== new URL(appUrl).origin) throw refuse();
  url.searchParams.set(RETURN_MARKER.name, marker);
  return url.toString();
}

/**
 * Starts or continues the community's Stripe onboarding: makes its Express account the first time
 * (the idempotency key is the community's id, so two clicks or a retry make one account) and
 * answers a new single-use onboarding link each time. The owner only.
 */
export async function connectStripe(
  ctx: PaymentsCtx,
  communityId: string,
  returnPath: string,
): Promise<{ url: string }> {
  const member = await requireCapability(ctx, communityId, "payments.connect", CONNECT);
  const gateway = requireConnect(ctx.stripe);
  const returnTo = returnUrl(gateway.appUrl, returnPath, RETURN_MARKER.returned);
  const refreshTo = returnUrl(gateway.appUrl, returnPath, RETURN_MARKER.expired);
  let row = await accountOfCommunity(ctx.db, communityId);
  if (!row) {
    const account = await askStripe("create the account", () =>
      gateway.stripe.accounts.create(
        { type: "express", metadata: { communityId } },
        { idempotencyKey: `commons-community-account-${communityId}` },
      ),
    );
    row = await storeNewAccount(ctx.db, ctx.emit, {
      communityId,
      stripeAccountId: account.id,
      flags: flagsOf(account),
      at: ctx.clock(),
      actorId: member.viewer.id,
    });
  }
  const stripeAccountId = row.stripeAccountId;
  const link = await askStripe("start the onboarding", () =>
    gateway.stripe.accountLinks.create({
      account: stripeAccountId,
      type: "account_onboarding",
      return_url: returnTo,
      refresh_url: refreshTo,
    }),
  );
  return { url: link.url };
}

/** A one-time login link to the community's Express dashboard on Stripe. The owner only. */
export async function stripeDashboardLink(ctx: PaymentsCtx, communityId: string): Promise<{ url: string }> {
  await requireCapability(ctx, communityId, "payments.connect", CONNECT);
  const gateway = requireConnect(ctx.stripe);
  const row = await accountOfCommunity(ctx.db, communityId);
  if (!row) throw new DomainError("CONFLICT", "Connect a Stripe account first.");
  const login = await askStripe("open the dashboard", () =>
    gateway.stripe.accounts.createLoginLink(row.stripeAccountId),
  );
  return { url: login.url };
}
