import {
  type DetailedError,
  type HttpRequest,
  type HttpResponse,
  type PreviousUpload,
  Upload,
} from "tus-js-client";
import type { ObjectMetadata } from "#shared/object-metadata.ts";
import { errorFromResponse, type StorageError, toStorageError } from "./errors.ts";
import { type ObjectRef, storageUrl } from "./http.ts";
import type { UploadMetadata } from "./multipart-upload.ts";
import { parseObjectMetadata } from "./object-metadata.ts";
import {
  isRetryableStatus,
  type RetryClock,
  realClock,
  retryDelaysWithin,
  retryLimitError,
  UPLOAD_RETRY_BUDGET_MS,
} from "./retry.ts";
import type { TransportEvents, UploadTransport } from "./upload-task.ts";

/** Seed §9: chunks start at 256 KiB. */
export const RESUMABLE_CHUNK_SIZE = 256 * 1024;
/** Seed §9: chunks double while they stay under 32 MiB, so the largest is 16 MiB. */
export const MAX_RESUMABLE_CHUNK_SIZE = 16 * 1024 * 1024;

/** Size of the chunk after one that the server accepted. */
export function nextChunkSize(current: number): number {
  return current * 2 < 32 * 1024 * 1024 ? current * 2 : current;
}

/** Bytes hashed from each end of the file to tell two same-sized files apart when resuming. */
const FINGERPRINT_SAMPLE_BYTES = 64 * 1024;

/**
 * The fingerprint keys the stored upload URL in localStorage. It names the target (bucket, path)
 * because the same bytes sent to another path are another upload, and hashes the file's ends
 * because a cropped Blob has no name or modification time: a different crop of equal size must
 * never continue someone else's bytes.
 */
async function fingerprintOf(ref: ObjectRef, blob: Blob): Promise<string> {
  const named = blob instanceof File ? [blob.name, blob.lastModified] : [];
  let sample = "nosample";
  try {
    const head = blob.slice(0, FINGERPRINT_SAMPLE_BYTES);
    const tail = blob.slice(Math.max(0, blob.size - FINGERPRINT_SAMPLE_BYTES));
    const bytes = await new Blob([head, tail]).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    sample = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  } catch {
    // No WebCrypto (plain http on a LAN address): name, size and time still narrow it down.
  }
  return ["commons-storage", ref.bucket, ref.path, blob.size, blob.type, ...named, sample].join("|");
}

function tusMetadata(ref: ObjectRef, metadata: UploadMetadata): Record<string, string> {
  const fields: Record<string, string> = { bucket: ref.bucket, name: ref.path };
  if (metadata.contentType) fields.contentType = metadata.contentType;
  if (metadata.cacheControl) fields.cacheControl = metadata.cacheControl;
  if (metadata.contentDisposition) fields.contentDisposition = metadata.contentDisposition;
  if (metadata.customMetadata) fields.customMetadata = JSON.stringify(metadata.customMetadata);
  return fields;
}

function statusOf(error: Error | DetailedError): number | undefined {
  if (!("originalRequest" in error)) return undefined;
  return error.originalResponse?.getStatus() ?? 0;
}

/**
 * tus answers 409 when our offset is stale and 423 while the upload is locked by a request that
 * has not ended; tus-js-client's retry begins with a HEAD, which re-reads the server's offset.
 */
function isRetryableForTus(status: number): boolean {
  return isRetryableStatus(status) || status === 409 || status === 423;
}

function mapError(error: Error | DetailedError): StorageError {
  const status = statusOf(error);
  if (status === undefined) return toStorageError(error);
  // Retries are declined only when the budget is spent, so a retryable status here means exactly that.
  if (isRetryableForTus(status)) return retryLimitError(error);
  const body = "originalResponse" in error ? (error.originalResponse?.getBody() ?? "") : "";
  return errorFromResponse(status, body);
}

function newest(previous: PreviousUpload[]): PreviousUpload | undefined {
  return previous
    .filter((upload) => upload.uploadUrl)
    .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}

/**
 * A tus upload to /api/storage/v0/uploads/.
 *
 * Chunk size: tus-js-client reads `options.chunkSize` afresh for every PATCH (upload.js
 * `_addChunkToRequest`), so raising it in onChunkComplete gives the seed's doubling. After a failed
 * request it drops back to the first size, as a flaky link is better served by small chunks.
 *
 * Retries: tus-js-client would wait on its own timer; we wait on `clock` instead and start the
 * upload again (a start re-reads the server's offset with a HEAD), so the 600 s budget is measured
 * and spent on one clock that a test can replace.
 */
export function createResumableTransport(
  ref: ObjectRef,
  blob: Blob,
  metadata: UploadMetadata,
  events: TransportEvents,
  loadMetadata: () => Promise<ObjectMetadata>,
  clock: RetryClock = realClock,
): UploadTransport {
  const delays = retryDelaysWithin(UPLOAD_RETRY_BUDGET_MS);
  let retryingSince: number | undefined;
  let retryAttempt = 0;
  let firstStart = true;
  let stopped = false;
  /** The upload the server holds bytes of, kept across a failed HEAD (see `retryLater`). */
  let knownUrl: string | null = null;
  // Bumped by pause and start, so a retry wait that ends after either does not start it again.
  let run = 0;

  /** Schedules another attempt if the error is worth retrying and the budget allows; else false. */
  const retryLater = (error: Error | DetailedError): boolean => {
    if (!isRetryableForTus(statusOf(error) ?? 0)) return false;
    const now = clock.now();
    retryingSince ??= now;
    const wait = delays[retryAttempt] ?? Number.POSITIVE_INFINITY;
    if (now - retryingSince + wait > UPLOAD_RETRY_BUDGET_MS) return false;
    retryAttempt++;
    upload.options.chunkSize = RESUMABLE_CHUNK_SIZE;
    const waitingRun = run;
    clock.sleep(wait).then(() => {
      if (stopped || run !== waitingRun) return;
      // A retry that began with a new upload's POST may have lost the URL of the one the server
      // holds bytes of; asking the known upload first continues from its offset.
      if (upload.url === null && knownUrl) upload.url = knownUrl;
      upload.start();
    });
    return true;
  };

  const finish = async (body: string) => {
    // A 204, or a HEAD that found the upload already complete after a reload, carries no body.
    events.success(parseObjectMetadata(body) ?? (await loadMetadata()));
  };

  const upload: Upload = new Upload(blob, {
    endpoint: storageUrl("/uploads/"),
    chunkSize: RESUMABLE_CHUNK_SIZE,
    metadata: tusMetadata(ref, metadata),
    retryDelays: null,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: () => fingerprintOf(ref, blob),
    onBeforeRequest(request: HttpRequest) {
      const xhr: unknown = request.getUnderlyingObject();
      // Same-origin requests send cookies anyway; this keeps them when the API is on another origin.
      if (typeof XMLHttpRequest !== "undefined" && xhr instanceof XMLHttpRequest) xhr.withCredentials = true;
    },
    onAfterResponse(request: HttpRequest, response: HttpResponse) {
      // tus-js-client answers a failed HEAD (other than 423) by creating a new upload. After a
      // temporary failure (a file store down for a while answers 503) that upload is still there,
      // and each new one would hold a share of the person's quota until the open-uploads limit
      // refuses the next. Failing the HEAD here turns it into an error that is retried within the
      // budget, asking the same upload again; a 404 still starts over.
      if (request.getMethod() === "HEAD" && isRetryableStatus(response.getStatus())) {
        throw new Error(`the upload could not be inspected (HTTP ${response.getStatus()})`);
      }
    },
    onUploadUrlAvailable() {
      knownUrl = upload.url;
    },
    onProgress(bytesSent) {
      events.progress(bytesSent);
    },
    onChunkComplete() {
      retryingSince = undefined;
      retryAttempt = 0;
      upload.options.chunkSize = nextChunkSize(upload.options.chunkSize ?? RESUMABLE_CHUNK_SIZE);
    },
    onSuccess({ lastResponse }) {
      finish(lastResponse.getBody()).catch((error: unknown) => events.error(toStorageError(error)));
    },
    onError(error) {
      if (stopped || retryLater(error)) return;
      events.error(mapError(error));
    },
  });

  const begin = async () => {
    if (firstStart) {
      firstStart = false;
      const previous = newest(await upload.findPreviousUploads().catch(() => []));
      if (previous) upload.resumeFromPreviousUpload(previous);
    }
    if (!stopped) upload.start();
  };

  return {
    start() {
      stopped = false;
      run++;
      begin().catch((error: unknown) => events.error(toStorageError(error)));
    },
    pause() {
      stopped = true;
      run++;
      return upload.abort(false);
    },
    async cancel() {
      stopped = true;
      // A person is waiting on "Canceling…": try the DELETE briefly rather than for the upload budget.
      // If it still fails, the server removes uploads untouched for 24 h.
      upload.options.retryDelays = [1_000, 2_000];
      await upload.abort(true).catch(() => {});
    },
  };
}
