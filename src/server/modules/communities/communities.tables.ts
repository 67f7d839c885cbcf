import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "#server/modules/users/users.tables.ts";
import type { Question } from "#shared/questions.ts";

export const VISIBILITIES = ["public", "private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const JOIN_POLICIES = ["open", "approval", "invite"] as const;
export type JoinPolicy = (typeof JOIN_POLICIES)[number];

export const community = pgTable("community", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  timeZone: text("time_zone").notNull(),
  currency: text("currency").notNull(),
  visibility: text("visibility", { enum: VISIBILITIES }).notNull(),
  joinPolicy: text("join_policy", { enum: JOIN_POLICIES }).notNull(),
  logoUrl: text("logo_url"),
  coverUrl: text("cover_url"),
  brandColor: text("brand_color"),
  /** Asked of people requesting to join (approval policy); their answers stay on the membership. */
  joinQuestions: jsonb("join_questions").$type<Question[]>().notNull().default([]),
  /** Whether active members may see who else is a member (names only), on the community page. */
  memberDirectory: boolean("member_directory").notNull().default(false),
  // Kept in the same transaction as membership changes so cards never count rows.
  memberCount: integer("member_count").notNull().default(0),
  /**
   * Whether the community offers membership plans (kept by the plans service): people then join
   * with a plan, never on the side of an event registration.
   */
  plansOffered: boolean("plans_offered").notNull().default(false),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
