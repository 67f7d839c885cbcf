import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { event, ticketType } from "#server/modules/events/events.tables.ts";
import { promoCode } from "#server/modules/pricing/pricing.tables.ts";
import { registration } from "#server/modules/registrations/registrations.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";

export const ORDER_STATUSES = ["open", "paid", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * One attempt to buy tickets: the quote as charged (computed on the server), the seats it holds
 * (its registration, `held` while open) and the Stripe Checkout Session paying for it. Its id is
 * the Checkout Session's idempotency key, so a retried start never makes a second session. An open
 * order ends paid (the session completed, confirmed against Stripe's API) or expired (the session
 * expired on Stripe, or was never made, and the seats went back).
 */
export const ticketOrder = pgTable(
  "ticket_order",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    registrationId: text("registration_id")
      .notNull()
      .references(() => registration.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ticketTypeId: text("ticket_type_id").references(() => ticketType.id, { onDelete: "set null" }),
    /** As the buyer saw them when they paid: the ticket type may be renamed later. */
    ticketName: text("ticket_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceMinor: bigint("unit_price_minor", { mode: "number" }).notNull(),
    subtotalMinor: bigint("subtotal_minor", { mode: "number" }).notNull(),
    discountMinor: bigint("discount_minor", { mode: "number" }).notNull().default(0),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** Whether the member price was charged. */
    memberPrice: boolean("member_price").notNull().default(false),
    promoCodeId: text("promo_code_id").references(() => promoCode.id, { onDelete: "set null" }),
    promoCodeText: text("promo_code_text"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("open"),
    /** The connected account charged (null: the platform's own, STRIPE_CONNECT=off). */
    stripeAccount: text("stripe_account"),
    checkoutSessionId: text("checkout_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    /** The ledger's row once paid. */
    paymentId: text("payment_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check("ticket_order_quantity_check", sql`${t.quantity} between 1 and 50`),
    check("ticket_order_total_check", sql`${t.totalMinor} >= 0 and ${t.totalMinor} <= ${t.subtotalMinor}`),
    index("ticket_order_due_idx").on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index("ticket_order_registration_idx").on(t.registrationId, t.createdAt),
  ],
);
