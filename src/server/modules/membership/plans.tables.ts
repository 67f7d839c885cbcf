import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { PLAN_INTERVALS } from "#shared/plans.ts";

/**
 * A membership plan a community offers: what it costs and how often, what it gives (members-only
 * events, member ticket prices) and whether an admin approves people first. Plans are archived,
 * never deleted: memberships and payments keep naming them.
 */
export const membershipPlan = pgTable(
  "membership_plan",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Whole minor units of `currency`; 0 exactly when the interval is `free`. */
    priceMinor: integer("price_minor").notNull(),
    /** The community's when the plan was made. */
    currency: text("currency").notNull(),
    interval: text("interval", { enum: PLAN_INTERVALS }).notNull(),
    membersOnlyEvents: boolean("members_only_events").notNull(),
    memberPrices: boolean("member_prices").notNull(),
    approvalRequired: boolean("approval_required").notNull(),
    /** Archived plans take no new members; those holding one keep it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Order on the community page and in settings, lowest first. */
    position: integer("position").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("membership_plan_community_idx").on(t.communityId, t.position),
    check(
      "membership_plan_price_check",
      sql`${t.priceMinor} between 0 and 99999999 and ((${t.interval} = 'free') = (${t.priceMinor} = 0))`,
    ),
  ],
);
