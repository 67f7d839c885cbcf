import { copyFile, link, mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** What one snapshot holds, as the archive's manifest reports it. */
export type SnapshotFacts = {
  /** Rows in Drizzle's migrations table at the snapshot's moment. */
  migrations: number;
  /** Blobs that `storage_object` names and that were linked into the snapshot. */
  files: { count: number; bytes: number };
  /** Blob keys the database names whose bytes were not on disk (an earlier fault, reported, not fatal). */
  missingBlobs: string[];
};

export const DATABASE_ENTRY = "database.tar";
export const AUTH_SECRET_ENTRY = "auth-secret";
export const BLOBS_ENTRY = "storage/blobs";

/**
 * Writes into `stagingDir` (on the same file system as `dataDir`) the database and the blobs it
 * names, as of one moment. Inside one PGlite transaction, no other query or transaction of this
 * client runs (PGlite serializes them all on its single connection), so the list of blobs and the
 * dump describe the same state. Blobs are written before the row that names them and never
 * changed afterwards, only removed: a hard link taken in that moment keeps each one's bytes even
 * if the app removes the blob a millisecond later.
 */
export async function takeSnapshot(
  client: PGlite,
  dataDir: string,
  stagingDir: string,
): Promise<SnapshotFacts> {
  const blobsRoot = path.join(dataDir, "storage", "blobs");
  const blobsCopy = path.join(stagingDir, BLOBS_ENTRY);
  await mkdir(blobsCopy, { recursive: true });
  // Written pages reach the data files first, so the copy needs little WAL replay when it opens.
  await client.exec("CHECKPOINT");
  const facts = await client.transaction(async (tx) => {
    const migrations = await tx.query<{ count: number }>(
      "select count(*)::int as count from drizzle.__drizzle_migrations",
    );
    const blobs = await tx.query<{ blob_key: string }>(
      "select blob_key from storage_object order by blob_key",
    );
    const found: SnapshotFacts = {
      migrations: migrations.rows[0]?.count ?? 0,
      files: { count: 0, bytes: 0 },
      missingBlobs: [],
    };
    for (const { blob_key: key } of blobs.rows) {
      const source = path.resolve(blobsRoot, key);
      if (!source.startsWith(`${blobsRoot}${path.sep}`))
        throw new Error(`blob key outside the store: ${key}`);
      const target = path.join(blobsCopy, key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await link(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") {
          found.missingBlobs.push(key);
          continue;
        }
        // A file system without hard links: a copy, still inside the moment no write can happen.
        if (code === "EPERM" || code === "EXDEV" || code === "ENOTSUP") await copyFile(source, target);
        else throw error;
      }
      found.files.count++;
      found.files.bytes += (await stat(target)).size;
    }
    // Taken while this transaction holds the client: only this read-only transaction is open.
    const dump = await client.dumpDataDir("none");
    await writeFile(path.join(stagingDir, DATABASE_ENTRY), new Uint8Array(await dump.arrayBuffer()));
    return found;
  });
  // Sessions and signed links depend on it when AUTH_SECRET is not set in the environment.
  await copyFile(path.join(dataDir, AUTH_SECRET_ENTRY), path.join(stagingDir, AUTH_SECRET_ENTRY)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    },
  );
  return facts;
}
