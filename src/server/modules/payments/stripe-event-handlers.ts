import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { accountByStripeId, recordAccountState } from "./payment-account.service.ts";
import { flagsOf } from "./payment-status.ts";
import type { StripeGateway } from "./stripe-client.ts";
import { REFUND_EVENT_TYPES, refundsChanged } from "./stripe-refund-events.ts";

export type HandlerDeps = { db: Db; stripe: StripeGateway; emit: Emit; clock: () => Date };

/** A stored event as the runner hands it over. */
export type InboxEvent = { id: string; type: string; account: string | null; payload: Stripe.Event };

/**
 * What handling decided. `commit` runs in the transaction that marks the event processed, so its
 * writes and the mark land together; whatever it needed from Stripe's API was asked before.
 */
export type Handled = { outcome: "handled" | "ignored"; commit?: (tx: Db) => Promise<void> };

export type StripeEventHandler = (deps: HandlerDeps, event: InboxEvent) => Promise<Handled>;
type Handler = StripeEventHandler;

export const IGNORED: Handled = { outcome: "ignored" };

/**
 * A connected account changed: what changed is read from Stripe's API, never from the payload, so
 * a late or repeated event cannot bring back an old state.
 */
const accountUpdated: Handler = async ({ db, stripe, emit, clock }, event) => {
  // The platform's own account (STRIPE_CONNECT=off) is read from the API whenever it is shown.
  if (!event.account) return IGNORED;
  const accountId = event.account;
  // Not a community's (any more): nothing here to bring up to date.
  if (!(await accountByStripeId(db, accountId))) return IGNORED;
  const account = await stripe.stripe.accounts.retrieve(accountId);
  return {
    outcome: "handled",
    commit: async (tx) => {
      await recordAccountState(tx, emit, {
        stripeAccountId: accountId,
        flags: flagsOf(account),
        at: clock(),
        actorId: null,
      });
    },
  };
};

/**
 * The event types the payments module acts on itself; other modules add theirs through the
 * composition root (the runner's `handlers`). Anything else is recorded as processed and ignored.
 */
export const PAYMENT_HANDLERS: Record<string, Handler> = {
  "account.updated": accountUpdated,
  ...Object.fromEntries(REFUND_EVENT_TYPES.map((type) => [type, refundsChanged])),
};

export function handleStripeEvent(
  deps: HandlerDeps,
  event: InboxEvent,
  handlers: Record<string, Handler> = PAYMENT_HANDLERS,
): Promise<Handled> {
  const handler = handlers[event.type];
  return handler ? handler(deps, event) : Promise.resolve(IGNORED);
}
