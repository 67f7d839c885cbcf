import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// better-auth writes this table (its core `user` model); everyone else reads it through users.service.
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    // better-auth's phone-number plugin: E.164, set only once a code sent to it was entered.
    phoneNumber: text("phone_number").unique(),
    phoneNumberVerified: boolean("phone_number_verified"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written by better-auth's two-factor plugin: a confirmed second factor is asked at sign-in. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /**
     * Set when the person deleted their account: the row stays, emptied of everything personal,
     * so what other people and communities keep (past attendance, the ledger) still adds up
     * (docs/decisions/024-account-deletion.md).
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // Partial, case-insensitive search on name and email (the member table): pg_trgm, on both databases.
    index("user_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("user_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    // The member table sorted by name: walked in name order, each person's membership probed.
    index("user_sort_name_idx").on(sql`lower(${t.name})`, t.id),
  ],
);
