import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { event, ticketType } from "#server/modules/events/events.tables.ts";
import type { RegistrationAnswers } from "#server/modules/events/events.validation.ts";
import { user } from "#server/modules/users/users.tables.ts";
import type { Origin } from "#shared/origins.ts";
import { REGISTRATION_STATUSES } from "./registration-transitions.ts";

export const registration = pgTable(
  "registration",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ticketTypeId: text("ticket_type_id").references(() => ticketType.id, { onDelete: "set null" }),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull(),
    /**
     * The name typed into the one-step guest form. Shown for this registration only: an unproven
     * visitor's words never become the account's name (docs/decisions/007-guest-registration.md).
     */
    guestName: text("guest_name"),
    /**
     * Where the registration came from (an origin of #shared/origins.ts: a named one, or
     * `link:<ref>` for a shared link); null on registrations made before it was recorded: "unknown".
     */
    origin: text("origin").$type<Origin>(),
    /** question id -> chosen or typed values */
    answers: jsonb("answers").$type<RegistrationAnswers>().notNull().default({}),
    /** Secret shown as the QR code at the door. */
    checkInCode: text("check_in_code").notNull().unique(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** Seats this registration takes: one, or the tickets of a paid order. */
    quantity: integer("quantity").notNull().default(1),
    /** While `held`: when the seats go back unless paid for. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** Waitlist order: first in, first promoted. Reset when someone registers again. */
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("registration_event_user_idx").on(t.eventId, t.userId),
    index("registration_event_status_idx").on(t.eventId, t.status, t.queuedAt, t.id),
    index("registration_event_created_idx").on(t.eventId, t.createdAt, t.id),
    index("registration_user_idx").on(t.userId, t.createdAt),
    check("registration_quantity_check", sql`${t.quantity} between 1 and 50`),
    // The sweep of holds whose time ran out reads only held rows.
    index("registration_hold_expiry_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'held'`),
  ],
);

/** An organizer's daily mail of new registrations for one community's events. */
export const registrationDigest = pgTable(
  "registration_digest",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    /** End of the window the last digest covered; the next covers what came after. */
    coveredUntil: timestamp("covered_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.communityId] }),
    index("registration_digest_due_idx").on(t.coveredUntil),
  ],
);
