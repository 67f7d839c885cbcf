import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { QUESTION_KINDS } from "#shared/questions.ts";

export const EVENT_STATUSES = ["draft", "published", "canceled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_VISIBILITIES = ["public", "members", "unlisted"] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

export const event = pgTable(
  "event",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    venueName: text("venue_name"),
    venueAddress: text("venue_address"),
    onlineUrl: text("online_url"),
    coverUrl: text("cover_url"),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("draft"),
    visibility: text("visibility", { enum: EVENT_VISIBILITIES }).notNull().default("public"),
    /** Null means unlimited. */
    capacity: integer("capacity"),
    waitlistEnabled: boolean("waitlist_enabled").notNull().default(true),
    /** How long the next in line has to pay for a paid seat offered to them (1 to 168 hours). */
    waitlistOfferHours: integer("waitlist_offer_hours").notNull().default(12),
    approvalRequired: boolean("approval_required").notNull().default(false),
    /** Guests must prove their email with a code before registering (no one-step guest form). */
    requireVerifiedEmail: boolean("require_verified_email").notNull().default(false),
    /** Visitors see who is going (avatars and a count); never shown for members-only events. */
    guestListVisible: boolean("guest_list_visible").notNull().default(true),
    // Counters kept in the same transaction as registration changes: lists never count rows.
    goingCount: integer("going_count").notNull().default(0),
    waitlistCount: integer("waitlist_count").notNull().default(0),
    pendingCount: integer("pending_count").notNull().default(0),
    checkedInCount: integer("checked_in_count").notNull().default(0),
    /** Seats kept for buyers who are paying (registrations `held`): taken, but not yet going. */
    heldCount: integer("held_count").notNull().default(0),
    cancelMessage: text("cancel_message"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
  },
  (t) => [
    // Upcoming/past lists page by (starts_at, id) within a community and status.
    index("event_community_status_starts_idx").on(t.communityId, t.status, t.startsAt, t.id),
    index("event_community_created_idx").on(t.communityId, t.createdAt, t.id),
    index("event_title_search_idx").using("gin", sql`to_tsvector('simple', ${t.title})`),
  ],
);

export const ticketType = pgTable(
  "ticket_type",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Minor units of `currency` (the community's when it was saved); 0 is free. */
    priceMinor: integer("price_minor").notNull().default(0),
    /** What the community's active members pay instead, at most the price; null: the price. */
    memberPriceMinor: integer("member_price_minor"),
    currency: text("currency").notNull(),
    /** Tickets of this type one order may hold (1 to 50). */
    maxPerOrder: integer("max_per_order").notNull().default(10),
    /** Null means no limit of its own (the event capacity still applies). */
    quantity: integer("quantity"),
    goingCount: integer("going_count").notNull().default(0),
    heldCount: integer("held_count").notNull().default(0),
    salesStartAt: timestamp("sales_start_at", { withTimezone: true }),
    salesEndAt: timestamp("sales_end_at", { withTimezone: true }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("ticket_type_event_idx").on(t.eventId, t.position),
    check("ticket_type_price_check", sql`${t.priceMinor} >= 0`),
    check(
      "ticket_type_member_price_check",
      sql`${t.memberPriceMinor} is null or (${t.memberPriceMinor} >= 0 and ${t.memberPriceMinor} <= ${t.priceMinor})`,
    ),
    check("ticket_type_max_per_order_check", sql`${t.maxPerOrder} between 1 and 50`),
    check(
      "ticket_type_sales_window_check",
      sql`${t.salesStartAt} is null or ${t.salesEndAt} is null or ${t.salesStartAt} < ${t.salesEndAt}`,
    ),
  ],
);

export const registrationQuestion = pgTable(
  "registration_question",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUESTION_KINDS }).notNull(),
    label: text("label").notNull(),
    required: boolean("required").notNull().default(false),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("registration_question_event_idx").on(t.eventId, t.position)],
);
