// Seeds for the member import written straight to the database and the file store (no routes,
// no vitest): shared by the import's integration tests and bench/member-import-measure.ts.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { FileStorage } from "#server/modules/files/files.storage.ts";

/** A public, open community in UTC taking euros, whose id is its slug too. */
export async function insertCommunity(db: Db, communityId: string, name: string): Promise<void> {
  await db.execute(sql`insert into community (id, slug, name, time_zone, currency, visibility, join_policy)
    values (${communityId}, ${communityId}, ${name}, 'UTC', 'EUR', 'public', 'open')`);
}

/**
 * Stores `bytes` under `blobKey` and records them as `people.csv` in the community's folder of
 * the `member-imports` bucket, owned by `ownerId`; answers the file's path.
 */
export async function storeImportCsv(
  db: Db,
  storage: FileStorage,
  input: { communityId: string; ownerId: string; bytes: Uint8Array; blobKey: string },
): Promise<string> {
  const { communityId, ownerId, bytes, blobKey } = input;
  await storage.blobs.putBuffer(blobKey, bytes);
  const filePath = `${communityId}/people.csv`;
  await db.execute(sql`insert into storage_object (id, bucket, full_path, name, community_id, owner_id, size,
      content_type, md5_hash, generation, download_tokens, blob_key)
    values (${randomUUID()}, 'member-imports', ${filePath}, 'people.csv', ${communityId}, ${ownerId},
      ${bytes.length}, 'text/csv', '', 1, ${randomUUID()}, ${blobKey})`);
  return filePath;
}
