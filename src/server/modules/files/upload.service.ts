import { createHash, randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { ObjectMetadata } from "#shared/object-metadata.ts";
import {
  defaultContentDisposition,
  type FilesCtx,
  requireAccess,
  target,
  toMetadata,
} from "./files.access.ts";
import { checkCommunityQuota, communityQuotaBytes } from "./files.community-quota.ts";
import { checkTextBuffer, declaredType, prepareImage, readAll, spoolText } from "./files.content.ts";
import { invalidArgument, invalidChecksum } from "./files.errors.ts";
import type { UploadOptions } from "./files.input.ts";
import { BUCKET_RULES, MULTIPART_MAX_BYTES, pathOwnerId } from "./files.policy.ts";
import { type Bucket, storageObject } from "./files.tables.ts";
import { checkUserQuota } from "./files.user-quota.ts";

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
    const quota = await communityQuotaBytes(ctx.db, communityId);
    await checkCommunityQuota(ctx.db, { communityId, bucket, path, newSize: input.size, quota });
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
    const quota = plan.communityId ? await communityQuotaBytes(ctx.db, plan.communityId) : null;
    const row = await ctx.db.transaction(async (tx) => {
      const lockKey = `storage:${plan.communityId ?? `${plan.bucket}/${plan.path}`}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      const [existing] = await tx
        .select()
        .from(storageObject)
        .where(and(eq(storageObject.bucket, plan.bucket), eq(storageObject.fullPath, plan.path)))
        .for("update");
      if (plan.communityId && quota !== null) {
        const { communityId, bucket, path } = plan;
        await checkCommunityQuota(tx, { communityId, bucket, path, newSize: size, quota });
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
