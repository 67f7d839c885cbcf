import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { ROLES } from "#shared/capabilities.ts";

export const IMPORT_MODES = ["invite", "add"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const REJECT_REASONS = ["INVALID_EMAIL", "DUPLICATE_IN_FILE", "BANNED", "MISSING_EMAIL"] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Which column (0-based) holds what; only the email column is required. */
export type ImportMapping = { email: number; name: number | null; tags: number | null };

/**
 * A CSV import of members, run in batches by the jobs runtime. `next_record` is the number of data
 * records already handled, written in the same transaction as each batch's memberships: a process
 * killed mid-import leaves the position of the last committed batch, and whoever claims the import
 * next (its lease ran out) starts there.
 */
export const memberImport = pgTable(
  "member_import",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** The file's path in the `member-imports` bucket. */
    filePath: text("file_path").notNull(),
    mapping: jsonb("mapping").$type<ImportMapping>().notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    role: text("role", { enum: ROLES }).notNull(),
    mode: text("mode", { enum: IMPORT_MODES }).notNull(),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("queued"),
    /** Data records in the file (header excluded); null until the runner has counted them. */
    totalRows: integer("total_rows"),
    nextRecord: integer("next_record").notNull().default(0),
    added: integer("added").notNull().default(0),
    invited: integer("invited").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** Why the whole import stopped (an unreadable file), shown to the admin. */
    error: text("error"),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("member_import_community_idx").on(t.communityId, t.createdAt),
    index("member_import_open_idx").on(t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** A row of the file that was not imported, for the report. */
export const memberImportRejection = pgTable(
  "member_import_rejection",
  {
    importId: text("import_id")
      .notNull()
      .references(() => memberImport.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    email: text("email").notNull(),
    reason: text("reason", { enum: REJECT_REASONS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

/** Addresses already seen in an import's file: a later row with one is a duplicate, across batches. */
export const memberImportEmail = pgTable(
  "member_import_email",
  {
    importId: text("import_id")
      .notNull()
      .references(() => memberImport.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.email] })],
);
