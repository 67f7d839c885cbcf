import { processLog } from "#server/observability/logger.ts";

/** The seed's file-store error codes this server answers with (docs/storage-api.md). */
export type StorageErrorCode =
  | "storage/object-not-found"
  | "storage/bucket-not-found"
  | "storage/unauthenticated"
  | "storage/unauthorized"
  | "storage/quota-exceeded"
  | "storage/invalid-checksum"
  | "storage/invalid-argument"
  | "storage/invalid-format"
  | "storage/server-file-wrong-size"
  | "storage/internal-error"
  | "storage/unknown";

/** Thrown by the file service and turned into the contract's JSON error body by `storageErrorBody`. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly status: number;
  constructor(code: StorageErrorCode, message: string, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export const objectNotFound = (path: string) =>
  new StorageError("storage/object-not-found", `Object '${path}' does not exist.`, 404);
export const bucketNotFound = (bucket: string) =>
  new StorageError("storage/bucket-not-found", `Bucket '${bucket}' does not exist.`, 404);
export const unauthenticated = () =>
  new StorageError(
    "storage/unauthenticated",
    "User is not authenticated, please authenticate and try again.",
    401,
  );
export const unauthorized = (path: string) =>
  new StorageError("storage/unauthorized", `User does not have permission to access '${path}'.`, 403);
export const quotaExceeded = () =>
  new StorageError(
    "storage/quota-exceeded",
    "This community's storage quota is used up. Delete some files, then try again.",
    402,
  );
export const invalidChecksum = (path: string) =>
  new StorageError(
    "storage/invalid-checksum",
    `Upload of '${path}' failed: the bytes received do not match the checksum sent with them.`,
    400,
  );
export const invalidArgument = (message: string, status = 400) =>
  new StorageError("storage/invalid-argument", message, status);
export const invalidFormat = (message: string) => new StorageError("storage/invalid-format", message, 400);
export const wrongSize = (message: string) =>
  new StorageError("storage/server-file-wrong-size", message, 400);

/**
 * The object storage (S3) did not answer or failed on its side. 503 is one of the statuses the
 * client retries within its budget, so an outage is waited out rather than reported at once.
 */
export const storageUnavailable = (cause: unknown) => {
  const error = new StorageError(
    "storage/internal-error",
    "The file store cannot be reached right now. Please try again shortly.",
    503,
  );
  error.cause = cause;
  return error;
};

export type StorageErrorBody = { error: { code: StorageErrorCode; message: string; status: number } };

/**
 * The one place any failure in the file store becomes the contract's error body. Anything that is
 * not a StorageError is an unexpected fault: logged here, answered as storage/unknown.
 */
export function storageErrorBody(error: unknown): StorageErrorBody {
  if (error instanceof StorageError) {
    return { error: { code: error.code, message: error.message, status: error.status } };
  }
  processLog().error({ err: error }, "storage: unexpected error");
  return { error: { code: "storage/unknown", message: "An unknown error occurred.", status: 500 } };
}
