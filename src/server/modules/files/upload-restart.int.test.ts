// A resumable upload survives a pause, and the server being killed (SIGKILL) mid-chunk and
// restarted on the same data: the client resumes with the same upload URL and the bytes arrive intact.
import { randomBytes } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { type ChildServer, restartableServer } from "#server/test/child-server.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { createCommunity, md5, startTus, tusHeaders, uploadAndPauseAfter } from "./storage-test-support.ts";

const MiB = 1024 * 1024;

const server = restartableServer({ name: "restart" });
let child: ChildServer | undefined;

async function head(uploadUrl: string, browser: TestBrowser): Promise<number> {
  const response = await fetch(uploadUrl, {
    method: "HEAD",
    headers: { ...tusHeaders(browser), "Tus-Resumable": "1.0.0" },
  });
  expect(response.status).toBe(200);
  return Number(response.headers.get("upload-offset"));
}

beforeAll(async () => {
  child = await server.start();
}, 180_000);

it("resumes a 20 MiB upload after a pause and after the server is killed and restarted", {
  timeout: 120_000,
}, async () => {
  const browser = new TestBrowser(server.url, server.smtp);
  const email = uniqueEmail("restart");
  await browser.signIn(email, "Rhea Restart");
  const communityId = await createCommunity(browser);
  const data = Buffer.from(randomBytes(15 * MiB).toString("base64"));
  expect(data.length).toBe(20 * MiB);
  const metadata = { bucket: "member-imports", name: `${communityId}/members.csv`, contentType: "text/csv" };
  const chunkSize = MiB;

  // 1. Pause part-way (the client aborts), then resume from the server's offset.
  const first = await uploadAndPauseAfter(server.url, data, 4 * MiB, {
    headers: tusHeaders(browser),
    metadata,
    chunkSize,
  });
  const uploadUrl = first.url as string;
  const pausedAt = await head(uploadUrl, browser);
  expect(pausedAt).toBeGreaterThanOrEqual(4 * MiB);

  // 2. Resume, and kill the server with a chunk in flight.
  let killed = false;
  const second = startTus(server.url, data, {
    headers: tusHeaders(browser),
    metadata,
    chunkSize,
    uploadUrl,
    onChunk: (accepted) => {
      if (!killed && accepted >= 10 * MiB) {
        killed = true;
        child?.process.kill("SIGKILL");
      }
    },
  }).done;
  const interrupted = await second;
  expect(killed).toBe(true);
  expect(interrupted.ok).toBe(false);
  await child?.exited;

  // 3. Restart on the same data directory and port; the same upload URL carries on.
  child = await server.start();
  const session = await browser.fetch("/api/auth/get-session");
  if (!(await session.json())) await browser.signIn(email);
  const restartedAt = await head(uploadUrl, browser);
  expect(restartedAt).toBeGreaterThanOrEqual(10 * MiB);
  expect(restartedAt).toBeLessThan(data.length);

  const finished = await startTus(server.url, data, {
    headers: tusHeaders(browser),
    metadata,
    chunkSize,
    uploadUrl,
  }).done;
  expect(finished, child.log()).toMatchObject({
    ok: true,
    status: 200,
    bytesSent: data.length - restartedAt,
  });
  const meta = JSON.parse(finished.body) as { md5Hash: string; size: number; downloadUrl: string };
  expect(meta).toMatchObject({ size: data.length, md5Hash: md5(data) });
  const downloaded = Buffer.from(await (await browser.fetch(meta.downloadUrl)).arrayBuffer());
  expect(md5(downloaded)).toBe(md5(data));
});
