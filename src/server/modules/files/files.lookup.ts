import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { storageObject } from "./files.tables.ts";

/**
 * The public download URL of an image this community stored in `community-assets`, or null when
 * no such object exists under the community's own folder.
 */
export async function communityAssetUrl(
  db: Db,
  communityId: string,
  fullPath: string,
): Promise<string | null> {
  if (!fullPath.startsWith(`${communityId}/`)) return null;
  const [row] = await db
    .select({ downloadTokens: storageObject.downloadTokens, contentType: storageObject.contentType })
    .from(storageObject)
    .where(and(eq(storageObject.bucket, "community-assets"), eq(storageObject.fullPath, fullPath)))
    .limit(1);
  if (!row || !row.contentType.startsWith("image/")) return null;
  const token = row.downloadTokens.split(",")[0];
  return `/api/storage/v0/b/community-assets/o/${encodeURIComponent(fullPath)}?alt=media&token=${token}`;
}
