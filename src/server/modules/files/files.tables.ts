import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";

export const BUCKETS = ["community-assets", "event-images", "avatars", "member-imports"] as const;
export type Bucket = (typeof BUCKETS)[number];

/** One stored object with the seed's metadata; bytes live in the blob store under `blobKey`. */
export const storageObject = pgTable(
  "storage_object",
  {
    id: text("id").primaryKey(),
    bucket: text("bucket", { enum: BUCKETS }).notNull(),
    fullPath: text("full_path").notNull(),
    name: text("name").notNull(),
    // The community whose quota this object counts against (null for personal objects such as avatars).
    communityId: text("community_id").references(() => community.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    md5Hash: text("md5_hash").notNull(),
    generation: bigint("generation", { mode: "number" }).notNull(),
    metageneration: integer("metageneration").notNull().default(1),
    cacheControl: text("cache_control"),
    contentDisposition: text("content_disposition"),
    contentEncoding: text("content_encoding"),
    contentLanguage: text("content_language"),
    customMetadata: jsonb("custom_metadata").$type<Record<string, string>>().notNull().default({}),
    downloadTokens: text("download_tokens").notNull(),
    blobKey: text("blob_key").notNull(),
    timeCreated: timestamp("time_created", { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp("updated", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("storage_object_bucket_path_idx").on(t.bucket, t.fullPath),
    index("storage_object_community_idx").on(t.communityId),
    index("storage_object_owner_idx").on(t.ownerId),
  ],
);

/** A community's storage quota where it differs from the default (files.community-quota.ts). */
export const communityStorageQuota = pgTable("community_storage_quota", {
  communityId: text("community_id")
    .primaryKey()
    .references(() => community.id, { onDelete: "cascade" }),
  quotaBytes: bigint("quota_bytes", { mode: "number" }).notNull(),
});

/**
 * Resumable uploads begun but not finished, with the size they announced: they count against
 * their uploader's quota until they finish, are cancelled or expire (a day).
 */
export const pendingUpload = pgTable(
  "pending_upload",
  {
    id: text("id").primaryKey(),
    uploaderId: text("uploader_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pending_upload_uploader_idx").on(t.uploaderId, t.createdAt)],
);
