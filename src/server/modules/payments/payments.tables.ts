import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";

/**
 * A community's connected Stripe account (Connect), as Stripe last told us: the account is created
 * once per community (its idempotency key is the community's id) and its flags are refreshed from
 * Stripe's API, never taken from a webhook's payload alone.
 */
export const paymentAccount = pgTable("payment_account", {
  communityId: text("community_id")
    .primaryKey()
    .references(() => community.id, { onDelete: "cascade" }),
  stripeAccountId: text("stripe_account_id").notNull().unique(),
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const STRIPE_EVENT_OUTCOMES = ["handled", "ignored", "failed"] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];

/**
 * The webhook inbox: every Stripe event stored once by its id as it arrived, then handled by the
 * jobs runtime in the order of `created` per object it touches, with retries and backoff.
 * `next_attempt_at` is when it may be (re)tried; a claim pushes it out by a lease, so a process
 * that dies while handling one leaves it to be tried again. After too many attempts the event is
 * parked (`outcome` failed, `next_attempt_at` infinity) for a person to look at.
 */
export const stripeEvent = pgTable(
  "stripe_event",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The connected account the event belongs to; null for the platform's own. */
    account: text("account"),
    /** The id of the object the event is about (`data.object.id`): events of one object go in order. */
    objectId: text("object_id"),
    /** Stripe's `created`: when the event happened there. */
    created: timestamp("created", { withTimezone: true }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** Arrival order, to order events Stripe stamped with the same second. */
    sequence: bigint("sequence", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    outcome: text("outcome", { enum: STRIPE_EVENT_OUTCOMES }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("stripe_event_due_idx").on(t.nextAttemptAt).where(sql`${t.processedAt} is null`),
    index("stripe_event_object_idx")
      .on(t.objectId, t.created, t.sequence)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * Who sells, as receipts name them: the community's legal name and postal address, and a tax note
 * (e.g. "Prices include 20 % VAT" or a VAT number). Set in settings → payments; a receipt falls
 * back to the community's name when there is no row.
 */
export const billingDetails = pgTable("billing_details", {
  communityId: text("community_id")
    .primaryKey()
    .references(() => community.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull().default(""),
  address: text("address").notNull().default(""),
  taxNote: text("tax_note").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  updatedBy: text("updated_by"),
});

/**
 * Reconciliation's place in each Stripe account's list of events: `scope` is a connected
 * account's id, or `platform` for the operator's own. Every event of the handled types created
 * before `synced_until` is in the inbox. A walk of the list cut short by its page budget keeps
 * where it stopped (`walk_to`, the walk's upper bound, and `walk_after`, the last event read) and
 * goes on from there at the next run. `next_run_at` is when it is due; claiming a scope moves it on
 * by the interval, so processes side by side do not walk the same account at once.
 */
export const stripeSync = pgTable(
  "stripe_sync",
  {
    scope: text("scope").primaryKey(),
    syncedUntil: timestamp("synced_until", { withTimezone: true }).notNull(),
    walkTo: timestamp("walk_to", { withTimezone: true }),
    walkAfter: text("walk_after"),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("stripe_sync_due_idx").on(t.nextRunAt)],
);
