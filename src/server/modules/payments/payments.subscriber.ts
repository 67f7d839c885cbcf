import { and, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import type { Emit, LogEntry } from "#server/modules/log/log.events.ts";
import type { SubscriptionRow } from "./member-subscriptions.records.ts";
import { memberSubscription, type SubscriptionStatus } from "./member-subscriptions.tables.ts";
import { applyStripeState, stateOfSubscription } from "./membership-sync.service.ts";
import { idOf } from "./stripe-calls.ts";
import type { StripeGateway } from "./stripe-client.ts";

export const PAYMENTS_SUBSCRIBER = "payments";

/** Purchases that can still charge the person, or be paid: everything but ended and abandoned. */
const LIVE: SubscriptionStatus[] = ["checkout", "active", "past_due", "canceling"];

type Deps = { stripe: StripeGateway; emit: Emit; clock: () => Date; log: (line: string) => void };

/**
 * A deleted account stops paying (decision 024): its memberships bought through Stripe are
 * canceled at once and a checkout it left open is closed, so nobody is charged for a person who
 * is gone. It runs after the deletion commits, inside the dispatcher's transaction: a Stripe
 * outage rolls the batch back and the entry is handled again later; each step first asks Stripe
 * where the object stands, so a repeat never cancels twice. Registered only when Stripe is
 * configured: added later, it starts at the beginning of the log and catches up.
 */
export function paymentsSubscriber(deps: Deps) {
  return {
    name: PAYMENTS_SUBSCRIBER,
    async handle(tx: Db, entry: LogEntry): Promise<void> {
      if (entry.type !== "user.deleted") return;
      const rows = await tx
        .select()
        .from(memberSubscription)
        .where(
          and(eq(memberSubscription.userId, entry.payload.userId), inArray(memberSubscription.status, LIVE)),
        );
      for (const row of rows) await stopPaying(tx, deps, row);
    },
  };
}

async function stopPaying(tx: Db, deps: Deps, row: SubscriptionRow): Promise<void> {
  const { stripe } = deps.stripe;
  const onAccount = row.stripeAccount ? { stripeAccount: row.stripeAccount } : {};
  let subscriptionId = row.stripeSubscriptionId;
  if (!subscriptionId && row.checkoutSessionId) {
    const checkoutSessionId = row.checkoutSessionId;
    const session = await unlessGone(deps, row, () =>
      stripe.checkout.sessions.retrieve(checkoutSessionId, {}, onAccount),
    );
    if (session?.status === "open") {
      const expired = await unlessGone(deps, row, () =>
        stripe.checkout.sessions.expire(checkoutSessionId, {}, onAccount),
      );
      if (expired?.status !== "expired") return;
      await tx
        .update(memberSubscription)
        .set({ status: "abandoned", updatedAt: deps.clock() })
        .where(and(eq(memberSubscription.id, row.id), eq(memberSubscription.status, "checkout")));
      return;
    }
    // Paid just before the deletion, with its webhook still on the way.
    subscriptionId = idOf(session?.subscription);
  }
  if (!subscriptionId) return;
  const id = subscriptionId;
  const current = await unlessGone(deps, row, () => stripe.subscriptions.retrieve(id, {}, onAccount));
  if (!current) return;
  const ended =
    current.status === "canceled" || current.status === "incomplete_expired"
      ? current
      : await unlessGone(deps, row, () => stripe.subscriptions.cancel(id, {}, onAccount));
  if (ended) await applyStripeState(tx, deps, row.id, stateOfSubscription(ended));
}

/**
 * Stripe's answer, or null when Stripe says there is nothing to act on (the object or the
 * connected account is gone): that will not change on a retry, so it must not hold the log up.
 * Outages and rate limits are thrown, for the dispatcher to try again.
 */
async function unlessGone<T>(deps: Deps, row: SubscriptionRow, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    const permanent =
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripePermissionError;
    if (!permanent) throw error;
    deps.log(`payments: could not stop purchase ${row.id} of a deleted account: ${error.message}`);
    return null;
  }
}
