import { and, asc, eq, lte } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { lockEvent } from "#server/modules/events/seats.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { isAccountOfCommunity } from "#server/modules/payments/payment-account.service.ts";
import type { StripeGateway } from "#server/modules/payments/stripe-client.ts";
import {
  type HandlerDeps,
  IGNORED,
  type InboxEvent,
  type StripeEventHandler,
} from "#server/modules/payments/stripe-event-handlers.ts";
import { expiredHolds, releaseHeld } from "#server/modules/registrations/registration-holds.service.ts";
import { ticketOrder } from "./checkout.tables.ts";
import { CHECKOUT_KIND, expireCheckoutSession, paidSession } from "./checkout-stripe.ts";
import { completeOrder, releaseOrder } from "./order-release.service.ts";

// Orders end from Stripe's word: `checkout.session.completed` / `.expired` through the webhook
// inbox, and a sweep of orders whose hold ran out (which also catches a completion whose webhook
// never came). What happened is always read from Stripe's API, never from a payload.

type OrderRow = typeof ticketOrder.$inferSelect;

/** The event's session's order, when the event comes from the account of the order's community. */
const orderOfSession = async ({ db, stripe }: HandlerDeps, event: InboxEvent) => {
  const session = event.payload.data.object as Stripe.Checkout.Session;
  if (session.metadata?.commons_kind !== CHECKOUT_KIND) return null;
  const [row] = await db
    .select()
    .from(ticketOrder)
    .where(eq(ticketOrder.checkoutSessionId, session.id))
    .limit(1);
  if (!row) return null;
  const own = await isAccountOfCommunity(db, stripe.settings.connect, row.communityId, event.account);
  return own ? row : null;
};

/** `checkout.session.completed`: the payment, confirmed against the API, pays the order. */
const sessionCompleted: StripeEventHandler = async (deps, event) => {
  const { stripe, emit, clock } = deps;
  const order = await orderOfSession(deps, event);
  if (!order || order.status === "paid") return IGNORED;
  const { payment } = await paidSession(stripe, order.checkoutSessionId ?? "", event.account);
  // Completed but not (yet) paid, e.g. a delayed payment method: its own event will follow.
  if (!payment) return IGNORED;
  return {
    outcome: "handled",
    commit: async (tx) => {
      await completeOrder(tx, emit, order.id, payment, clock());
    },
  };
};

/** `checkout.session.expired`: Stripe will not take the payment any more, the seats go back. */
const sessionExpired: StripeEventHandler = async (deps, event) => {
  const { db, stripe, emit, clock } = deps;
  const order = await orderOfSession(deps, event);
  if (order?.status !== "open") return IGNORED;
  if ((await expireCheckoutSession(stripe, order)) === "complete") return IGNORED;
  await releaseOrder(db, emit, order.id, clock());
  return { outcome: "handled" };
};

export const CHECKOUT_HANDLERS: Record<string, StripeEventHandler> = {
  "checkout.session.completed": sessionCompleted,
  "checkout.session.expired": sessionExpired,
};

export type OrderSweepDeps = {
  db: Db;
  emit: Emit;
  stripe: StripeGateway | null;
  clock: () => Date;
  log: (line: string) => void;
  batchSize: number;
};

/**
 * One order whose hold ran out: paid after all (its webhook missed), or released. Answers whether
 * it ended; a session complete but not yet paid is left for its own event.
 */
async function settleDue(deps: OrderSweepDeps, order: OrderRow): Promise<boolean> {
  const { db, stripe, emit, clock } = deps;
  if (stripe && order.checkoutSessionId) {
    if ((await expireCheckoutSession(stripe, order)) === "complete") {
      const { payment } = await paidSession(stripe, order.checkoutSessionId, order.stripeAccount);
      if (!payment) return false;
      await db.transaction((tx) => completeOrder(tx, emit, order.id, payment, clock()));
      return true;
    }
  }
  await releaseOrder(db, emit, order.id, clock());
  return true;
}

/**
 * Seats offered to someone who did not start paying in time go back, to the next in line (who
 * is offered them in turn). Holds with an open order are the order's to end.
 */
async function sweepExpiredOffers(deps: OrderSweepDeps): Promise<number> {
  const now = deps.clock();
  const holds = await expiredHolds(deps.db, now, deps.batchSize);
  let released = 0;
  for (const hold of holds) {
    await deps.db.transaction(async (tx) => {
      const eventRow = await lockEvent(tx, hold.eventId);
      const [open] = await tx
        .select({ id: ticketOrder.id })
        .from(ticketOrder)
        .where(and(eq(ticketOrder.registrationId, hold.id), eq(ticketOrder.status, "open")))
        .limit(1);
      if (open) return;
      if (await releaseHeld(tx, deps.emit, hold.id, eventRow.communityId, now)) released++;
    });
  }
  return released;
}

/**
 * Ends the open orders whose hold has run out, a bounded batch per call, oldest first, then the
 * offers nobody paid for; answers how many it ended. An order Stripe cannot be asked about now is
 * left for the next pass.
 */
export async function sweepDueOrders(deps: OrderSweepDeps): Promise<number> {
  return (await sweepOrders(deps)) + (await sweepExpiredOffers(deps));
}

async function sweepOrders(deps: OrderSweepDeps): Promise<number> {
  const due = await deps.db
    .select()
    .from(ticketOrder)
    .where(and(eq(ticketOrder.status, "open"), lte(ticketOrder.expiresAt, deps.clock())))
    .orderBy(asc(ticketOrder.expiresAt))
    .limit(deps.batchSize);
  let settled = 0;
  for (const order of due) {
    try {
      if (await settleDue(deps, order)) settled++;
    } catch (error) {
      deps.log(
        `checkout: order ${order.id} could not be settled yet: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  return settled;
}
