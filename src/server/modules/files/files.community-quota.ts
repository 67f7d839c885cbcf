import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { quotaExceeded } from "./files.errors.ts";
import { withinQuota } from "./files.policy.ts";
import { type Bucket, communityStorageQuota, storageObject } from "./files.tables.ts";

/** The most bytes a community's stored files may take unless it has a quota of its own. */
export const DEFAULT_COMMUNITY_QUOTA_BYTES = 1024 * 1024 * 1024;

export async function communityQuotaBytes(db: Pick<Db, "select">, communityId: string): Promise<number> {
  const [row] = await db
    .select({ quota: communityStorageQuota.quotaBytes })
    .from(communityStorageQuota)
    .where(eq(communityStorageQuota.communityId, communityId))
    .limit(1);
  return row?.quota ?? DEFAULT_COMMUNITY_QUOTA_BYTES;
}

/** storage/quota-exceeded unless storing `newSize` bytes at `path` keeps the community within `quota`. */
export async function checkCommunityQuota(
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
