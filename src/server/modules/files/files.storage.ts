import path from "node:path";
import type { StorageConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { type BlobStore, DiskBlobStore } from "./blob-store.ts";
import { BUCKET_RULES } from "./files.policy.ts";
import type { Bucket } from "./files.tables.ts";
import { DEFAULT_USER_QUOTA, type UserQuota } from "./files.user-quota.ts";
import { S3BlobStore } from "./s3-blob-store.ts";

/** This deployment's file store: where bytes go and the limits in force. */
export type FileStorage = {
  blobs: BlobStore;
  /** Same file system as the disk blobs, so a finished file is renamed into place. */
  tmpDir: string;
  /** Unfinished tus uploads (disk mode). */
  uploadsDir: string;
  maxBytes(bucket: Bucket): number;
  userQuota: UserQuota;
  close(): void;
};

export function createFileStorage(dataDir: string, config: StorageConfig): FileStorage {
  const root = path.join(dataDir, "storage");
  const tmpDir = path.join(root, "tmp");
  const blobs = config.s3
    ? new S3BlobStore(config.s3)
    : new DiskBlobStore({ root: path.join(root, "blobs"), tmpDir });
  return {
    blobs,
    tmpDir,
    uploadsDir: path.join(root, "uploads"),
    maxBytes: (bucket) => config.maxBytes?.[bucket] ?? BUCKET_RULES[bucket].maxBytes,
    userQuota: config.userQuota ?? DEFAULT_USER_QUOTA,
    close: () => {
      if (blobs instanceof S3BlobStore) blobs.close();
    },
  };
}

// Other modules call the file service with only their `db`; the store opened beside that database
// is found here. Keyed by the database handle, so several servers in one test process stay apart.
const attached = new WeakMap<Db, FileStorage>();

export function attachFileStorage(db: Db, storage: FileStorage) {
  attached.set(db, storage);
}

export function fileStorageFor(db: Db): FileStorage {
  const storage = attached.get(db);
  if (!storage) throw new Error("no file storage is attached to this database handle");
  return storage;
}
