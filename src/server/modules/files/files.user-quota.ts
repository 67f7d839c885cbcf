import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { StorageError } from "./files.errors.ts";
import { type Bucket, pendingUpload, storageObject } from "./files.tables.ts";

/** What one person may hold: stored bytes plus announced bytes of unfinished uploads, and how many of those. */
export type UserQuota = { bytes: number; openUploads: number };

export const DEFAULT_USER_QUOTA: UserQuota = { bytes: 2 * 1024 ** 3, openUploads: 10 };
/** tus forgets an unfinished upload after a day; so does the quota. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

const userQuotaExceeded = () =>
  new StorageError(
    "storage/quota-exceeded",
    "Your storage quota is used up. Delete some files or finish your other uploads, then try again.",
    402,
  );

const tooManyUploads = (max: number) =>
  new StorageError(
    "storage/quota-exceeded",
    `You already have ${max} uploads in progress. Finish or cancel one, then try again.`,
    402,
  );

type Reader = Pick<Db, "select">;

async function usedBytes(
  db: Reader,
  userId: string,
  options: { bucket: Bucket; path: string; exceptUpload?: string },
) {
  const [stored] = await db
    .select({
      total: sql<string>`coalesce(sum(${storageObject.size}), 0)`,
      replaced: sql<string>`coalesce(sum(${storageObject.size}) filter (where ${storageObject.bucket} = ${options.bucket} and ${storageObject.fullPath} = ${options.path}), 0)`,
    })
    .from(storageObject)
    .where(eq(storageObject.ownerId, userId));
  const live = gt(pendingUpload.createdAt, new Date(Date.now() - UPLOAD_EXPIRY_MS));
  const [pending] = await db
    .select({
      total: sql<string>`coalesce(sum(${pendingUpload.size}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(pendingUpload)
    .where(
      and(
        eq(pendingUpload.uploaderId, userId),
        live,
        options.exceptUpload ? ne(pendingUpload.id, options.exceptUpload) : undefined,
      ),
    );
  return {
    bytes: Number(stored?.total ?? 0) - Number(stored?.replaced ?? 0) + Number(pending?.total ?? 0),
    openUploads: Number(pending?.count ?? 0),
  };
}

/** Whether `newSize` more bytes at this path fit the person's quota (their own upload in progress excluded). */
export async function checkUserQuota(
  db: Reader,
  input: {
    userId: string;
    bucket: Bucket;
    path: string;
    newSize: number;
    quota: UserQuota;
    uploadId?: string;
  },
) {
  const used = await usedBytes(db, input.userId, { ...input, exceptUpload: input.uploadId });
  if (used.bytes + input.newSize > input.quota.bytes) throw userQuotaExceeded();
}

/** Records a resumable upload against its uploader's quota, refusing one too many or too large. */
export async function reserveUpload(
  db: Db,
  input: { id: string; userId: string; bucket: Bucket; path: string; size: number; quota: UserQuota },
) {
  await db.transaction(async (tx) => {
    // One reservation at a time per person, so two parallel starts cannot both take the last bytes.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`upload-quota:${input.userId}`}, 0))`,
    );
    const used = await usedBytes(tx, input.userId, input);
    if (used.openUploads >= input.quota.openUploads) throw tooManyUploads(input.quota.openUploads);
    if (used.bytes + input.size > input.quota.bytes) throw userQuotaExceeded();
    await tx.insert(pendingUpload).values({ id: input.id, uploaderId: input.userId, size: input.size });
  });
}

/** Whether upload `id` still holds its share of the quota, that is, has not been finished or dropped. */
export async function isUploadReserved(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: pendingUpload.id }).from(pendingUpload).where(eq(pendingUpload.id, id));
  return row !== undefined;
}

export async function releaseUpload(db: Db, id: string) {
  await db.delete(pendingUpload).where(eq(pendingUpload.id, id));
}

export async function forgetExpiredUploads(db: Db) {
  await db.delete(pendingUpload).where(lt(pendingUpload.createdAt, new Date(Date.now() - UPLOAD_EXPIRY_MS)));
}
