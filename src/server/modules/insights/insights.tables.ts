import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The insights rollups (docs/decisions/029-insights.md): a pure function of the domain-event log,
// kept by the insights subscriber entry by entry and rebuilt from the log in a few set-based
// statements. Days are the community's days (its IANA time zone) as `date`s; weeks start on
// Monday; months are their first day. No foreign keys, like the log they are read from.

/** One person's standing as a member of a community, as the log tells it. */
export const insightsMember = pgTable(
  "insights_member",
  {
    communityId: text("community_id").notNull(),
    userId: text("user_id").notNull(),
    /** The day of the first join ever: the person's cohort is its month. */
    firstJoinedOn: date("first_joined_on", { mode: "string" }).notNull(),
    /** The day the current membership began; null while the person is not a member (left, removed, banned). */
    joinedOn: date("joined_on", { mode: "string" }),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);

/** Joins and leaves per community day and origin: the member growth chart and the headline counts. */
export const insightsMemberDay = pgTable(
  "insights_member_day",
  {
    communityId: text("community_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** An origin (#shared/origins.ts): a named one, or `link:<ref>` for a shared link. */
    origin: text("origin").notNull(),
    joined: integer("joined").notNull().default(0),
    left: integer("left").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.day, t.origin] })],
);

/** Registrations made per community day and origin (a held order counts once it is paid). */
export const insightsRegistrationDay = pgTable(
  "insights_registration_day",
  {
    communityId: text("community_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    origin: text("origin").notNull(),
    registrations: integer("registrations").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.day, t.origin] })],
);

/** The days on which a person registered or checked in: active people, counted distinct. */
export const insightsActiveDay = pgTable(
  "insights_active_day",
  {
    communityId: text("community_id").notNull(),
    userId: text("user_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /**
     * The person's active day before this one (null for their first). The reads count people from
     * `insights_active_gap`, these rows grouped by (day, previous day); the rows themselves are
     * only walked per person, through the primary key.
     */
    previousDay: date("previous_day", { mode: "string" }),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId, t.day] })],
);

/**
 * `insights_active_day` folded by (day, previous day): how many people had an active day on `day`
 * whose previous one was `previous_day` ('-infinity' for none). The people active within a range
 * are the sum over its days of the rows whose previous day lies before it, read from far fewer
 * rows than the active days themselves. Rows reaching zero are deleted.
 */
export const insightsActiveGap = pgTable(
  "insights_active_gap",
  {
    communityId: text("community_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    previousDay: date("previous_day", { mode: "string" }).notNull(),
    people: integer("people").notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.day, t.previousDay] })],
);

/** Distinct active people per day, week and month, kept as `insights_active_day` gains rows. */
export const insightsActiveCount = pgTable(
  "insights_active_count",
  {
    communityId: text("community_id").notNull(),
    unit: text("unit", { enum: ["day", "week", "month"] }).notNull(),
    bucket: date("bucket", { mode: "string" }).notNull(),
    people: integer("people").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.unit, t.bucket] })],
);

/** A check-in that stands (an undone one is deleted), with the community month it fell in. */
export const insightsAttendance = pgTable(
  "insights_attendance",
  {
    communityId: text("community_id").notNull(),
    userId: text("user_id").notNull(),
    eventId: text("event_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId, t.eventId] }),
    index("insights_attendance_month_idx").on(t.communityId, t.userId, t.month),
  ],
);

/** Cohort retention: members who first joined in `cohort`, and how many of them attended in `month`. */
export const insightsCohort = pgTable(
  "insights_cohort",
  {
    communityId: text("community_id").notNull(),
    cohort: date("cohort", { mode: "string" }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
    members: integer("members").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.cohort, t.month] })],
);

/** Money per community day, currency and purpose, from `payment.succeeded` and `payment.refunded`. */
export const insightsRevenueDay = pgTable(
  "insights_revenue_day",
  {
    communityId: text("community_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    purpose: text("purpose").notNull(),
    grossMinor: bigint("gross_minor", { mode: "number" }).notNull().default(0),
    refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
    feeMinor: bigint("fee_minor", { mode: "number" }).notNull().default(0),
    payments: integer("payments").notNull().default(0),
    refunds: integer("refunds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.day, t.currency, t.purpose] })],
);

/** Members per cohort (the month of their first join): the cohort table's first column. */
export const insightsCohortSize = pgTable(
  "insights_cohort_size",
  {
    communityId: text("community_id").notNull(),
    cohort: date("cohort", { mode: "string" }).notNull(),
    members: integer("members").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.cohort] })],
);

/**
 * The origin of a registration created `held` (seats kept while the buyer pays): it counts as a
 * registration only once it is paid for or otherwise leaves `held`, with the origin it was made with.
 */
export const insightsHeldOrigin = pgTable(
  "insights_held_origin",
  {
    registrationId: text("registration_id").primaryKey(),
    communityId: text("community_id").notNull(),
    origin: text("origin").notNull(),
  },
  (t) => [index("insights_held_origin_community_idx").on(t.communityId)],
);

/** A rebuild asked of the jobs runtime: one community's rollups, or all of them (null). */
export const insightsRebuildRequest = pgTable("insights_rebuild_request", {
  id: text("id").primaryKey(),
  communityId: text("community_id"),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Views of an event's public page per community day, counted in memory and added here a few
 * seconds at a time (`event-views.service.ts`), so a popular page costs no write per view.
 */
export const insightsEventViews = pgTable(
  "insights_event_views",
  {
    eventId: text("event_id").notNull(),
    communityId: text("community_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] })],
);
