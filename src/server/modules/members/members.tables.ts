import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { ROLES } from "#shared/capabilities.ts";

export const MEMBERSHIP_STATUSES = ["active", "pending", "banned"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBERSHIP_SOURCES = ["created", "joined", "invited", "imported", "event"] as const;
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number];

export const membership = pgTable(
  "membership",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    status: text("status", { enum: MEMBERSHIP_STATUSES }).notNull(),
    source: text("source", { enum: MEMBERSHIP_SOURCES }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("membership_community_user_idx").on(t.communityId, t.userId),
    index("membership_user_idx").on(t.userId, t.status),
  ],
);
