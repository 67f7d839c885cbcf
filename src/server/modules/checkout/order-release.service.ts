import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { joinFromEvent } from "#server/modules/communities/community-hosts.service.ts";
import { lockEvent } from "#server/modules/events/seats.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import { insertPayment } from "#server/modules/payments/ledger.service.ts";
import { returnPromoCodeUse } from "#server/modules/pricing/promo-claims.service.ts";
import {
  guestNameOf,
  payForHeld,
  releaseHeld,
} from "#server/modules/registrations/registration-holds.service.ts";
import { people } from "#server/modules/users/users.service.ts";
import { ticketOrder } from "./checkout.tables.ts";
import type { SessionPayment } from "./checkout-stripe.ts";

// How an order ends. Both lock the event row first (as every seat decision does) and then the
// order, so an expiry and a payment arriving together are decided one after the other.

type OrderRow = typeof ticketOrder.$inferSelect;

async function lockOrder(tx: Db, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(ticketOrder).where(eq(ticketOrder.id, id)).for("update").limit(1);
  return row ?? null;
}

/**
 * An open order ends unpaid: its seats go back (to the waitlist, if anyone waits) and its promo
 * code's use is returned. Call only once Stripe can no longer take its payment (the session
 * expired or was never made). An order that already ended stays as it is.
 */
export async function releaseOrder(db: Db, emit: Emit, orderId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [peek] = await tx.select().from(ticketOrder).where(eq(ticketOrder.id, orderId)).limit(1);
    if (peek?.status !== "open") return;
    await lockEvent(tx, peek.eventId);
    const order = await lockOrder(tx, orderId);
    if (order?.status !== "open") return;
    await releaseHeld(tx, emit, order.registrationId, order.communityId);
    if (order.promoCodeId) await returnPromoCodeUse(tx, order.promoCodeId);
    await tx
      .update(ticketOrder)
      .set({ status: "expired", closedAt: now })
      .where(eq(ticketOrder.id, order.id));
  });
}

/**
 * A paid order: the payment goes into the ledger (once, by its PaymentIntent), the held seats
 * become the buyer's (going: the ticket mail follows from the log), and a signed-in buyer of a
 * public event joins its community as anyone registering would. Paid again (a repeated webhook)
 * changes nothing. Answers the order as it is now.
 */
export async function completeOrder(
  tx: Db,
  emit: Emit,
  orderId: string,
  paid: SessionPayment,
  now: Date,
): Promise<OrderRow | null> {
  const [peek] = await tx.select().from(ticketOrder).where(eq(ticketOrder.id, orderId)).limit(1);
  if (!peek) return null;
  const eventRow = await lockEvent(tx, peek.eventId);
  const order = await lockOrder(tx, orderId);
  if (!order || order.status === "paid") return order;
  const [person] = await tx
    .select({ name: people.name, email: people.email })
    .from(people)
    .where(eq(people.id, order.userId));
  const guestName = await guestNameOf(tx, order.registrationId);
  const { payment } = await insertPayment(tx, emit, {
    communityId: order.communityId,
    payer: {
      userId: order.userId,
      name: guestName ?? paid.payerName ?? person?.name ?? paid.payerEmail ?? "",
      email: person?.email ?? paid.payerEmail,
    },
    purpose: "ticket",
    eventId: order.eventId,
    registrationId: order.registrationId,
    amountMinor: paid.amountMinor,
    feeMinor: Math.min(paid.feeMinor, paid.amountMinor),
    currency: paid.currency,
    method: "stripe",
    providerRef: paid.paymentIntentId,
    status: "succeeded",
    createdBy: null,
    at: now,
  });
  const held = await payForHeld(tx, emit, order.registrationId, {
    communityId: order.communityId,
    actorId: null,
  });
  if (held) {
    if (eventRow.visibility === "public" && held.guestName === null) {
      const membership = await getMembership(tx, order.userId, order.communityId);
      if (!membership || membership.status === "person")
        await joinFromEvent(tx, emit, order.communityId, order.userId, held.origin);
    }
  }
  const [updated] = await tx
    .update(ticketOrder)
    .set({ status: "paid", paymentId: payment.id, closedAt: now })
    .where(eq(ticketOrder.id, order.id))
    .returning();
  return updated ?? order;
}
