// The file store's HTTP edge (docs/storage-api.md): parse, call the files service, map errors.
import type { Context, Env, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { FilesCtx } from "#server/modules/files/files.access.ts";
import { invalidArgument, StorageError, storageErrorBody } from "#server/modules/files/files.errors.ts";
import { parseMetadataPatch, parseUploadOptions } from "#server/modules/files/files.input.ts";
import {
  deleteObject,
  getMetadata,
  openDownload,
  updateMetadata,
} from "#server/modules/files/files.service.ts";
import type { FileStorage } from "#server/modules/files/files.storage.ts";
import { createUploadServer, UPLOADS_PATH } from "#server/modules/files/files.uploads.ts";
import { PgUploadLocker } from "#server/modules/files/pg-upload-locker.ts";
import { uploadSmall } from "#server/modules/files/upload.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { contentDispositionHeader } from "./content-disposition.ts";

const BASE = "/api/storage/v0";
const OBJECT = `${BASE}/b/:bucket/o/:path{.+}`;

type Range = { start: number; end: number };

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; null means "send it all" (absent, malformed or multi-range). */
export function parseRange(header: string | undefined, size: number): Range | null | "unsatisfiable" {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

const fail = (c: Context, error: unknown, headers: Record<string, string> = {}) => {
  const body = storageErrorBody(error);
  return c.json(body, body.error.status as 400, headers);
};

export function mountStorage<E extends Env & { Variables: { clientIp: string } }>(
  app: Hono<E>,
  options: { db: Db; config: Config; storage: FileStorage; contextFor: RequestContextFactory },
) {
  const { db, config, storage, contextFor } = options;
  // On PostgreSQL several app processes may serve one upload's requests; PGlite is one process.
  const locker = config.databaseUrl
    ? new PgUploadLocker({ connectionString: config.databaseUrl })
    : undefined;
  const uploads = createUploadServer({
    db,
    storage,
    s3: config.storage.s3,
    appUrl: config.appUrl,
    ...(locker ? { locker } : {}),
  });
  const ctx = (c: { req: { raw: Request }; get(key: "clientIp"): string }): Promise<FilesCtx> =>
    contextFor(c.req.raw.headers, c.get("clientIp"));

  app.get(OBJECT, async (c) => {
    const bucket = c.req.param("bucket");
    const path = c.req.param("path");
    try {
      if (c.req.query("alt") !== "media") return c.json(await getMetadata(await ctx(c), bucket, path));
      const download = await openDownload(await ctx(c), bucket, path, c.req.query("token") ?? null);
      const { meta } = download;
      const etag = `"${meta.md5Hash}"`;
      const headers: Record<string, string> = {
        "Content-Type": meta.contentType,
        "Content-Disposition": contentDispositionHeader(meta.contentDisposition),
        ETag: etag,
        "Cache-Control": meta.cacheControl ?? "private, max-age=300",
        "Accept-Ranges": "bytes",
        ...(meta.contentLanguage ? { "Content-Language": meta.contentLanguage } : {}),
      };
      if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
      const range = parseRange(c.req.header("range"), meta.size);
      if (range === "unsatisfiable") {
        const error = invalidArgument(`The range is outside the object's ${meta.size} bytes.`, 416);
        return fail(c, error, { "Content-Range": `bytes */${meta.size}` });
      }
      const body = await download.read(range ?? undefined);
      if (!range) return c.body(body, 200, { ...headers, "Content-Length": String(meta.size) });
      return c.body(body, 206, {
        ...headers,
        "Content-Length": String(range.end - range.start + 1),
        "Content-Range": `bytes ${range.start}-${range.end}/${meta.size}`,
      });
    } catch (error) {
      return fail(c, error);
    }
  });

  app.patch(OBJECT, bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, tooLarge()) }), async (c) => {
    try {
      const raw = await c.req.json().catch(() => {
        throw invalidArgument("The body must be JSON.");
      });
      const meta = await updateMetadata(
        await ctx(c),
        c.req.param("bucket"),
        c.req.param("path"),
        parseMetadataPatch(raw),
      );
      return c.json(meta);
    } catch (error) {
      return fail(c, error);
    }
  });

  app.delete(OBJECT, async (c) => {
    try {
      await deleteObject(await ctx(c), c.req.param("bucket"), c.req.param("path"));
      return c.body(null, 204);
    } catch (error) {
      return fail(c, error);
    }
  });

  // Small files only (256 KiB, checked by the service); the limit here just stops a flood early.
  app.post(
    `${BASE}/b/:bucket/o`,
    bodyLimit({ maxSize: 1024 * 1024, onError: (c) => fail(c, tooLarge(), { Connection: "close" }) }),
    async (c) => {
      try {
        const name = c.req.query("name");
        if (!name) throw invalidArgument("The name parameter (the object's path) is required.");
        const form = await c.req.formData().catch(() => {
          throw invalidArgument("The body must be multipart/form-data with a 'file' part.");
        });
        const file = form.get("file");
        if (!(file instanceof Blob)) throw invalidArgument("The 'file' part is missing.");
        const rawMetadata = form.get("metadata");
        let metadata: unknown = null;
        if (rawMetadata !== null) {
          const text = typeof rawMetadata === "string" ? rawMetadata : await rawMetadata.text();
          try {
            metadata = JSON.parse(text);
          } catch {
            throw invalidArgument("The 'metadata' part must be JSON.");
          }
        }
        const parsed = parseUploadOptions(metadata);
        const meta = await uploadSmall(await ctx(c), {
          bucket: c.req.param("bucket"),
          path: name,
          bytes: Buffer.from(await file.arrayBuffer()),
          options: { ...parsed, contentType: parsed.contentType ?? (file.type || null) },
        });
        return c.json(meta);
      } catch (error) {
        return fail(c, error);
      }
    },
  );

  // Hono routes HEAD through GET handlers; a real GET (downloading an unfinished upload) is refused.
  app.on(["GET", "POST", "PATCH", "DELETE", "OPTIONS"], [UPLOADS_PATH, `${UPLOADS_PATH}/*`], async (c) => {
    if (c.req.raw.method === "GET") return fail(c, notAnEndpoint());
    return uploads.handle(c.req.raw, (await ctx(c)).viewer);
  });

  app.all(`${BASE}/*`, (c) => fail(c, notAnEndpoint()));

  return {
    async close() {
      uploads.close();
      await locker?.close();
    },
  };
}

const notAnEndpoint = () => new StorageError("storage/invalid-argument", "No such storage endpoint.", 404);

const tooLarge = () =>
  invalidArgument("The request body is too large: send files over 256 KiB as a resumable upload.");
