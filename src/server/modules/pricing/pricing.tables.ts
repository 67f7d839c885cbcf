import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { event, ticketType } from "#server/modules/events/events.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";

/**
 * A code a buyer types for a discount: a percent or an amount off each ticket, for one event (or
 * one of its ticket types) or for every event of the community.
 */
export const promoCode = pgTable(
  "promo_code",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    /** Null: every event of the community. */
    eventId: text("event_id").references(() => event.id, { onDelete: "cascade" }),
    /** Only this ticket type of the event; a code must not widen when its ticket type goes. */
    ticketTypeId: text("ticket_type_id").references(() => ticketType.id, { onDelete: "cascade" }),
    /** As the organizer typed it; matched without regard to case. */
    code: text("code").notNull(),
    percentOff: integer("percent_off"),
    /** Minor units of `currency` off each ticket. */
    amountOffMinor: integer("amount_off_minor"),
    /** The community's when the code was made; an amount off applies to tickets in it only. */
    currency: text("currency").notNull(),
    /** Orders it may be used for; null: no limit. */
    maxUses: integer("max_uses"),
    /** Claimed by checkout under the row's lock (`claimPromoCodeUse`). */
    uses: integer("uses").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_code_community_code_idx").on(t.communityId, sql`lower(${t.code})`),
    index("promo_code_community_created_idx").on(t.communityId, t.createdAt, t.id),
    index("promo_code_event_idx").on(t.eventId),
    check("promo_code_one_discount_check", sql`(${t.percentOff} is null) <> (${t.amountOffMinor} is null)`),
    check("promo_code_percent_check", sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check("promo_code_amount_check", sql`${t.amountOffMinor} is null or ${t.amountOffMinor} > 0`),
    check("promo_code_uses_check", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} >= 1)`),
    check(
      "promo_code_window_check",
      sql`${t.startsAt} is null or ${t.expiresAt} is null or ${t.startsAt} < ${t.expiresAt}`,
    ),
  ],
);
