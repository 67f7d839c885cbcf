import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { event } from "#server/modules/events/events.tables.ts";
import { membershipPlan } from "#server/modules/membership/plans.tables.ts";
import { registration } from "#server/modules/registrations/registrations.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PURPOSES = ["ticket", "membership", "other"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_METHODS = ["stripe", "cash", "bank_transfer", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What an admin records by hand; `stripe` rows are written from Stripe's own objects. */
export const MANUAL_METHODS = ["cash", "bank_transfer", "other"] as const satisfies readonly PaymentMethod[];
export type ManualMethod = (typeof MANUAL_METHODS)[number];

/**
 * The ledger: every payment of a community, taken through Stripe or recorded by hand, one row each.
 * Money is minor units of `currency` (src/shared/money.ts). What was refunded is the sum of the
 * payment's `payment_refund` rows and net is amount − fee − refunded: neither is stored here, so
 * they cannot disagree with the refunds. `status` is kept by the ledger service from those refunds.
 * Payer name and address are as recorded at the time, whatever the account says later.
 */
export const payment = pgTable(
  "payment",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    payerUserId: text("payer_user_id").references(() => user.id, { onDelete: "set null" }),
    payerName: text("payer_name").notNull(),
    payerEmail: text("payer_email"),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    eventId: text("event_id").references(() => event.id, { onDelete: "set null" }),
    registrationId: text("registration_id").references(() => registration.id, { onDelete: "set null" }),
    /** The membership plan a membership payment paid for. */
    planId: text("plan_id").references(() => membershipPlan.id, { onDelete: "set null" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    feeMinor: bigint("fee_minor", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    /** The provider's id of the money movement (a PaymentIntent for Stripe): one row per id. */
    providerRef: text("provider_ref"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** What the payer search reads: name and address in lower case, one per line (decision 018). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`left(lower(payer_name || E'\\n' || coalesce(payer_email, '')), 600)`),
  },
  (t) => [
    check("payment_amount_positive", sql`${t.amountMinor} > 0`),
    check("payment_fee_in_amount", sql`${t.feeMinor} >= 0 and ${t.feeMinor} <= ${t.amountMinor}`),
    uniqueIndex("payment_provider_ref_idx").on(t.method, t.providerRef),
    // One per filter of the payments table, newest first: keyset pages walk them backwards. The
    // first carries the search text, so a search walking the community reads no rows until its page.
    index("payment_community_created_idx").on(t.communityId, t.createdAt, t.id, t.searchText),
    index("payment_community_status_idx").on(t.communityId, t.status, t.createdAt, t.id),
    index("payment_community_purpose_idx").on(t.communityId, t.purpose, t.createdAt, t.id),
    index("payment_community_event_idx").on(t.communityId, t.eventId, t.createdAt, t.id),
    index("payment_community_plan_idx").on(t.communityId, t.planId, t.createdAt, t.id),
    index("payment_registration_idx").on(t.registrationId),
    index("payment_payer_idx").on(t.payerUserId, t.createdAt),
    // The search's trigrams keyed by community (payment_search_keys, migration 0024), as members'.
    index("payment_search_keys_idx").using(
      "gin",
      sql`payment_search_keys(${t.communityId}, ${t.searchText})`,
    ),
    // The period totals read the rows of a partial hour at either end of the period from here.
    index("payment_community_succeeded_idx")
      .on(t.communityId, t.succeededAt)
      .where(sql`${t.succeededAt} is not null`),
  ],
);

/**
 * Money given back, in part or in full. Never changed once written. The community and currency
 * are the payment's, copied so the totals need no join (and survive the payment's removal with
 * its community).
 */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    communityId: text("community_id").notNull(),
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    reason: text("reason").notNull().default(""),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    providerRef: text("provider_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("payment_refund_amount_positive", sql`${t.amountMinor} > 0`),
    uniqueIndex("payment_refund_provider_ref_idx").on(t.method, t.providerRef),
    index("payment_refund_payment_idx").on(t.paymentId, t.createdAt),
    index("payment_refund_community_created_idx").on(t.communityId, t.createdAt),
  ],
);

/**
 * Payments per community and status, kept exact by statement-level triggers on `payment` (as
 * `member_count` is): the table's total without a search or filters other than status, counted
 * without reading a million rows.
 */
export const paymentCount = pgTable(
  "payment_count",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    payments: integer("payments").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.status] })],
);

/**
 * Payments per community and search text (a payer's name and address), kept exact by
 * statement-level triggers on `payment`. A payer pays again and again under the same text, so
 * whether a search matches more than a thousand payments is told from a tenth as many rows
 * (docs/decisions/018-payments-ledger.md). A text no payment holds any more has no row.
 */
export const paymentSearchCount = pgTable(
  "payment_search_count",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    searchText: text("search_text").notNull(),
    payments: integer("payments").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.searchText] }),
    // The same keys as `payment_search_keys_idx` (migration 0024), one entry per text.
    index("payment_search_count_keys_idx").using(
      "gin",
      sql`payment_search_keys(${t.communityId}, ${t.searchText})`,
    ),
  ],
);

const totalsColumns = {
  communityId: text("community_id")
    .notNull()
    .references(() => community.id, { onDelete: "cascade" }),
  currency: text("currency").notNull(),
  grossMinor: bigint("gross_minor", { mode: "number" }).notNull().default(0),
  feeMinor: bigint("fee_minor", { mode: "number" }).notNull().default(0),
  refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
  payments: integer("payments").notNull().default(0),
  refunds: integer("refunds").notNull().default(0),
};

/**
 * The ledger summed per community, UTC hour and currency, kept exact by statement-level triggers
 * on `payment` and `payment_refund` (docs/decisions/018-payments-ledger.md). A payment counts in
 * the hour it succeeded (gross and fee), a refund in the hour it was made.
 */
export const paymentHourlyTotals = pgTable(
  "payment_hourly_totals",
  { ...totalsColumns, hour: timestamp("hour", { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.communityId, t.hour, t.currency] })],
);

/**
 * The hourly totals summed per UTC day, kept by a trigger on `payment_hourly_totals`: a year's
 * totals read a few hundred rows per currency, the part days at either end from the hours.
 */
export const paymentDailyTotals = pgTable(
  "payment_daily_totals",
  { ...totalsColumns, day: timestamp("day", { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.communityId, t.day, t.currency] })],
);
