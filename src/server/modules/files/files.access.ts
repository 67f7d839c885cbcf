import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import type { ObjectMetadata } from "#shared/object-metadata.ts";
import { bucketNotFound, invalidArgument, unauthenticated, unauthorized } from "./files.errors.ts";
import {
  type Access,
  BUCKET_RULES,
  canRead,
  canWrite,
  isBucket,
  pathOwnerId,
  pathProblem,
} from "./files.policy.ts";
import type { FileStorage } from "./files.storage.ts";
import { type Bucket, storageObject } from "./files.tables.ts";

// Shared by reads and uploads: which objects a viewer may reach, and how a row reads as the
// contract's metadata.

export type FilesCtx = { db: Db; viewer: Viewer | null; storage: FileStorage };

export type Row = typeof storageObject.$inferSelect;

/** The public address of an object's bytes, carrying its first download token. */
export function objectDownloadUrl(meta: {
  bucket: string;
  fullPath: string;
  downloadTokens: string;
}): string {
  const token = meta.downloadTokens.split(",")[0] ?? "";
  return `/api/storage/v0/b/${meta.bucket}/o/${encodeURIComponent(meta.fullPath)}?alt=media&token=${token}`;
}

export const toMetadata = (row: Row): ObjectMetadata => ({
  bucket: row.bucket,
  generation: String(row.generation),
  metageneration: String(row.metageneration),
  fullPath: row.fullPath,
  name: row.name,
  size: row.size,
  timeCreated: row.timeCreated.toISOString(),
  updated: row.updated.toISOString(),
  md5Hash: row.md5Hash,
  cacheControl: row.cacheControl,
  contentDisposition: row.contentDisposition,
  contentEncoding: row.contentEncoding ?? "identity",
  contentLanguage: row.contentLanguage,
  contentType: row.contentType,
  customMetadata: row.customMetadata,
  downloadTokens: row.downloadTokens,
  downloadUrl: objectDownloadUrl(row),
});

export function defaultContentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return ascii === name
    ? `inline; filename="${name}"`
    : `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function target(bucket: string, path: string): { bucket: Bucket; path: string } {
  if (!isBucket(bucket)) throw bucketNotFound(bucket);
  const problem = pathProblem(path);
  if (problem) throw invalidArgument(problem);
  return { bucket, path };
}

async function access(ctx: FilesCtx, bucket: Bucket, path: string): Promise<Access> {
  if (!ctx.viewer || BUCKET_RULES[bucket].owner !== "community")
    return { viewer: ctx.viewer, membership: null };
  return { viewer: ctx.viewer, membership: await getMembership(ctx.db, ctx.viewer.id, pathOwnerId(path)) };
}

export async function requireAccess(ctx: FilesCtx, bucket: Bucket, path: string, mode: "read" | "write") {
  const found = await access(ctx, bucket, path);
  if (!found.viewer) throw unauthenticated();
  if (!(mode === "read" ? canRead : canWrite)(bucket, path, found)) throw unauthorized(path);
  return found.viewer;
}

export async function findRow(db: Db, bucket: Bucket, path: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(storageObject)
    .where(and(eq(storageObject.bucket, bucket), eq(storageObject.fullPath, path)))
    .limit(1);
  return row;
}
