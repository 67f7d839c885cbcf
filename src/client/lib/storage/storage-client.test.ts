import { delay, HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { RESUMABLE_CHUNK_SIZE } from "./resumable-upload.ts";
import { MAX_BACKOFF_MS, MAX_JITTER_MS, UPLOAD_RETRY_BUDGET_MS } from "./retry.ts";
import { downloadUrl, RESUMABLE_THRESHOLD_BYTES, uploadFile } from "./storage-client.ts";
import { bytes, objectMetadata as metadata } from "./storage-test-support.ts";

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  bodySize: number;
}
type Reply = { status: number; headers?: Record<string, string>; body?: string };

/** A tus 1.0 server keeping offsets per upload URL, answering through the test network. */
class FakeTusServer {
  seen: Seen[] = [];
  offsets = new Map<string, { offset: number; length: number }>();
  next = 1;
  override: ((request: Seen) => Reply | "hang" | undefined) | undefined;

  handle(request: Seen): Reply | "hang" {
    this.seen.push(request);
    const custom = this.override?.(request);
    if (custom) return custom;
    if (request.method === "POST") {
      const url = `http://localhost:3000/api/storage/v0/uploads/u${this.next++}`;
      this.offsets.set(url, { offset: 0, length: Number(request.headers.get("Upload-Length")) });
      return { status: 201, headers: { Location: url } };
    }
    const upload = this.offsets.get(request.url);
    if (!upload) return { status: 404 };
    if (request.method === "HEAD") {
      return {
        status: 200,
        headers: { "Upload-Offset": String(upload.offset), "Upload-Length": String(upload.length) },
      };
    }
    upload.offset += request.bodySize;
    const done = upload.offset === upload.length;
    return {
      status: done ? 200 : 204,
      headers: { "Upload-Offset": String(upload.offset) },
      body: done ? JSON.stringify(metadata("c1/cover.webp", upload.length)) : "",
    };
  }
}

let tus: FakeTusServer;

/**
 * A retry clock that jumps by each wait instead of waiting: a run that would take ten minutes
 * takes milliseconds, and everything else (jsdom reading Blobs, hashing) runs on real time.
 */
function virtualClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep(ms: number) {
      waits.push(ms);
      now += ms;
      return new Promise<void>((resolve) => setTimeout(resolve, 0));
    },
  };
}

/** Leaves the second PATCH unanswered, like a stalled connection, so a test can pause mid-upload. */
function hangAfterFirstPatch() {
  let patches = 0;
  return (request: Seen): "hang" | undefined =>
    request.method === "PATCH" && ++patches > 1 ? "hang" : undefined;
}

beforeEach(() => {
  tus = new FakeTusServer();
  server.use(
    http.all(/\/api\/storage\/v0\/uploads\//, async ({ request }) => {
      const reply = tus.handle({
        method: request.method,
        url: request.url,
        headers: request.headers,
        bodySize: (await request.arrayBuffer()).byteLength,
      });
      if (reply === "hang") await delay("infinite");
      else return new HttpResponse(reply.body || null, { status: reply.status, headers: reply.headers });
    }),
  );
});

describe("uploadFile routing at the 256 KiB threshold", () => {
  it("sends one byte more through tus, doubling the chunk after each accepted PATCH", async () => {
    const size = RESUMABLE_CHUNK_SIZE * 7 + 1;
    const task = uploadFile({ bucket: "event-images", path: "c1/cover.webp", file: bytes(size) });
    expect(task.snapshot().resumable).toBe(true);
    await expect(task.done).resolves.toMatchObject({ fullPath: "c1/cover.webp", size });
    const [create, ...patches] = tus.seen;
    expect(create?.url).toBe("http://localhost:3000/api/storage/v0/uploads/");
    expect(create?.headers.get("Upload-Length")).toBe(String(size));
    const fields = Object.fromEntries(
      (create?.headers.get("Upload-Metadata") ?? "").split(",").map((pair) => {
        const [key = "", value = ""] = pair.split(" ");
        return [key, atob(value)];
      }),
    );
    expect(fields).toMatchObject({
      bucket: "event-images",
      name: "c1/cover.webp",
      contentType: "image/webp",
    });
    expect(patches.map((request) => request.bodySize)).toEqual([
      RESUMABLE_CHUNK_SIZE,
      RESUMABLE_CHUNK_SIZE * 2,
      RESUMABLE_CHUNK_SIZE * 4,
      1,
    ]);
    expect(task.snapshot()).toMatchObject({ state: "success", bytesTransferred: size });
  });

  it("continues from the server's offset after a reload, found by fingerprint", async () => {
    const file = bytes(RESUMABLE_CHUNK_SIZE * 3);
    tus.override = hangAfterFirstPatch();
    const first = uploadFile({ bucket: "event-images", path: "c1/cover.webp", file });
    await vi.waitFor(() => expect(tus.seen.filter((r) => r.method === "PATCH")).toHaveLength(2), {
      timeout: 10_000,
    });
    first.pause();
    await vi.waitFor(() => expect(first.snapshot().state).toBe("paused"), { timeout: 10_000 });

    tus.seen = [];
    tus.override = undefined;
    const again = uploadFile({ bucket: "event-images", path: "c1/cover.webp", file });
    await expect(again.done).resolves.toMatchObject({ fullPath: "c1/cover.webp" });
    // No POST: the stored URL is reused; the chunk size starts small again in the new page.
    expect(tus.seen.map((request) => request.method)).toEqual(["HEAD", "PATCH", "PATCH"]);
    expect(tus.seen[1]?.headers.get("Upload-Offset")).toBe(String(RESUMABLE_CHUNK_SIZE));
  });

  it("maps the server's error body, e.g. a full quota at creation", async () => {
    tus.override = (request) =>
      request.method === "POST"
        ? {
            status: 402,
            body: JSON.stringify({
              error: { code: "storage/quota-exceeded", message: "Quota exceeded.", status: 402 },
            }),
          }
        : undefined;
    const task = uploadFile({
      bucket: "event-images",
      path: "c1/cover.webp",
      file: bytes(RESUMABLE_THRESHOLD_BYTES + 1),
    });
    await expect(task.done).rejects.toMatchObject({ code: "storage/quota-exceeded", status: 402 });
    expect(task.snapshot().state).toBe("error");
  });

  it("keeps retrying a failing server for up to 600 s, then reports retry-limit-exceeded", async () => {
    tus.override = (request) => (request.method === "POST" ? undefined : { status: 503 });
    const clock = virtualClock();
    const task = uploadFile({
      bucket: "event-images",
      path: "c1/cover.webp",
      file: bytes(RESUMABLE_THRESHOLD_BYTES + 1),
      retryClock: clock,
    });
    const error = await task.done.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "storage/retry-limit-exceeded" });
    expect(task.snapshot().state).toBe("error");
    // It gave up with the budget spent: the waits fit in 600 s, and one more (at most 64 s plus
    // 1 s of jitter) would not have.
    const waited = clock.waits.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThanOrEqual(UPLOAD_RETRY_BUDGET_MS);
    expect(waited).toBeGreaterThan(UPLOAD_RETRY_BUDGET_MS - MAX_BACKOFF_MS - MAX_JITTER_MS);
    expect(clock.waits.slice(0, 3).map((ms) => Math.floor(ms / 1000))).toEqual([1, 2, 4]);
    // Each retry re-reads the offset with a HEAD before sending again.
    expect(tus.seen.filter((request) => request.method === "HEAD")).toHaveLength(clock.waits.length);
    expect(tus.seen.filter((request) => request.method === "POST")).toHaveLength(1);
    expect(clock.waits.length).toBeGreaterThan(8);
  });

  it("waits out a file-store outage shorter than the budget and continues from the server's offset", async () => {
    // What the server answers while S3 is unreachable (s3-outage.int.test.ts), for five minutes.
    const outage = {
      status: 503,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        error: { code: "storage/internal-error", message: "The file store cannot be reached.", status: 503 },
      }),
    };
    const clock = virtualClock();
    // The outage begins once the first chunk is in; while it lasts, every request fails.
    let patches = 0;
    tus.override = (request) => {
      if (request.method === "PATCH" && ++patches === 1) return undefined;
      return patches > 0 && clock.now() < 300_000 ? outage : undefined;
    };
    const size = RESUMABLE_CHUNK_SIZE * 3;
    const task = uploadFile({
      bucket: "event-images",
      path: "c1/cover.webp",
      file: bytes(size),
      retryClock: clock,
    });
    await expect(task.done).resolves.toMatchObject({ fullPath: "c1/cover.webp", size });
    const waited = clock.waits.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeGreaterThanOrEqual(300_000);
    expect(waited).toBeLessThan(UPLOAD_RETRY_BUDGET_MS);
    // One upload was ever created, and no new one was even asked for during the outage (each such
    // POST would hold a share of the person's quota): after it, the upload went on from its first chunk.
    expect(tus.seen.filter((request) => request.method === "POST")).toHaveLength(1);
    expect(tus.next).toBe(2);
    const patchOffsets = tus.seen
      .filter((request) => request.method === "PATCH")
      .map((request) => Number(request.headers.get("Upload-Offset")));
    expect(patchOffsets[0]).toBe(0);
    expect(patchOffsets.at(-1)).toBeGreaterThanOrEqual(RESUMABLE_CHUNK_SIZE);
    expect(patchOffsets.slice(1).every((offset) => offset > 0)).toBe(true);
  });

  it("cancels a resumable upload by terminating it on the server", async () => {
    const hang = hangAfterFirstPatch();
    tus.override = (request) => (request.method === "DELETE" ? { status: 204 } : hang(request));
    const task = uploadFile({
      bucket: "event-images",
      path: "c1/cover.webp",
      file: bytes(RESUMABLE_CHUNK_SIZE * 3),
    });
    await vi.waitFor(() => expect(tus.seen.filter((r) => r.method === "PATCH")).toHaveLength(2), {
      timeout: 10_000,
    });
    task.cancel();
    await expect(task.done).rejects.toMatchObject({ code: "storage/canceled" });
    expect(tus.seen.at(-1)?.method).toBe("DELETE");
  });
});

describe("download URLs", () => {
  it("builds the download URL from the first token", () => {
    const meta = { ...metadata("c1/a b.webp", 1), downloadTokens: "tok1,tok2" } as unknown as Parameters<
      typeof downloadUrl
    >[0];
    expect(downloadUrl(meta)).toBe("/api/storage/v0/b/event-images/o/c1%2Fa%20b.webp?alt=media&token=tok1");
    expect(() => downloadUrl({ ...meta, downloadTokens: "" })).toThrow(
      expect.objectContaining({ code: "storage/no-download-url" }),
    );
  });
});
