import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { ObjectMetadata } from "#shared/object-metadata.ts";
import type { ByteRange } from "./blob-store.ts";
import {
  defaultContentDisposition,
  type FilesCtx,
  findRow,
  objectDownloadUrl,
  requireAccess,
  target,
  toMetadata,
} from "./files.access.ts";
import { objectNotFound, unauthorized } from "./files.errors.ts";
import type { MetadataPatch } from "./files.input.ts";
import { BUCKET_RULES } from "./files.policy.ts";
import { type FileStorage, fileStorageFor } from "./files.storage.ts";
import { type Bucket, storageObject } from "./files.tables.ts";

export async function getMetadata(
  ctx: FilesCtx,
  rawBucket: string,
  rawPath: string,
): Promise<ObjectMetadata> {
  const { bucket, path } = target(rawBucket, rawPath);
  await requireAccess(ctx, bucket, path, "read");
  const row = await findRow(ctx.db, bucket, path);
  if (!row) throw objectNotFound(path);
  return toMetadata(row);
}

export type Download = {
  meta: ObjectMetadata;
  read(range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
};

/**
 * A valid download token stands in for a session where the bucket allows it: that is how logos and
 * covers show on pages.
 */
export async function openDownload(
  ctx: FilesCtx,
  rawBucket: string,
  rawPath: string,
  token: string | null,
): Promise<Download> {
  const { bucket, path } = target(rawBucket, rawPath);
  const row = await findRow(ctx.db, bucket, path);
  const tokenValid =
    BUCKET_RULES[bucket].tokenReads && Boolean(token && row?.downloadTokens.split(",").includes(token));
  if (!tokenValid) {
    if (!ctx.viewer && token && BUCKET_RULES[bucket].tokenReads) throw unauthorized(path);
    await requireAccess(ctx, bucket, path, "read");
  }
  if (!row) throw objectNotFound(path);
  return { meta: toMetadata(row), read: (range) => ctx.storage.blobs.read(row.blobKey, range) };
}

export async function deleteObject(ctx: FilesCtx, rawBucket: string, rawPath: string): Promise<void> {
  const { bucket, path } = target(rawBucket, rawPath);
  await requireAccess(ctx, bucket, path, "write");
  const [row] = await ctx.db
    .delete(storageObject)
    .where(and(eq(storageObject.bucket, bucket), eq(storageObject.fullPath, path)))
    .returning({ blobKey: storageObject.blobKey });
  if (!row) throw objectNotFound(path);
  await ctx.storage.blobs.delete(row.blobKey);
}

export async function updateMetadata(
  ctx: FilesCtx,
  rawBucket: string,
  rawPath: string,
  patch: MetadataPatch,
): Promise<ObjectMetadata> {
  const { bucket, path } = target(rawBucket, rawPath);
  await requireAccess(ctx, bucket, path, "write");
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(storageObject)
      .where(and(eq(storageObject.bucket, bucket), eq(storageObject.fullPath, path)))
      .for("update");
    if (!current) throw objectNotFound(path);
    let custom = current.customMetadata;
    if (patch.customMetadata === null) custom = {};
    else if (patch.customMetadata) {
      custom = { ...custom };
      for (const [key, value] of Object.entries(patch.customMetadata)) {
        if (value === null) delete custom[key];
        else custom[key] = value;
      }
    }
    const [updated] = await tx
      .update(storageObject)
      .set({
        ...(patch.cacheControl !== undefined ? { cacheControl: patch.cacheControl } : {}),
        ...(patch.contentLanguage !== undefined ? { contentLanguage: patch.contentLanguage } : {}),
        ...(patch.contentDisposition !== undefined
          ? { contentDisposition: patch.contentDisposition ?? defaultContentDisposition(current.name) }
          : {}),
        customMetadata: custom,
        metageneration: sql`${storageObject.metageneration} + 1`,
        updated: new Date(),
      })
      .where(eq(storageObject.id, current.id))
      .returning();
    return updated;
  });
  if (!row) throw objectNotFound(path);
  return toMetadata(row);
}

/**
 * For a deleted community (the files subscriber of the log): removes its objects' rows and bytes.
 * Bytes go after the rows, so a failure part-way leaves unreferenced bytes, never an object
 * without bytes; inside the subscriber's transaction a failure rolls the rows back for a retry.
 */
export async function removeCommunityBlobs(
  db: Db,
  communityId: string,
  storage: FileStorage = fileStorageFor(db),
): Promise<number> {
  const rows = await db
    .delete(storageObject)
    .where(eq(storageObject.communityId, communityId))
    .returning({ blobKey: storageObject.blobKey });
  for (const row of rows) await storage.blobs.delete(row.blobKey);
  return rows.length;
}

/**
 * Removes one object's row and bytes for the server's own clean-up, with no viewer (the files
 * subscriber, when a member import has ended). Bytes go after the row, as for a community's files.
 */
export async function removeStoredObject(
  db: Db,
  bucket: Bucket,
  path: string,
  storage: FileStorage = fileStorageFor(db),
): Promise<boolean> {
  const [row] = await db
    .delete(storageObject)
    .where(and(eq(storageObject.bucket, bucket), eq(storageObject.fullPath, path)))
    .returning({ blobKey: storageObject.blobKey });
  if (row) await storage.blobs.delete(row.blobKey);
  return Boolean(row);
}

/**
 * The public download URL of an image this community stored in `community-assets`, or null when
 * no such image exists under the community's own folder.
 */
export async function communityAssetUrl(
  db: Db,
  communityId: string,
  fullPath: string,
): Promise<string | null> {
  if (!fullPath.startsWith(`${communityId}/`)) return null;
  const [row] = await db
    .select({
      bucket: storageObject.bucket,
      fullPath: storageObject.fullPath,
      downloadTokens: storageObject.downloadTokens,
      contentType: storageObject.contentType,
    })
    .from(storageObject)
    .where(and(eq(storageObject.bucket, "community-assets"), eq(storageObject.fullPath, fullPath)))
    .limit(1);
  return row?.contentType.startsWith("image/") ? objectDownloadUrl(row) : null;
}

/**
 * An object's size and bytes for the server's own background work (a member import reading its
 * file), with no viewer: the caller has authorized the work when it was started. Null if absent.
 */
export async function storedObject(
  db: Db,
  bucket: Bucket,
  path: string,
): Promise<{ size: number; read(): Promise<ReadableStream<Uint8Array>> } | null> {
  const row = await findRow(db, bucket, path);
  if (!row) return null;
  const storage = fileStorageFor(db);
  return { size: row.size, read: () => storage.blobs.read(row.blobKey) };
}
