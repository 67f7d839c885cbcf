/** Object metadata as docs/storage-api.md returns it. */
export interface StorageObjectMetadata {
  bucket: string;
  /** Decimal string: bumped by every re-upload to the same path. */
  generation: string;
  /** Decimal string: bumped by every metadata update. */
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  contentType: string;
  customMetadata: Record<string, string>;
  downloadTokens: string | null;
  downloadUrl?: string | null;
}

/** A shallow check is enough: the server is ours, this only guards against an empty or foreign body. */
export function isObjectMetadata(value: unknown): value is StorageObjectMetadata {
  return (
    typeof value === "object" &&
    value !== null &&
    "bucket" in value &&
    typeof value.bucket === "string" &&
    "fullPath" in value &&
    typeof value.fullPath === "string" &&
    "generation" in value
  );
}

export function parseObjectMetadata(body: string): StorageObjectMetadata | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return isObjectMetadata(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
