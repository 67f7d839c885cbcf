// An S3-compatible server for tests: s3rver on a loopback port, with the multipart calls it lacks
// and @tus/s3-store makes (ListParts, AbortMultipartUpload, ListMultipartUploads) added over its
// own on-disk layout. It can be stopped and started again on the same port and directory, so a
// test can take the file store away for a while and give it back.

import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver, { type S3rverContext } from "s3rver";
import type { S3Config } from "#server/config.ts";
import { freePort } from "./child-server.ts";

export type S3TestServer = {
  /** The settings an app needs to use this server's bucket. */
  readonly config: S3Config;
  /** The same settings as the app's environment variables, for child processes. */
  readonly env: Record<string, string>;
  /** Makes the server unreachable: new connections are refused and open ones are cut. */
  stop(): Promise<void>;
  /** Serves again on the same port and data after `stop`. */
  start(): Promise<void>;
  /** Stops the server and removes its data. */
  close(): Promise<void>;
};

// s3rver's defaults: its one account accepts only these keys.
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

/** s3rver keeps each multipart upload in <bucket>/._S3rver_uploads/<upload id>/. */
const uploadsDir = (root: string, bucket: string) => path.join(root, bucket, "._S3rver_uploads");

const noSuchUpload = (ctx: S3rverContext, uploadId: string) => {
  ctx.status = 404;
  ctx.body = {
    Error: { Code: "NoSuchUpload", Message: "The specified upload does not exist.", UploadId: uploadId },
  };
};

async function uploadKey(root: string, bucket: string, uploadId: string): Promise<string | null> {
  if (!/^[0-9a-f]+$/.test(uploadId)) return null;
  return readFile(path.join(uploadsDir(root, bucket), uploadId, "key"), "utf8").catch(() => null);
}

async function listParts(ctx: S3rverContext, root: string, bucket: string, key: string, uploadId: string) {
  if ((await uploadKey(root, bucket, uploadId)) !== key) return noSuchUpload(ctx, uploadId);
  const dir = path.join(uploadsDir(root, bucket), uploadId);
  const numbers = (await readdir(dir))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (number) => {
      const file = path.join(dir, String(number));
      const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, "utf8")]);
      return {
        PartNumber: number,
        LastModified: info.mtime.toISOString(),
        ETag: `"${md5}"`,
        Size: info.size,
      };
    }),
  );
  ctx.body = {
    ListPartsResult: {
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumberMarker: 0,
      MaxParts: 10_000,
      IsTruncated: false,
      ...(parts.length > 0 ? { Part: parts } : {}),
    },
  };
}

async function listUploads(ctx: S3rverContext, root: string, bucket: string) {
  const ids = await readdir(uploadsDir(root, bucket)).catch(() => [] as string[]);
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const keyFile = path.join(uploadsDir(root, bucket), id, "key");
      const [key, info] = await Promise.all([readFile(keyFile, "utf8"), stat(keyFile)]);
      return { Key: key, UploadId: id, Initiated: info.mtime.toISOString() };
    }),
  );
  ctx.body = {
    ListMultipartUploadsResult: {
      Bucket: bucket,
      MaxUploads: 1000,
      IsTruncated: false,
      ...(uploads.length > 0 ? { Upload: uploads } : {}),
    },
  };
}

/**
 * The multipart calls s3rver does not implement, answered before its router sees them (and so
 * before its signature check, which only matters to a test that wants to be refused).
 */
function multipartExtras(root: string) {
  return async (ctx: S3rverContext, next: () => Promise<void>) => {
    const [, bucket = "", ...rest] = ctx.path.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : null;
    if (ctx.method === "GET" && key && uploadId !== null && ctx.query.partNumber === undefined) {
      return listParts(ctx, root, bucket, key, uploadId);
    }
    if (ctx.method === "DELETE" && key && uploadId !== null) {
      if ((await uploadKey(root, bucket, uploadId)) !== key) return noSuchUpload(ctx, uploadId);
      await rm(path.join(uploadsDir(root, bucket), uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === "GET" && bucket && !key && "uploads" in ctx.query) {
      return listUploads(ctx, root, bucket);
    }
    await next();
  };
}

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "commons-files";
  const directory = mkdtempSync(path.join(tmpdir(), "commons-s3-"));
  const port = await freePort();
  let server: S3rver | null = null;
  const sockets = new Set<Socket>();

  const start = async () => {
    const instance = new S3rver({
      address: "127.0.0.1",
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    // Koa runs middleware in order; the last one is s3rver's router, and the XML encoder before it
    // turns the plain objects set as bodies here into S3's XML.
    instance.middleware.splice(instance.middleware.length - 1, 0, multipartExtras(directory));
    await instance.run();
    instance.httpServer?.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    });
    server = instance;
  };

  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
