import { createHash, randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { getStorageQuotaBytes } from "#server/modules/communities/communities.service.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import type { ByteRange } from "./blob-store.ts";
import { checkTextBuffer, declaredType, prepareImage, readAll, spoolText } from "./files.content.ts";
import {
  bucketNotFound,
  invalidArgument,
  invalidChecksum,
  objectNotFound,
  quotaExceeded,
  unauthenticated,
  unauthorized,
} from "./files.errors.ts";
import type { MetadataPatch, UploadOptions } from "./files.input.ts";
import {
  type Access,
  BUCKET_RULES,
  canRead,
  canWrite,
  isBucket,
  MULTIPART_MAX_BYTES,
  pathOwnerId,
  pathProblem,
  withinQuota,
} from "./files.policy.ts";
import { type FileStorage, fileStorageFor } from "./files.storage.ts";
import { type Bucket, storageObject } from "./files.tables.ts";
import { checkUserQuota } from "./files.user-quota.ts";

export type FilesCtx = { db: Db; viewer: Viewer | null; storage: FileStorage };

type Row = typeof storageObject.$inferSelect;

/** The seed's metadata fields, as the contract serializes them. */
export type ObjectMetadata = {
  bucket: Bucket;
  generation: string;
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string;
  contentLanguage: string | null;
  contentType: string;
  customMetadata: Record<string, string>;
  downloadTokens: string;
  downloadUrl: string;
};

/** The public address of an object's bytes, carrying its first download token. */
export function objectDownloadUrl(meta: {
  bucket: string;
  fullPath: string;
  downloadTokens: string;
}): string {
  const token = meta.downloadTokens.split(",")[0] ?? "";
  return `/api/storage/v0/b/${meta.bucket}/o/${encodeURIComponent(meta.fullPath)}?alt=media&token=${token}`;
}

const toMetadata = (row: Row): ObjectMetadata => ({
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

function target(bucket: string, path: string): { bucket: Bucket; path: string } {
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

async function requireAccess(ctx: FilesCtx, bucket: Bucket, path: string, mode: "read" | "write") {
  const found = await access(ctx, bucket, path);
  if (!found.viewer) throw unauthenticated();
  if (!(mode === "read" ? canRead : canWrite)(bucket, path, found)) throw unauthorized(path);
  return found.viewer;
}

async function findRow(db: Db, bucket: Bucket, path: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(storageObject)
    .where(and(eq(storageObject.bucket, bucket), eq(storageObject.fullPath, path)))
    .limit(1);
  return row;
}

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

/** A valid download token stands in for a session: that is how logos and covers show on pages. */
export async function openDownload(
  ctx: FilesCtx,
  rawBucket: string,
  rawPath: string,
  token: string | null,
): Promise<Download> {
  const { bucket, path } = target(rawBucket, rawPath);
  const row = await findRow(ctx.db, bucket, path);
  const tokenValid = Boolean(token && row?.downloadTokens.split(",").includes(token));
  if (!tokenValid) {
    if (!ctx.viewer && token) throw unauthorized(path);
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

export type UploadPlan = {
  bucket: Bucket;
  path: string;
  communityId: string | null;
  declaredType: string | null;
  options: UploadOptions;
  ownerId: string;
};

/** Everything that can be decided before a byte is stored: path, rights, type, size, quota. */
export async function planUpload(
  ctx: FilesCtx,
  input: { bucket: string; path: string; size: number; options: UploadOptions; uploadId?: string },
): Promise<UploadPlan> {
  const { bucket, path } = target(input.bucket, input.path);
  const viewer = await requireAccess(ctx, bucket, path, "write");
  const type = declaredType(bucket, input.options.contentType);
  const max = ctx.storage.maxBytes(bucket);
  if (!Number.isSafeInteger(input.size) || input.size < 0)
    throw invalidArgument("The upload size is invalid.");
  if (input.size > max) {
    throw invalidArgument(`The file is ${input.size} bytes; '${bucket}' accepts at most ${max} bytes.`);
  }
  const communityId = BUCKET_RULES[bucket].owner === "community" ? pathOwnerId(path) : null;
  if (communityId) {
    const quota = await getStorageQuotaBytes(ctx.db, communityId);
    if (quota === null) throw unauthorized(path);
    await checkQuota(ctx.db, { communityId, bucket, path, newSize: input.size, quota });
  }
  await checkUserQuota(ctx.db, {
    userId: viewer.id,
    bucket,
    path,
    newSize: input.size,
    quota: ctx.storage.userQuota,
    uploadId: input.uploadId,
  });
  return { bucket, path, communityId, declaredType: type, options: input.options, ownerId: viewer.id };
}

async function checkQuota(
  tx: Pick<Db, "select">,
  input: { communityId: string; bucket: Bucket; path: string; newSize: number; quota: number },
) {
  const { communityId, bucket, path, newSize, quota } = input;
  const [usage] = await tx
    .select({
      used: sql<string>`coalesce(sum(${storageObject.size}), 0)`,
      replaced: sql<string>`coalesce(sum(${storageObject.size}) filter (where ${storageObject.bucket} = ${bucket} and ${storageObject.fullPath} = ${path}), 0)`,
    })
    .from(storageObject)
    .where(eq(storageObject.communityId, communityId));
  const used = Number(usage?.used ?? 0);
  const replacedSize = Number(usage?.replaced ?? 0);
  if (!withinQuota({ used, newSize, replacedSize, quota })) throw quotaExceeded();
}

/** One multipart request: files up to 256 KiB. */
export async function uploadSmall(
  ctx: FilesCtx,
  input: { bucket: string; path: string; bytes: Buffer; options: UploadOptions },
): Promise<ObjectMetadata> {
  if (input.bytes.length > MULTIPART_MAX_BYTES) {
    throw invalidArgument(
      `Files larger than ${MULTIPART_MAX_BYTES} bytes must be sent as a resumable upload.`,
    );
  }
  const plan = await planUpload(ctx, { ...input, size: input.bytes.length });
  if (BUCKET_RULES[plan.bucket].kind === "image") {
    const image = await prepareImage(input.bytes, plan.declaredType);
    verifyChecksum(plan, image.originalMd5);
    return commit(ctx, plan, { contentType: image.contentType, data: image.data });
  }
  verifyChecksum(plan, (await checkTextBuffer(input.bytes)).md5Hash);
  return commit(ctx, plan, { contentType: plan.declaredType ?? textType(plan.path), data: input.bytes });
}

/** The last step of a resumable upload, once tus holds all `size` bytes. */
export async function finishUpload(
  ctx: FilesCtx,
  input: {
    bucket: string;
    path: string;
    size: number;
    options: UploadOptions;
    uploadId: string;
    open(): Promise<Readable>;
  },
): Promise<ObjectMetadata> {
  const plan = await planUpload(ctx, input);
  if (BUCKET_RULES[plan.bucket].kind === "image") {
    const image = await prepareImage(await readAll(await input.open(), input.size), plan.declaredType);
    verifyChecksum(plan, image.originalMd5);
    return commit(ctx, plan, { contentType: image.contentType, data: image.data });
  }
  const spooled = await spoolText(await input.open(), input.size, ctx.storage.tmpDir);
  try {
    verifyChecksum(plan, spooled.md5Hash);
  } catch (error) {
    await rm(spooled.file, { force: true });
    throw error;
  }
  return commit(ctx, plan, {
    contentType: plan.declaredType ?? textType(plan.path),
    file: spooled.file,
    size: input.size,
    md5Hash: spooled.md5Hash,
  });
}

const textType = (path: string) => (path.toLowerCase().endsWith(".txt") ? "text/plain" : "text/csv");

function verifyChecksum(plan: UploadPlan, originalMd5: string) {
  if (plan.options.md5Hash && plan.options.md5Hash !== originalMd5) throw invalidChecksum(plan.path);
}

type Bytes =
  | { contentType: string; data: Buffer }
  | { contentType: string; file: string; size: number; md5Hash: string };

/** Microseconds since the epoch: the next generation unless the path already holds a later one. */
const nowMicros = () => Date.now() * 1000 + Number(process.hrtime.bigint() % 1000n);

/**
 * Stores the bytes under a fresh key, then records the object (insert or replace) under a lock on
 * its community (or path), re-checking the quota; the replaced blob is removed after the commit.
 * A crash in between leaves at worst an unreferenced blob, never a row without bytes.
 */
async function commit(ctx: FilesCtx, plan: UploadPlan, bytes: Bytes): Promise<ObjectMetadata> {
  const blobKey = `${plan.bucket}/${randomUUID()}`;
  const size = "data" in bytes ? bytes.data.length : bytes.size;
  const md5Hash = "data" in bytes ? createHash("md5").update(bytes.data).digest("base64") : bytes.md5Hash;
  if ("data" in bytes) await ctx.storage.blobs.putBuffer(blobKey, bytes.data);
  else await ctx.storage.blobs.putFile(blobKey, bytes.file);
  const name = plan.path.split("/").at(-1) ?? plan.path;
  let replaced: string | null = null;
  try {
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const quota = plan.communityId ? await getStorageQuotaBytes(ctx.db, plan.communityId) : null;
    const row = await ctx.db.transaction(async (tx) => {
      const lockKey = `storage:${plan.communityId ?? `${plan.bucket}/${plan.path}`}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      const [existing] = await tx
        .select()
        .from(storageObject)
        .where(and(eq(storageObject.bucket, plan.bucket), eq(storageObject.fullPath, plan.path)))
        .for("update");
      if (plan.communityId) {
        if (quota === null) throw unauthorized(plan.path);
        const { communityId, bucket, path } = plan;
        await checkQuota(tx, { communityId, bucket, path, newSize: size, quota });
      }
      const now = new Date();
      const values = {
        size,
        contentType: bytes.contentType,
        md5Hash,
        generation: Math.max(nowMicros(), (existing?.generation ?? 0) + 1),
        metageneration: 1,
        cacheControl: plan.options.cacheControl ?? null,
        contentDisposition: plan.options.contentDisposition ?? defaultContentDisposition(name),
        contentEncoding: "identity",
        contentLanguage: plan.options.contentLanguage ?? null,
        customMetadata: plan.options.customMetadata ?? {},
        downloadTokens: randomUUID(),
        blobKey,
        ownerId: plan.ownerId,
        timeCreated: now,
        updated: now,
      };
      if (existing) {
        replaced = existing.blobKey;
        const [updated] = await tx
          .update(storageObject)
          .set(values)
          .where(eq(storageObject.id, existing.id))
          .returning();
        return updated;
      }
      const [inserted] = await tx
        .insert(storageObject)
        .values({
          id: randomUUID(),
          bucket: plan.bucket,
          fullPath: plan.path,
          name,
          communityId: plan.communityId,
          ...values,
        })
        .returning();
      return inserted;
    });
    if (!row) throw new Error("storage object write returned no row");
    if (replaced) await ctx.storage.blobs.delete(replaced).catch(() => {});
    return toMetadata(row);
  } catch (error) {
    await ctx.storage.blobs.delete(blobKey).catch(() => {});
    throw error;
  }
}

/**
 * For deleting a community: removes its objects' rows and bytes. Call it with the application's
 * `db` (not inside a transaction) before deleting the community; rows go first, so a failure
 * part-way leaves unreferenced bytes, never an object without bytes.
 */
export async function removeCommunityBlobs(db: Db, communityId: string): Promise<number> {
  const storage = fileStorageFor(db);
  const rows = await db
    .delete(storageObject)
    .where(eq(storageObject.communityId, communityId))
    .returning({ blobKey: storageObject.blobKey });
  for (const row of rows) await storage.blobs.delete(row.blobKey);
  return rows.length;
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
