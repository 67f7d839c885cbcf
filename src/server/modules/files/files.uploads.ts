import { mkdirSync } from "node:fs";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { EVENTS, type Locker, Server, type Upload } from "@tus/server";

import type { S3Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import { processLog } from "#server/observability/logger.ts";
import {
  invalidArgument,
  StorageError,
  type StorageErrorCode,
  storageErrorBody,
  unauthenticated,
  unauthorized,
} from "./files.errors.ts";
import { parseTusMetadata } from "./files.input.ts";
import type { FileStorage } from "./files.storage.ts";
import { BUCKETS } from "./files.tables.ts";
import { forgetExpiredUploads, releaseUpload, reserveUpload } from "./files.user-quota.ts";
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
  const viewers = new WeakMap<Request, Viewer | null>();
  const ctxOf = (req: Request) => ({ db, storage, viewer: viewers.get(req) ?? null });
  const target = (upload: Upload) => ({
    bucket: upload.metadata?.bucket ?? "",
    path: upload.metadata?.name ?? "",
  });

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    ...(options.locker ? { locker: options.locker } : {}),
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
      const { bucket, path } = target(upload);
      try {
        const meta = await finishUpload(ctxOf(req as unknown as Request), {
          bucket,
          path,
          size: upload.size ?? 0,
          options: parseTusMetadata(upload.metadata ?? {}),
          uploadId: upload.id,
          open: async () => (await datastore.read(upload.id)) as Readable,
        });
        return {
          status_code: 200,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(meta),
        };
      } catch (error) {
        // Refused bytes are never kept; the client starts over.
        await datastore.remove(upload.id).catch(() => {});
        throw error;
      } finally {
        await releaseUpload(db, upload.id);
      }
    },
    onResponseError(_req, error) {
      const mapped =
        error instanceof StorageError || error instanceof Error
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
