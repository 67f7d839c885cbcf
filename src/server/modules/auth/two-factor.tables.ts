import { bigint, boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "#server/modules/users/users.tables.ts";

/**
 * better-auth's two-factor model (its `twoFactor` table): the authenticator app's secret and the
 * recovery codes, both encrypted with the auth secret, and the account-level lock on failed tries.
 * `lastUsedStep` is ours: the 30-second step of the last accepted app code, so a code is accepted
 * once (two-factor-replay.ts).
 */
export const twoFactor = pgTable("two_factor", {
  id: text("id").primaryKey(),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  verified: boolean("verified").notNull().default(true),
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
});
