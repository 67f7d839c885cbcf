import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RESUMABLE_CHUNK_SIZE } from "./resumable-upload.ts";
import { MAX_BACKOFF_MS, MAX_JITTER_MS, UPLOAD_RETRY_BUDGET_MS } from "./retry.ts";
import {
  deleteObject,
  downloadUrl,
  getMetadata,
  RESUMABLE_THRESHOLD_BYTES,
  uploadFile,
  uploadString,
} from "./storage-client.ts";

const metadata = (fullPath: string, size: number) => ({
  bucket: "event-images",
  generation: "1",
  metageneration: "1",
  fullPath,
  name: fullPath.split("/").at(-1),
  size,
  contentType: "image/webp",
  customMetadata: {},
  downloadTokens: "tok1,tok2",
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  bodySize: number;
}
type Reply = { status: number; headers?: Record<string, string>; body?: string };

/** A tus 1.0 server at the XMLHttpRequest boundary, keeping offsets per upload URL. */
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
      this.offsets.set(url, { offset: 0, length: Number(request.headers["Upload-Length"]) });
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

let server: FakeTusServer;

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

class FakeXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((error: unknown) => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = "";
  #method = "";
  #url = "";
  #headers: Record<string, string> = {};
  #responseHeaders: Record<string, string> = {};
  #aborted = false;

  open(method: string, url: string) {
    this.#method = method;
    this.#url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.#headers[name] = value;
  }
  getResponseHeader(name: string) {
    const key = Object.keys(this.#responseHeaders).find(
      (header) => header.toLowerCase() === name.toLowerCase(),
    );
    return key ? (this.#responseHeaders[key] ?? null) : null;
  }
  send(body?: Blob | null) {
    setTimeout(() => {
      if (this.#aborted) return;
      const reply = server.handle({
        method: this.#method,
        url: this.#url,
        headers: this.#headers,
        bodySize: body?.size ?? 0,
      });
      if (reply === "hang") return;
      this.status = reply.status;
      this.responseText = reply.body ?? "";
      this.#responseHeaders = reply.headers ?? {};
      this.onload?.();
    }, 0);
  }
  abort() {
    this.#aborted = true;
  }
}

const bytes = (size: number) => new Blob([new Uint8Array(size)], { type: "image/webp" });
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  server = new FakeTusServer();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("uploadFile routing at the 256 KiB threshold", () => {
  it("sends a file of exactly 256 KiB in one multipart POST with the session cookie", async () => {
    fetchMock.mockResolvedValue(json(metadata("c1/logo.webp", RESUMABLE_THRESHOLD_BYTES)));
    const task = uploadFile({
      bucket: "community-assets",
      path: "c1/logo.webp",
      file: bytes(RESUMABLE_THRESHOLD_BYTES),
      customMetadata: { kind: "logo" },
    });
    expect(task.snapshot().resumable).toBe(false);
    await expect(task.done).resolves.toMatchObject({ fullPath: "c1/logo.webp" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("http://localhost:3000/api/storage/v0/b/community-assets/o?name=c1%2Flogo.webp");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    const form = init?.body;
    if (!(form instanceof FormData)) throw new Error("expected a multipart body");
    const file = form.get("file");
    expect(file).toBeInstanceOf(Blob);
    expect((file as Blob).size).toBe(RESUMABLE_THRESHOLD_BYTES);
    expect(JSON.parse(await (form.get("metadata") as Blob).text())).toEqual({
      contentType: "image/webp",
      customMetadata: { kind: "logo" },
    });
    expect(server.seen).toEqual([]);
    expect(task.snapshot()).toMatchObject({ state: "success", bytesTransferred: RESUMABLE_THRESHOLD_BYTES });
  });

  it("sends one byte more through tus, doubling the chunk after each accepted PATCH", async () => {
    const size = RESUMABLE_CHUNK_SIZE * 7 + 1;
    const task = uploadFile({ bucket: "event-images", path: "c1/cover.webp", file: bytes(size) });
    expect(task.snapshot().resumable).toBe(true);
    await expect(task.done).resolves.toMatchObject({ fullPath: "c1/cover.webp", size });
    expect(fetchMock).not.toHaveBeenCalled();
    const [create, ...patches] = server.seen;
    expect(create?.url).toBe("http://localhost:3000/api/storage/v0/uploads/");
    expect(create?.headers["Upload-Length"]).toBe(String(size));
    const fields = Object.fromEntries(
      (create?.headers["Upload-Metadata"] ?? "").split(",").map((pair) => {
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
    server.override = hangAfterFirstPatch();
    const first = uploadFile({ bucket: "event-images", path: "c1/cover.webp", file });
    await vi.waitFor(() => expect(server.seen.filter((r) => r.method === "PATCH")).toHaveLength(2), {
      timeout: 10_000,
    });
    first.pause();
    await vi.waitFor(() => expect(first.snapshot().state).toBe("paused"), { timeout: 10_000 });

    server.seen = [];
    server.override = undefined;
    const again = uploadFile({ bucket: "event-images", path: "c1/cover.webp", file });
    await expect(again.done).resolves.toMatchObject({ fullPath: "c1/cover.webp" });
    // No POST: the stored URL is reused; the chunk size starts small again in the new page.
    expect(server.seen.map((request) => request.method)).toEqual(["HEAD", "PATCH", "PATCH"]);
    expect(server.seen[1]?.headers["Upload-Offset"]).toBe(String(RESUMABLE_CHUNK_SIZE));
  });

  it("maps the server's error body, e.g. a full quota at creation", async () => {
    server.override = (request) =>
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
    server.override = (request) => (request.method === "POST" ? undefined : { status: 503 });
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
    expect(server.seen.filter((request) => request.method === "HEAD")).toHaveLength(clock.waits.length);
    expect(clock.waits.length).toBeGreaterThan(8);
  });

  it("cancels a resumable upload by terminating it on the server", async () => {
    const hang = hangAfterFirstPatch();
    server.override = (request) => (request.method === "DELETE" ? { status: 204 } : hang(request));
    const task = uploadFile({
      bucket: "event-images",
      path: "c1/cover.webp",
      file: bytes(RESUMABLE_CHUNK_SIZE * 3),
    });
    await vi.waitFor(() => expect(server.seen.filter((r) => r.method === "PATCH")).toHaveLength(2), {
      timeout: 10_000,
    });
    task.cancel();
    await expect(task.done).rejects.toMatchObject({ code: "storage/canceled" });
    expect(server.seen.at(-1)?.method).toBe("DELETE");
  });
});

describe("uploadString", () => {
  it("uploads a data URL with its own content type", async () => {
    fetchMock.mockResolvedValue(json(metadata("u1/a.txt", 2)));
    const task = uploadString("data:text/plain;base64,aGk=", "data_url", {
      bucket: "avatars",
      path: "u1/a.txt",
    });
    await task.done;
    const form = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    const file = form.get("file") as Blob;
    expect(file.type).toBe("text/plain");
    expect(await file.text()).toBe("hi");
  });

  it("fails the task with invalid-format for a malformed value", async () => {
    const task = uploadString("abc-", "base64", { bucket: "avatars", path: "u1/a.bin" });
    await expect(task.done).rejects.toMatchObject({ code: "storage/invalid-format" });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("object operations", () => {
  it("reads metadata and maps a 404 to object-not-found", async () => {
    fetchMock.mockResolvedValueOnce(json(metadata("c1/x.webp", 3)));
    await expect(getMetadata({ bucket: "event-images", path: "c1/x.webp" })).resolves.toMatchObject({
      size: 3,
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      "http://localhost:3000/api/storage/v0/b/event-images/o/c1%2Fx.webp",
    );
    fetchMock.mockResolvedValueOnce(new Response("", { status: 404 }));
    await expect(getMetadata({ bucket: "event-images", path: "c1/y.webp" })).rejects.toMatchObject({
      code: "storage/object-not-found",
    });
  });

  it("deletes, retrying a 503", async () => {
    vi.useFakeTimers();
    try {
      fetchMock
        .mockResolvedValueOnce(new Response("", { status: 503 }))
        .mockResolvedValueOnce(new Response(null, { status: 204 }));
      const done = deleteObject({ bucket: "event-images", path: "c1/x.webp" });
      await vi.advanceTimersByTimeAsync(2_000);
      await expect(done).resolves.toBeUndefined();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ method: "DELETE", credentials: "include" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a path the server would refuse, without a request", async () => {
    await expect(getMetadata({ bucket: "avatars", path: "../etc/passwd" })).rejects.toMatchObject({
      code: "storage/invalid-argument",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

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
