import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, notFound } from "#server/errors.ts";
import { eventAccess } from "#server/modules/events/events.policy.ts";
import type { EventRow } from "#server/modules/events/events.views.ts";
import { lockEvent } from "#server/modules/events/seats.service.ts";
import type { PaymentsGate } from "#server/modules/events/ticket-types.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { accountOfCommunity } from "#server/modules/payments/payment-account.service.ts";
import type { StripeGateway } from "#server/modules/payments/stripe-client.ts";
import { claimPromoCodeUse } from "#server/modules/pricing/promo-claims.service.ts";
import { type Quote, quoteOrder } from "#server/modules/pricing/quote.service.ts";
import { checkGuest, requireGuestAccess } from "#server/modules/registrations/guest-registrations.service.ts";
import {
  extendHold,
  holdOfToken,
  payForHeld,
} from "#server/modules/registrations/registration-holds.service.ts";
import {
  holdSeats,
  lockForRegistration,
  type RegisterInput,
} from "#server/modules/registrations/registrations.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import { listUsers, userIdForEmail } from "#server/modules/users/users.service.ts";
import { ticketOrder } from "./checkout.tables.ts";
import { createCheckoutSession, expireCheckoutSession } from "./checkout-stripe.ts";
import { releaseOrder } from "./order-release.service.ts";

/**
 * How long seats are held for a buyer: Stripe Checkout's shortest session (30 minutes) and a
 * minute's slack for the request that makes it. The session expires with the hold.
 */
export const HOLD_MS = 31 * 60_000;

export type CheckoutCtx = {
  db: Db;
  viewer: Viewer | null;
  clock: () => Date;
  emit: Emit;
  clientIp: string;
  payments: PaymentsGate;
  stripe: StripeGateway | null;
};

export type StartCheckoutInput = RegisterInput & {
  ticketTypeId: string;
  quantity: number;
  promoCode?: string | null;
  /** A signed-out buyer's name and address (as the one-step guest form takes them). */
  guest?: { name: string; email: string } | null;
};

export type OrderRow = typeof ticketOrder.$inferSelect;

/** Where the buyer goes next: Stripe's checkout page, or nowhere when nothing was left to pay. */
export type CheckoutStart = { order: OrderRow; url: string | null };

function refuseQuote(result: Awaited<ReturnType<typeof quoteOrder>>): Quote {
  if (result.ok) return result.quote;
  const { code, message, field } = result.refusal;
  throw new DomainError(code, message, field ? [{ field, code, message }] : []);
}

/** The person's order still open for this event, if its hold has time left. */
async function openOrderOf(tx: Db, eventId: string, userId: string, now: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(ticketOrder)
    .where(
      and(eq(ticketOrder.eventId, eventId), eq(ticketOrder.userId, userId), eq(ticketOrder.status, "open")),
    )
    .orderBy(desc(ticketOrder.createdAt))
    .limit(1);
  return row && row.expiresAt > now && row.checkoutUrl ? row : null;
}

type Held = { kind: "resume"; order: OrderRow } | { kind: "new"; order: OrderRow; event: EventRow };

/** An order that costs something needs a community that can take the money now. */
async function requireTakingPayments(ctx: CheckoutCtx, tx: Db, communityId: string, totalMinor: number) {
  if (totalMinor > 0 && !(await ctx.payments.canTakePayments(tx, communityId))) {
    throw new DomainError(
      "PAYMENTS_NOT_CONNECTED",
      "This community can't take payments right now. Try again later or ask the organizers.",
    );
  }
}

/** The order for held seats: the quote as it will be charged, on the community's account. */
async function insertOrder(
  tx: Db,
  ctx: Pick<CheckoutCtx, "stripe">,
  row: EventRow,
  registrationId: string,
  userId: string,
  quote: Quote,
  expiresAt: Date,
  now: Date,
): Promise<OrderRow> {
  const line = quote.lines[0];
  if (!line) throw new Error("a quote without a line");
  const account =
    ctx.stripe?.settings.connect === false
      ? null
      : ((await accountOfCommunity(tx, row.communityId))?.stripeAccountId ?? null);
  const [order] = await tx
    .insert(ticketOrder)
    .values({
      id: randomUUID(),
      communityId: row.communityId,
      eventId: row.id,
      registrationId,
      userId,
      ticketTypeId: line.ticketTypeId,
      ticketName: line.name,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      subtotalMinor: quote.subtotalMinor,
      discountMinor: quote.discountMinor,
      totalMinor: quote.totalMinor,
      currency: quote.currency,
      memberPrice: line.memberPrice,
      promoCodeId: quote.promoCode?.id ?? null,
      promoCodeText: quote.promoCode?.code ?? null,
      stripeAccount: account,
      expiresAt,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error("the order was not written");
  return order;
}

/**
 * Starts buying tickets: under the event's lock, the quote (the one place that says what anyone
 * pays), the seats held for the buyer (a registration `held` until the hold expires) and the
 * promo code's use are written with the order in one transaction; then Stripe Checkout is asked
 * for a session whose idempotency key is the order's id. A buyer who comes back while their hold
 * is open gets the same checkout again. If Stripe refuses, the seats go back at once.
 */
export async function startCheckout(
  ctx: CheckoutCtx,
  eventId: string,
  input: StartCheckoutInput,
): Promise<CheckoutStart> {
  const guest = ctx.viewer ? null : await checkGuest(ctx, input.guest ?? { name: "", email: "" });
  const now = ctx.clock();
  const held = await ctx.db.transaction(async (tx): Promise<Held> => {
    const userId = guest ? await userIdForEmail(tx, guest.email) : requireViewer(ctx.viewer).id;
    const lock = await lockForRegistration(tx, eventId, userId);
    const { row, membership } = lock;
    if (guest) requireGuestAccess(row);
    else if (eventAccess(row, requireViewer(ctx.viewer), membership) !== "visible") throw notFound();
    const open = await openOrderOf(tx, eventId, userId, now);
    if (open) return { kind: "resume", order: open };

    const quote = refuseQuote(
      await quoteOrder(
        tx,
        {
          eventId,
          ticketTypeId: input.ticketTypeId,
          quantity: input.quantity,
          promoCode: input.promoCode ?? null,
          viewerUserId: userId,
        },
        now,
      ),
    );
    await requireTakingPayments(ctx, tx, row.communityId, quote.totalMinor);
    const expiresAt = new Date(now.getTime() + HOLD_MS);
    const seats = await holdSeats(
      tx,
      ctx.emit,
      lock,
      userId,
      {
        ticketTypeId: input.ticketTypeId,
        answers: input.answers,
        quantity: input.quantity,
        announcements: input.announcements ?? false,
        origin: input.origin ?? null,
      },
      { guestName: guest?.name ?? null, expiresAt },
    );
    if (quote.promoCode) await claimPromoCodeUse(tx, quote.promoCode.id);
    const order = await insertOrder(tx, ctx, row, seats.id, userId, quote, expiresAt, now);
    if (quote.totalMinor === 0) {
      // A code took the whole price: nothing to pay, the seats are theirs now.
      await payForHeld(tx, ctx.emit, seats.id, {
        communityId: row.communityId,
        actorId: guest ? null : userId,
      });
      const [paid] = await tx
        .update(ticketOrder)
        .set({ status: "paid", closedAt: now })
        .where(eq(ticketOrder.id, order.id))
        .returning();
      return { kind: "new", order: paid ?? order, event: row };
    }
    return { kind: "new", order, event: row };
  });

  return openSession(ctx, held, guest?.email ?? ctx.viewer?.email ?? null);
}

/** Stripe's page for a new order (its seats already held); an order to resume or already paid as it is. */
async function openSession(ctx: CheckoutCtx, held: Held, buyerEmail: string | null): Promise<CheckoutStart> {
  if (held.kind === "resume" || held.order.status === "paid") {
    return { order: held.order, url: held.order.checkoutUrl };
  }
  const gateway = ctx.stripe;
  try {
    if (!gateway) throw new DomainError("PAYMENTS_NOT_CONFIGURED", "Payments are not set up on this server.");
    const session = await createCheckoutSession(gateway, held.order, held.event, buyerEmail);
    const [order] = await ctx.db
      .update(ticketOrder)
      .set({ checkoutSessionId: session.id, checkoutUrl: session.url })
      .where(eq(ticketOrder.id, held.order.id))
      .returning();
    return { order: order ?? held.order, url: session.url };
  } catch (error) {
    await releaseOrder(ctx.db, ctx.emit, held.order.id, ctx.clock());
    throw error;
  }
}

/**
 * Pays for seats offered to someone (approved, or next on a paid event's waitlist), from the
 * private link in the offer's mail: the quote for their ticket and quantity, an order for it, and
 * Stripe's page. Starting late in the offer extends the hold to Checkout's half hour.
 */
export async function payForOffer(
  ctx: CheckoutCtx & { authSecret: string },
  token: string,
): Promise<CheckoutStart> {
  const found = await holdOfToken(ctx.db, ctx.authSecret, token);
  if (!found) {
    throw new DomainError("CONFLICT", "This offer has ended: the seats went to the next person in line.");
  }
  const now = ctx.clock();
  const held = await ctx.db.transaction(async (tx): Promise<Held> => {
    const row = await lockEvent(tx, found.eventId);
    const hold = await holdOfToken(tx, ctx.authSecret, token);
    if (!hold?.ticketTypeId || (hold.holdExpiresAt && hold.holdExpiresAt <= now)) {
      throw new DomainError("CONFLICT", "This offer has ended: the seats went to the next person in line.");
    }
    const open = await openOrderOf(tx, row.id, hold.userId, now);
    if (open) return { kind: "resume", order: open };
    const quote = refuseQuote(
      await quoteOrder(
        tx,
        {
          eventId: row.id,
          ticketTypeId: hold.ticketTypeId,
          quantity: hold.quantity,
          viewerUserId: hold.userId,
          heldByBuyer: hold.quantity,
        },
        now,
      ),
    );
    await requireTakingPayments(ctx, tx, row.communityId, quote.totalMinor);
    const least = new Date(now.getTime() + HOLD_MS);
    const expiresAt = hold.holdExpiresAt && hold.holdExpiresAt > least ? hold.holdExpiresAt : least;
    if (!hold.holdExpiresAt || expiresAt > hold.holdExpiresAt) await extendHold(tx, hold.id, expiresAt);
    const order = await insertOrder(tx, ctx, row, hold.id, hold.userId, quote, expiresAt, now);
    return { kind: "new", order, event: row };
  });
  const [person] = await listUsers(ctx.db, [held.order.userId]);
  return openSession(ctx, held, person?.email ?? null);
}

/** An order by its id: the id is the buyer's, carried only in the addresses Stripe sends them back to. */
export async function orderById(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(ticketOrder).where(eq(ticketOrder.id, id)).limit(1);
  return row ?? null;
}

/**
 * The buyer gives up paying: the Checkout Session is expired on Stripe first (so it can no longer
 * be paid), then the seats go back. An order already paid stays paid.
 */
export async function cancelCheckout(
  ctx: Pick<CheckoutCtx, "db" | "emit" | "clock" | "stripe">,
  orderId: string,
): Promise<OrderRow> {
  const order = await orderById(ctx.db, orderId);
  if (!order) throw notFound();
  if (order.status === "paid") throw new DomainError("CONFLICT", "This order is already paid.");
  if (order.status === "open" && order.checkoutSessionId && ctx.stripe) {
    const outcome = await expireCheckoutSession(ctx.stripe, order);
    if (outcome === "complete") {
      throw new DomainError("CONFLICT", "This order was just paid: your tickets are on their way.");
    }
  }
  await releaseOrder(ctx.db, ctx.emit, order.id, ctx.clock());
  return (await orderById(ctx.db, order.id)) ?? order;
}
