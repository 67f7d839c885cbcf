import { mkdirSync } from "node:fs";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { EVENTS, type Locker, MemoryLocker, Server, type Upload } from "@tus/server";

import type { S3Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import { processLog } from "#server/observability/logger.ts";
import {
  invalidArgument,
  StorageError,
  type StorageErrorCode,
  storageErrorBody,
  storageUnavailable,
  unauthenticated,
  unauthorized,
} from "./files.errors.ts";
import { parseTusMetadata } from "./files.input.ts";
import type { FileStorage } from "./files.storage.ts";
import { BUCKETS } from "./files.tables.ts";
import { forgetExpiredUploads, isUploadReserved, releaseUpload, reserveUpload } from "./files.user-quota.ts";
import { S3UploadStore } from "./s3-upload-store.ts";
import { finishUpload, planUpload } from "./upload.service.ts";

export const UPLOADS_PATH = "/api/storage/v0/uploads";
const DAY_MS = 24 * 60 * 60 * 1000;
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

export type UploadServer = {
  /** Serves one tus request (`POST`, `HEAD`, `PATCH`, `DELETE`, `OPTIONS`) as `viewer`. */
  handle(request: Request, viewer: Viewer | null): Promise<Response>;
  /** Removes unfinished uploads older than a day; returns how many. */
  cleanUp(): Promise<number>;
  close(): void;
};

/** tus's own refusals keep their status and get the contract's error body. */
function fromTusError(error: { status_code: number; body: string }): StorageError {
  const message = error.body.trim();
  const codes: Record<number, StorageErrorCode> = {
    404: "storage/object-not-found",
    409: "storage/server-file-wrong-size",
    410: "storage/object-not-found",
    460: "storage/invalid-checksum",
  };
  const code =
    codes[error.status_code] ?? (error.status_code < 500 ? "storage/invalid-argument" : "storage/unknown");
  return new StorageError(code, message, error.status_code);
}

/**
 * Failures that say "not now" rather than "no": the file store (503) or the database cannot be
 * reached. An upload that meets one keeps its bytes and its reservation, and the client retries.
 */
const isTemporary = (error: unknown) =>
  (error instanceof StorageError && error.status === 503) || isDatabaseUnavailable(error);

const never = new AbortController().signal;

export function createUploadServer(options: {
  db: Db;
  storage: FileStorage;
  s3: S3Config | null;
  appUrl: string;
  /** Shares upload locks between app processes; tus's in-memory locker when absent. */
  locker?: Locker;
}): UploadServer {
  const { db, storage } = options;
  if (!options.s3) mkdirSync(storage.uploadsDir, { recursive: true });
  const datastore: FileStore | S3UploadStore = options.s3
    ? new S3UploadStore(options.s3, DAY_MS)
    : new FileStore({ directory: storage.uploadsDir, expirationPeriodInMilliseconds: DAY_MS });
  // onUploadCreate has reserved the upload's share of the quota by the time the store creates it.
  // If that fails (the file store is down), the client tries again with a new upload, so the
  // reservation is released at once rather than held for a day.
  const create = datastore.create.bind(datastore);
  datastore.create = async (upload: Upload) => {
    try {
      return await create(upload);
    } catch (error) {
      await releaseUpload(db, upload.id).catch(() => {});
      throw error;
    }
  };
  const locker = options.locker ?? new MemoryLocker();
  const viewers = new WeakMap<Request, Viewer | null>();
  const ctxOf = (req: Request) => ({ db, storage, viewer: viewers.get(req) ?? null });
  const target = (upload: Upload) => ({
    bucket: upload.metadata?.bucket ?? "",
    path: upload.metadata?.name ?? "",
  });

  /**
   * Turns an upload whose bytes are all in into a stored object, once: under the upload's lock, and
   * only while its reservation is there (a finished upload has none). A refusal (checksum, type,
   * quota) drops the bytes and the reservation, as the client must start over; a temporary failure
   * keeps both and answers 503, and the client's retry finishes it (see onIncomingRequest).
   * Resolves null when another request finished it first.
   */
  const finish = async (req: Request, upload: Upload) => {
    const lock = locker.newLock(upload.id);
    // A request that finishes is not cancelled for another: that one waits for the object.
    await lock.lock(never, () => {});
    try {
      if (!(await isUploadReserved(db, upload.id))) return null;
      const { bucket, path } = target(upload);
      let meta: Awaited<ReturnType<typeof finishUpload>>;
      try {
        meta = await finishUpload(ctxOf(req), {
          bucket,
          path,
          size: upload.size ?? 0,
          options: parseTusMetadata(upload.metadata ?? {}),
          uploadId: upload.id,
          open: async () => (await datastore.read(upload.id)) as Readable,
        });
      } catch (error) {
        if (isTemporary(error)) throw storageUnavailable(error);
        // Refused bytes are never kept; the client starts over.
        await datastore.remove(upload.id).catch(() => {});
        await releaseUpload(db, upload.id).catch(() => {});
        throw error;
      }
      // The object is stored; a reservation left behind by a database gone just now expires in a day.
      await releaseUpload(db, upload.id).catch(() => {});
      return meta;
    } finally {
      await lock.unlock();
    }
  };
  /** HEADs that finished an upload left over from a failed last step; its bytes go after the answer. */
  const finishedOnHead = new WeakMap<Request, string>();

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    locker,
    relativeLocation: true,
    allowedOrigins: [options.appUrl],
    maxSize: Math.max(...BUCKETS.map((bucket) => storage.maxBytes(bucket))),
    // Only the person who started an upload may continue, inspect or cancel it.
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return;
      const upload = await datastore.getUpload(id);
      const viewer = viewers.get(req as unknown as Request);
      if (!viewer) throw unauthenticated();
      if (upload.metadata?.uploader !== viewer.id) throw unauthorized(target(upload).path);
      // All bytes are in but the last step failed for a while (the file store or the database was
      // down): the client's retry begins with this HEAD, and tus-js-client calls an upload whose
      // offset is its size done. So the object is stored now, or the HEAD fails and is retried.
      // (A PATCH at the end runs onUploadFinish itself.)
      if (req.method === "HEAD" && upload.size !== undefined && upload.offset === upload.size) {
        if (await finish(req as unknown as Request, upload)) {
          finishedOnHead.set(req as unknown as Request, upload.id);
        }
      }
    },
    // Rights, type, size and quota are decided here, before any byte is stored.
    async onUploadCreate(req, upload) {
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw invalidArgument("Upload-Length is required: the size must be known when the upload starts.");
      }
      const ctx = ctxOf(req as unknown as Request);
      const { bucket, path } = target(upload);
      const plan = await planUpload(ctx, {
        bucket,
        path,
        size: upload.size,
        options: parseTusMetadata(upload.metadata ?? {}),
      });
      const viewer = ctx.viewer as Viewer;
      await reserveUpload(db, {
        id: upload.id,
        userId: viewer.id,
        bucket: plan.bucket,
        path: plan.path,
        size: upload.size,
        quota: storage.userQuota,
      });
      return { metadata: { ...upload.metadata, uploader: viewer.id } };
    },
    async onUploadFinish(req, upload) {
      const meta = await finish(req as unknown as Request, upload);
      // Finished by another request meanwhile: the client reads the object's metadata itself.
      if (!meta) return {};
      return {
        status_code: 200,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(meta),
      };
    },
    onResponseError(_req, error) {
      const mapped = isDatabaseUnavailable(error)
        ? storageUnavailable(error)
        : error instanceof StorageError || error instanceof Error
          ? error
          : fromTusError(error as { status_code: number; body: string });
      const body = storageErrorBody(mapped);
      return { status_code: body.error.status, body: JSON.stringify(body) };
    },
  });
  // Emitted after the response is written: the object is stored, the upload's bytes are spare.
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
    void datastore.remove(upload.id).catch(() => {});
  });

  // Emitted before the response goes out, but without waiting: `handle` awaits the release, so a
  // cancelled upload's share is back before the person hears it is cancelled.
  const terminated = new WeakMap<Request, Promise<void>>();
  tus.on(EVENTS.POST_TERMINATE, (req, _res, id) => {
    terminated.set(
      req as unknown as Request,
      releaseUpload(db, id).catch(() => {}),
    );
  });

  const cleanUp = async () => {
    const removed = await tus.cleanUpExpiredUploads();
    await forgetExpiredUploads(db);
    return removed;
  };
  const report = (error: unknown) =>
    processLog().warn({ err: error }, "storage: removing expired uploads failed");
  void cleanUp().catch(report);
  const timer = setInterval(() => void cleanUp().catch(report), CLEAN_UP_EVERY_MS);
  timer.unref();

  return {
    async handle(request, viewer) {
      viewers.set(request, viewer);
      const response = await tus.handleWeb(request);
      await terminated.get(request);
      const finished = finishedOnHead.get(request);
      if (finished) void datastore.remove(finished).catch(() => {});
      if (response.status < 400 || response.headers.get("content-type")?.includes("json")) return response;
      // A few refusals (missing Tus-Resumable, malformed headers) bypass onResponseError.
      const text = await response.text();
      let body = text;
      try {
        JSON.parse(text);
      } catch {
        body = JSON.stringify(storageErrorBody(fromTusError({ status_code: response.status, body: text })));
      }
      const headers = new Headers(response.headers);
      headers.set("Content-Type", "application/json");
      headers.set("Content-Length", String(Buffer.byteLength(body)));
      return new Response(body, { status: response.status, headers });
    },
    cleanUp,
    close() {
      clearInterval(timer);
    },
  };
}
