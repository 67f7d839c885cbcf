import type { ObjectMetadata } from "#shared/object-metadata.ts";
import { StorageError, toStorageError } from "./errors.ts";
import { decodeString, type StringFormat } from "./format.ts";
import { type ObjectRef, objectUrl, storageFetch, validateRef } from "./http.ts";
import { createMultipartTransport, type UploadMetadata } from "./multipart-upload.ts";
import { isObjectMetadata } from "./object-metadata.ts";
import { createResumableTransport } from "./resumable-upload.ts";
import { OPERATION_RETRY_BUDGET_MS, type RetryClock, withRetry } from "./retry.ts";
import { UploadTask } from "./upload-task.ts";

/** Seed §4 and §9: anything larger than this goes resumable (tus); up to it, one multipart POST. */
export const RESUMABLE_THRESHOLD_BYTES = 256 * 1024;

export interface UploadFileOptions extends ObjectRef, UploadMetadata {
  file: Blob | File | Uint8Array;
  /** The clock a resumable upload's retries wait on and spend their budget by (tests move it). */
  retryClock?: RetryClock;
}

function toBlob(file: Blob | Uint8Array, contentType: string | undefined): Blob {
  if (file instanceof Uint8Array) return new Blob([file.slice()], contentType ? { type: contentType } : {});
  // Re-wrapping only relabels the type; browsers share the bytes instead of copying them.
  if (contentType && file.type !== contentType) return new Blob([file], { type: contentType });
  return file;
}

/** An upload that failed before it could start still hands back a task, so screens have one path. */
function failedTask(error: StorageError, totalBytes: number): UploadTask {
  return new UploadTask({
    totalBytes,
    resumable: false,
    createTransport: (events) => ({
      start: () => queueMicrotask(() => events.error(error)),
      pause: () => Promise.resolve(),
      cancel: () => Promise.resolve(),
    }),
  });
}

/**
 * Uploads bytes to `bucket`/`path` and returns at once with a task to watch, pause (large files
 * only), resume or cancel. `task.done` resolves with the stored object's metadata.
 */
export function uploadFile(options: UploadFileOptions): UploadTask {
  const { file, bucket, path, retryClock, ...rest } = options;
  const ref = { bucket, path };
  const contentType = rest.contentType ?? (file instanceof Blob && file.type ? file.type : undefined);
  const metadata: UploadMetadata = { ...rest, ...(contentType ? { contentType } : {}) };
  const blob = toBlob(file, contentType);
  try {
    validateRef(ref);
  } catch (error) {
    return failedTask(toStorageError(error), blob.size);
  }
  const resumable = blob.size > RESUMABLE_THRESHOLD_BYTES;
  return new UploadTask({
    totalBytes: blob.size,
    resumable,
    createTransport: (events) =>
      resumable
        ? createResumableTransport(ref, blob, metadata, events, () => getMetadata(ref), retryClock)
        : createMultipartTransport(ref, blob, metadata, events),
  });
}

/** Uploads a string in one of the seed's formats; a data URL's own type is used unless one is given. */
export function uploadString(
  value: string,
  format: StringFormat,
  options: ObjectRef & UploadMetadata,
): UploadTask {
  let decoded: ReturnType<typeof decodeString>;
  try {
    decoded = decodeString(value, format);
  } catch (error) {
    return failedTask(toStorageError(error), 0);
  }
  const contentType = options.contentType ?? decoded.contentType;
  return uploadFile({ ...options, ...(contentType ? { contentType } : {}), file: decoded.bytes });
}

async function readMetadata(response: Response): Promise<ObjectMetadata> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!isObjectMetadata(body))
    throw new StorageError("storage/unknown", "The server sent no object metadata.");
  return body;
}

export interface OperationOptions {
  signal?: AbortSignal;
}

export async function getMetadata(
  ref: ObjectRef,
  { signal }: OperationOptions = {},
): Promise<ObjectMetadata> {
  validateRef(ref);
  return withRetry(async () => readMetadata(await storageFetch(objectUrl(ref), { signal })), {
    budgetMs: OPERATION_RETRY_BUDGET_MS,
    signal,
  });
}

export interface MetadataPatch {
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentLanguage?: string | null;
  customMetadata?: Record<string, string>;
}

export async function updateMetadata(
  ref: ObjectRef,
  patch: MetadataPatch,
  { signal }: OperationOptions = {},
): Promise<ObjectMetadata> {
  validateRef(ref);
  const init: RequestInit = {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(patch),
    signal,
  };
  return withRetry(async () => readMetadata(await storageFetch(objectUrl(ref), init)), {
    budgetMs: OPERATION_RETRY_BUDGET_MS,
    signal,
  });
}

/** Resolves once the object is gone; 200 and 204 both mean success (seed §7). */
export async function deleteObject(ref: ObjectRef, { signal }: OperationOptions = {}): Promise<void> {
  validateRef(ref);
  await withRetry(() => storageFetch(objectUrl(ref), { method: "DELETE", signal }), {
    budgetMs: OPERATION_RETRY_BUDGET_MS,
    signal,
  });
}

/**
 * The public URL of an object, built from its first download token (works without a session, which
 * is how logos and covers appear on pages). Throws storage/no-download-url when it has none.
 */
export function downloadUrl(metadata: ObjectMetadata): string {
  if (metadata.downloadUrl) return metadata.downloadUrl;
  const token = metadata.downloadTokens?.split(",").find((candidate) => candidate.trim() !== "");
  if (!token) {
    throw new StorageError("storage/no-download-url", `Object '${metadata.fullPath}' has no download URL.`);
  }
  const url = new URL(objectUrl({ bucket: metadata.bucket, path: metadata.fullPath }));
  url.search = new URLSearchParams({ alt: "media", token: token.trim() }).toString();
  return `${url.pathname}${url.search}`;
}

/** Fetches the metadata (with the 120 s retry budget) and returns its download URL. */
export async function getDownloadUrl(ref: ObjectRef, options: OperationOptions = {}): Promise<string> {
  return downloadUrl(await getMetadata(ref, options));
}
