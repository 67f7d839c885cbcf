// Two app processes on one PostgreSQL database and one S3 bucket, as behind a load balancer: the
// chunks of one upload land on either process and the file comes out whole, and two requests
// writing one upload at once on different processes never both write (the shared tus locker).
// PGlite keeps its data to one process, so this runs on PostgreSQL only.

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, freePort, killChildServer, startChildServer } from "#server/test/child-server.ts";
import { createTestDatabase, TestBrowser, type TestDatabase, uniqueEmail } from "#server/test/harness.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { type SmtpCapture, startSmtpCapture } from "#server/test/smtp-capture.ts";
import { createCommunity, md5, tusHeaders, tusMetadata } from "./storage-test-support.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);

let database: TestDatabase;
let smtp: SmtpCapture;
let s3: S3TestServer;
let dataDir: string;
const children: ChildServer[] = [];
let urls: [string, string];
let person: TestBrowser;
let communityId: string;

/** Starts a process on `port`; both answer as the first one's address, as behind one balancer. */
async function start(port: number, appUrl: string): Promise<string> {
  children.push(
    await startChildServer({
      port,
      url: appUrl,
      dataDir,
      smtpUrl: smtp.url,
      databaseUrl: database.databaseUrl,
      env: s3.env,
    }),
  );
  return `http://127.0.0.1:${port}`;
}

// Two servers starting while other test files run can take a while on a small machine.
beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
  s3 = await startS3Server();
  // One data directory: both processes read the same generated AUTH_SECRET, so a session made on
  // one is good on the other, as with replicas sharing their settings.
  dataDir = mkdtempSync(path.join(tmpdir(), "commons-upload-processes-"));
  const ports = [await freePort(), await freePort()] as const;
  const appUrl = `http://127.0.0.1:${ports[0]}`;
  urls = [await start(ports[0], appUrl), await start(ports[1], appUrl)];
  person = new TestBrowser(urls[0], smtp);
  await person.signIn(uniqueEmail("uploader"), "Uma Uploader");
  communityId = await createCommunity(person);
}, 240_000);
afterAll(async () => {
  for (const child of children) await killChildServer(child);
  await database?.dispose();
  await smtp?.close();
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const csvBytes = (size: number) => Buffer.from(randomBytes(size).toString("hex").slice(0, size));

const tus = (extra: Record<string, string> = {}) => ({
  ...tusHeaders(person),
  "Tus-Resumable": "1.0.0",
  ...extra,
});

/** Starts an upload on `base`; returns its address (the same path on every process). */
async function create(base: string, data: Buffer, name: string): Promise<string> {
  const response = await fetch(`${base}/api/storage/v0/uploads/`, {
    method: "POST",
    headers: tus({
      "Upload-Length": String(data.length),
      "Upload-Metadata": tusMetadata({
        bucket: "member-imports",
        name: `${communityId}/${name}`,
        contentType: "text/csv",
        md5Hash: md5(data),
      }),
    }),
    signal: AbortSignal.timeout(20_000),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const location = response.headers.get("location") ?? "";
  return new URL(location, base).pathname;
}

async function offsetOn(base: string, upload: string): Promise<number> {
  const head = await fetch(`${base}${upload}`, {
    method: "HEAD",
    headers: tus(),
    signal: AbortSignal.timeout(20_000),
  });
  expect(head.status).toBe(200);
  return Number(head.headers.get("upload-offset"));
}

const patch = (base: string, upload: string, offset: number, body: BodyInit) =>
  fetch(`${base}${upload}`, {
    method: "PATCH",
    headers: tus({ "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" }),
    body,
    duplex: "half",
    signal: AbortSignal.timeout(30_000),
  } as RequestInit);

describe.runIf(onPostgres)("one upload across two app processes", () => {
  it("completes with the right MD5 when each chunk's HEAD and PATCH go to different processes", {
    timeout: 120_000,
  }, async () => {
    const data = csvBytes(3 * 1024 * 1024 + 4321);
    const upload = await create(urls[0], data, "alternating.csv");
    let chunk = 256 * 1024;
    let last: Response | null = null;
    for (let turn = 0; ; turn++) {
      const offset = await offsetOn(urls[turn % 2] as string, upload);
      const body = data.subarray(offset, offset + chunk);
      last = await patch(urls[(turn + 1) % 2] as string, upload, offset, body);
      expect(last.status, await last.clone().text()).toBeLessThan(300);
      expect(Number(last.headers.get("upload-offset"))).toBe(offset + body.length);
      if (offset + body.length === data.length) break;
      chunk *= 2;
    }
    const meta = (await last.json()) as { md5Hash: string; size: number; downloadUrl: string };
    expect(meta).toMatchObject({ md5Hash: md5(data), size: data.length });
    const link = new URL(meta.downloadUrl, urls[1]);
    const downloaded = await fetch(`${urls[1]}${link.pathname}${link.search}`, {
      headers: tusHeaders(person),
    });
    expect(downloaded.status).toBe(200);
    expect(md5(Buffer.from(await downloaded.arrayBuffer()))).toBe(md5(data));
  });

  it("lets only one of two concurrent PATCHes on different processes write; the upload stays whole", {
    timeout: 120_000,
  }, async () => {
    const data = csvBytes(1024 * 1024);
    const upload = await create(urls[0], data, "contended.csv");
    const id = upload.split("/").at(-1) as string;
    const half = 128 * 1024;

    // The first PATCH sends half its bytes, then holds its request open: it holds the lock.
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
        controller.enqueue(data.subarray(0, half));
      },
    });
    const first = patch(urls[0], upload, 0, slow);
    await waitForAdvisoryLock(id);

    // The second, on the other process, asks the holder to let go (tus's "request release"):
    // the holder stops after draining and keeps what it received; the offset then no longer
    // matches, so the second is refused with 409 rather than writing over it.
    const second = await patch(urls[1], upload, 0, data.subarray(0, 256 * 1024));
    feed.close();
    const firstResponse = await first;
    expect(second.status).toBe(409);
    expect(firstResponse.status).toBe(204);
    const kept = Number(firstResponse.headers.get("upload-offset"));
    expect(kept).toBe(half);

    // The client resumes from the server's offset and the file comes out whole.
    expect(await offsetOn(urls[1], upload)).toBe(half);
    const rest = await patch(urls[1], upload, half, data.subarray(half));
    expect(rest.status, await rest.clone().text()).toBe(200);
    expect(((await rest.json()) as { md5Hash: string }).md5Hash).toBe(md5(data));
  });

  // Last in the file: it kills the first process.
  it("frees the lock of a process killed mid-chunk, and the upload continues on the other", {
    timeout: 120_000,
  }, async () => {
    const data = csvBytes(768 * 1024);
    const upload = await create(urls[0], data, "orphaned.csv");
    const id = upload.split("/").at(-1) as string;
    const held = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(data.subarray(0, 64 * 1024));
      },
    });
    const doomed = patch(urls[0], upload, 0, held).catch(() => null);
    await waitForAdvisoryLock(id);
    await killChildServer(children[0]);
    await doomed;

    // PostgreSQL ended the dead process's session and its locks with it; nothing waits for a
    // time-out. The chunk in flight was lost, so the client starts again from the server's offset.
    const offset = await offsetOn(urls[1], upload);
    const rest = await patch(urls[1], upload, offset, data.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(200);
    expect(((await rest.json()) as { md5Hash: string }).md5Hash).toBe(md5(data));
  });
});

/** Waits until some process holds the advisory lock of upload `id`, as PostgreSQL reports it. */
async function waitForAdvisoryLock(id: string) {
  const client = new pg.Client({ connectionString: database.databaseUrl ?? "" });
  await client.connect();
  try {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ held: boolean }>(
        `select exists (
           select 1 from pg_locks
           where locktype = 'advisory' and granted and objsubid = 1
             and database = (select oid from pg_database where datname = current_database())
             and ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)
         ) as held`,
        [`tus-upload:${id}`],
      );
      if (rows[0]?.held) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no process took the lock of upload ${id}`);
  } finally {
    await client.end();
  }
}
