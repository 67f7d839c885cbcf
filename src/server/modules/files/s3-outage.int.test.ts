// S3 unreachable for a while: every file-store request answers at once with the retryable 503
// (storage/internal-error), never a 4xx that would make the client give up or start over and
// never a hang; once S3 is back on the same address, the paused upload continues from its offset.

import { randomBytes } from "node:crypto";
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
