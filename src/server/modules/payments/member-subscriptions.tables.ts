import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { membershipPlan } from "#server/modules/membership/plans.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import type { Origin } from "#shared/origins.ts";
import { PLAN_INTERVALS } from "#shared/plans.ts";

export const SUBSCRIPTION_STATUSES = [
  /** A checkout was started; nothing is paid yet. */
  "checkout",
  "active",
  "past_due",
  /** Canceled at the period's end: paid up until then. */
  "canceling",
  "ended",
  /** The checkout expired or was replaced unpaid. */
  "abandoned",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * One person's purchase of a priced membership plan through Stripe: made before the checkout (its
 * id is the Idempotency-Key of every Stripe call that could charge for it and travels in Stripe's
 * metadata), then kept in step with what Stripe's API says of the checkout and the subscription.
 * The terms (amount, currency, interval) are those bought; a later change of the plan's price
 * applies to new purchases only.
 */
export const memberSubscription = pgTable(
  "member_subscription",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => membershipPlan.id, { onDelete: "cascade" }),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval", { enum: PLAN_INTERVALS }).notNull(),
    /** The connected account the checkout ran on; null: the platform's own (STRIPE_CONNECT=off). */
    stripeAccount: text("stripe_account"),
    checkoutSessionId: text("checkout_session_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    /** When the paid period ends: the next renewal, or the end of a canceled subscription. */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Where the buyer came from (`#shared/origins.ts`): the membership it starts joins from there. */
    origin: text("origin").$type<Origin>(),
  },
  (t) => [
    index("member_subscription_person_idx").on(t.communityId, t.userId, t.createdAt),
    index("member_subscription_user_idx").on(t.userId),
    // One checkout under way per person and community: a second click gets the same one.
    uniqueIndex("member_subscription_open_checkout_idx")
      .on(t.communityId, t.userId)
      .where(sql`${t.status} = 'checkout'`),
  ],
);
