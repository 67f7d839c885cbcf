// S3 unreachable for a while: every file-store request answers at once with the retryable 503
// (storage/internal-error), never a 4xx that would make the client give up or start over and
// never a hang; once S3 is back on the same address, the paused upload continues from its offset.

import { randomBytes } from "node:crypto";
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import {
  createCommunity,
  md5,
  multipart,
  objectUrl,
  startTus,
  tusHeaders,
  tusMetadata,
  uploadAndPauseAfter,
} from "./storage-test-support.ts";

let s3: S3TestServer;
let t: TestServer;
let owner: TestBrowser;
let communityId: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestServer({ overrides: { storage: { s3: s3.config } } });
  owner = t.browser();
  await owner.signIn(uniqueEmail("outage"), "Otto Outage");
  communityId = await createCommunity(owner);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const csvBytes = (size: number) => Buffer.from(randomBytes(size).toString("hex").slice(0, size));
const tus = (browser: TestBrowser, extra: Record<string, string> = {}) => ({
  ...tusHeaders(browser),
  "Tus-Resumable": "1.0.0",
  ...extra,
});

/** The answer must come well inside the test's own time-out, whatever S3 does. */
const bounded = () => ({ signal: AbortSignal.timeout(20_000) });

async function expectUnavailable(response: Response) {
  const text = await response.text();
  // A HEAD answer has no body: its status is what the client goes by.
  if (text === "") return expect(response.status).toBe(503);
  expect({ status: response.status, code: JSON.parse(text).error.code }, text).toEqual({
    status: 503,
    code: "storage/internal-error",
  });
}

describe("S3 unreachable for a while", () => {
  it("answers 503 to every file request while S3 is down, then the paused upload completes", {
    timeout: 90_000,
  }, async () => {
    const stored = csvBytes(2000);
    const storedPath = `${communityId}/before.csv`;
    expect((await multipart(owner, "member-imports", storedPath, stored, { type: "text/csv" })).status).toBe(
      200,
    );
    const data = csvBytes(1536 * 1024);
    const metadata = {
      bucket: "member-imports",
      name: `${communityId}/during-outage.csv`,
      contentType: "text/csv",
      md5Hash: md5(data),
    };
    const paused = await uploadAndPauseAfter(t.url, data, 512 * 1024, {
      headers: tusHeaders(owner),
      metadata,
    });
    const uploadUrl = paused.url as string;

    await s3.stop();
    try {
      // The client's resume starts with a HEAD: 404 there would make it start over or stop.
      await expectUnavailable(await fetch(uploadUrl, { method: "HEAD", headers: tus(owner), ...bounded() }));
      await expectUnavailable(
        await fetch(uploadUrl, {
          method: "PATCH",
          headers: tus(owner, {
            "Upload-Offset": "524288",
            "Content-Type": "application/offset+octet-stream",
          }),
          body: data.subarray(524288, 524288 + 1024),
          ...bounded(),
        }),
      );
      await expectUnavailable(
        await fetch(`${t.url}/api/storage/v0/uploads/`, {
          method: "POST",
          headers: tus(owner, {
            "Upload-Length": String(data.length),
            "Upload-Metadata": tusMetadata({ ...metadata, name: `${communityId}/another.csv` }),
          }),
          ...bounded(),
        }),
      );
      await expectUnavailable(
        await owner.fetch(objectUrl("member-imports", storedPath, "?alt=media"), bounded()),
      );
      await expectUnavailable(
        await multipart(owner, "member-imports", `${communityId}/small.csv`, stored, { type: "text/csv" }),
      );
    } finally {
      await s3.start();
    }

    const resumed = await startTus(t.url, data, { headers: tusHeaders(owner), metadata, uploadUrl }).done;
    expect(resumed).toMatchObject({ ok: true, status: 200 });
    expect(resumed.bytesSent).toBeLessThan(data.length);
    expect(JSON.parse(resumed.body).md5Hash).toBe(md5(data));
    const download = await owner.fetch(objectUrl("member-imports", storedPath, "?alt=media"));
    expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(md5(stored));
  });

  it("answers 503 within its time-outs when S3 accepts connections but never replies", {
    timeout: 60_000,
  }, async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const stuck = await startTestServer({
      overrides: {
        storage: { s3: { ...s3.config, endpoint: `http://127.0.0.1:${port}`, idleTimeoutMs: 500 } },
      },
    });
    try {
      const browser = stuck.browser();
      await browser.signIn(uniqueEmail("stuck"), "Stella Stuck");
      const community = await createCommunity(browser);
      const post = await fetch(`${stuck.url}/api/storage/v0/uploads/`, {
        method: "POST",
        headers: tus(browser, {
          "Upload-Length": "300000",
          "Upload-Metadata": tusMetadata({
            bucket: "member-imports",
            name: `${community}/stuck.csv`,
            contentType: "text/csv",
          }),
        }),
        ...bounded(),
      });
      await expectUnavailable(post);
    } finally {
      await stuck.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

/**
 * Stands between the app and the test S3, passing every call on unless `failing` says the store
 * is down for it, in which case it answers as an overloaded S3 does (503 SlowDown): so a test can
 * take away one kind of call, such as storing finished objects under `blobs/`, at a chosen moment.
 */
async function startS3Gate(target: string) {
  let failing: (req: IncomingMessage) => boolean = () => false;
  const server = createHttpServer((req, res) => {
    if (failing(req)) {
      req.resume();
      res.writeHead(503, { "Content-Type": "application/xml" });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Down</Message></Error>',
      );
      return;
    }
    const upstream = httpRequest(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    fail(when: (req: IncomingMessage) => boolean) {
      failing = when;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("S3 failing at an upload's first and last steps", () => {
  let gate: Awaited<ReturnType<typeof startS3Gate>>;
  let app: TestServer;
  let person: TestBrowser;
  let community: string;

  beforeAll(async () => {
    gate = await startS3Gate(s3.config.endpoint as string);
    app = await startTestServer({
      overrides: {
        storage: {
          s3: { ...s3.config, endpoint: gate.endpoint },
          userQuota: { bytes: 1024 ** 3, openUploads: 2 },
        },
      },
    });
    person = app.browser();
    await person.signIn(uniqueEmail("gate"), "Gina Gate");
    community = await createCommunity(person);
  });
  afterAll(async () => {
    await app?.close();
    await gate?.close();
  });

  const create = (name: string, size: number) =>
    fetch(`${app.url}/api/storage/v0/uploads/`, {
      method: "POST",
      headers: tus(person, {
        "Upload-Length": String(size),
        "Upload-Metadata": tusMetadata({
          bucket: "member-imports",
          name: `${community}/${name}`,
          contentType: "text/csv",
        }),
      }),
      ...bounded(),
    });

  it("holds no share of the quota for uploads the store could not create", { timeout: 60_000 }, async () => {
    gate.fail(() => true);
    try {
      // More attempts than the two open uploads the person may have: each is the same retryable 503.
      for (let attempt = 0; attempt < 4; attempt++)
        await expectUnavailable(await create("retried.csv", 1000));
    } finally {
      gate.fail(() => false);
    }
    const created = await create("retried.csv", 1000);
    expect(created.status, await created.text()).toBe(201);
  });

  it("keeps an upload whose last step failed, and stores it on the client's next HEAD", {
    timeout: 60_000,
  }, async () => {
    const data = csvBytes(300 * 1024);
    const name = `${community}/last-step.csv`;
    const created = await fetch(`${app.url}/api/storage/v0/uploads/`, {
      method: "POST",
      headers: tus(person, {
        "Upload-Length": String(data.length),
        "Upload-Metadata": tusMetadata({
          bucket: "member-imports",
          name,
          contentType: "text/csv",
          md5Hash: md5(data),
        }),
      }),
      ...bounded(),
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.headers.get("location") as string, app.url).href;

    // Every byte goes in, then storing the finished object fails: S3 refuses writes under blobs/.
    gate.fail((req) => req.method === "PUT" && (req.url ?? "").includes("/blobs/"));
    try {
      await expectUnavailable(
        await fetch(uploadUrl, {
          method: "PATCH",
          headers: tus(person, { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }),
          body: data,
          ...bounded(),
        }),
      );
      // While it lasts, the client's HEAD is answered 503 too, never "complete" with nothing stored.
      await expectUnavailable(await fetch(uploadUrl, { method: "HEAD", headers: tus(person), ...bounded() }));
    } finally {
      gate.fail(() => false);
    }

    const head = await fetch(uploadUrl, { method: "HEAD", headers: tus(person), ...bounded() });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(data.length));
    const download = await person.fetch(objectUrl("member-imports", name, "?alt=media"), bounded());
    expect(download.status).toBe(200);
    expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(md5(data));
  });
});
