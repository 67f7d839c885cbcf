/**
 * A stored object's metadata as the storage API returns it (docs/storage-api.md), the seed's
 * fields: the server builds it and the browser's storage client reads it.
 */
export type ObjectMetadata = {
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
  contentEncoding: string;
  contentLanguage: string | null;
  contentType: string;
  customMetadata: Record<string, string>;
  /** Comma-separated; the first is the one in `downloadUrl`. */
  downloadTokens: string;
  downloadUrl: string;
};
