import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { ROLES } from "#shared/capabilities.ts";
import type { Answers } from "#shared/questions.ts";

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
    /** Answers to the community's join questions, as given with the request. */
    answers: jsonb("answers").$type<Answers>().notNull().default({}),
    /** When and by whom a join request was approved, or a member banned. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("membership_community_user_idx").on(t.communityId, t.userId),
    index("membership_user_idx").on(t.userId, t.status),
    // The join-request queue and its count stay small whatever the community's size.
    index("membership_pending_idx").on(t.communityId, t.joinedAt).where(sql`${t.status} = 'pending'`),
  ],
);
