import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { ROLES } from "#shared/capabilities.ts";

/**
 * An invitation to join a community with a role. The link's token is never stored: `token_hash`
 * is its SHA-256, and the token itself is an HMAC under the server's secret of the id and
 * `issued_at` (so the outbox can render the mail, and a resend, which moves `issued_at`, retires
 * the previous link).
 */
export const invitation = pgTable(
  "invitation",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    /** Lower-cased and trimmed. */
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    // One open invitation per address and community: inviting again resends that one.
    uniqueIndex("invitation_open_email_idx")
      .on(t.communityId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("invitation_community_idx").on(t.communityId, t.createdAt),
  ],
);

/**
 * Someone who follows a community's events without joining it ("Subscribe" on its page): they
 * get a mail when it publishes a public event. Following gives no access to anything.
 */
export const communityFollower = pgTable(
  "community_follower",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index("community_follower_user_idx").on(t.userId),
  ],
);
