// @vitest-environment node
import { HttpResponse, http } from "msw";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { server } from "#client/test-network.ts";
import {
  deleteObject,
  getMetadata,
  RESUMABLE_THRESHOLD_BYTES,
  uploadFile,
  uploadString,
} from "./storage-client.ts";
import { bytes, objectMetadata as metadata } from "./storage-test-support.ts";

// Node's own fetch, FormData and Blob: jsdom's Blob and FormData do not survive a real fetch, so
// the requests made with fetch are checked here, where their bodies reach the handlers intact.
// The tus uploads (XMLHttpRequest) are in storage-client.test.ts.

type ObjectRequest = { method: string; url: string; form: FormData | null };

/**
 * The object API (multipart uploads, metadata, deletes) answering each request with the next of
 * `replies`; returns the requests it was sent, with a multipart upload's parts.
 */
function objectApi(...replies: Array<() => Response>) {
  const requests: ObjectRequest[] = [];
  server.use(
    http.all(/\/api\/storage\/v0\/b\//, async ({ request }) => {
      const form = request.method === "POST" ? await request.formData() : null;
      requests.push({ method: request.method, url: request.url, form });
      const reply = replies[requests.length - 1];
      if (!reply) throw new Error(`unexpected request ${request.method} ${request.url}`);
      return reply();
    }),
  );
  return requests;
}

/**
 * The options each fetch was called with. Node's fetch ignores `credentials`, so whether the
 * session cookie would go along is only visible here; the requests still reach the handlers.
 */
function sentOptions() {
  const spy = vi.spyOn(globalThis, "fetch");
  onTestFinished(() => spy.mockRestore());
  return () => spy.mock.calls.map(([, init]) => init);
}

describe("uploadFile at the 256 KiB threshold", () => {
  it("sends a file of exactly 256 KiB in one multipart POST with the session cookie", async () => {
    const requests = objectApi(() => HttpResponse.json(metadata("c1/logo.webp", RESUMABLE_THRESHOLD_BYTES)));
    const sent = sentOptions();
    const task = uploadFile({
      bucket: "community-assets",
      path: "c1/logo.webp",
      file: bytes(RESUMABLE_THRESHOLD_BYTES),
      customMetadata: { kind: "logo" },
    });
    expect(task.snapshot().resumable).toBe(false);
    await expect(task.done).resolves.toMatchObject({ fullPath: "c1/logo.webp" });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    if (!request) throw new Error("expected one request");
    expect(request.url).toBe("http://localhost/api/storage/v0/b/community-assets/o?name=c1%2Flogo.webp");
    expect(request.method).toBe("POST");
    expect(sent()).toEqual([expect.objectContaining({ method: "POST", credentials: "include" })]);
    const form = request.form;
    if (!form) throw new Error("expected a multipart body");
    const file = form.get("file");
    expect(file).toBeInstanceOf(Blob);
    expect((file as Blob).size).toBe(RESUMABLE_THRESHOLD_BYTES);
    expect(JSON.parse(await (form.get("metadata") as Blob).text())).toEqual({
      contentType: "image/webp",
      customMetadata: { kind: "logo" },
    });
    expect(task.snapshot()).toMatchObject({ state: "success", bytesTransferred: RESUMABLE_THRESHOLD_BYTES });
  });
});

describe("uploadString", () => {
  it("uploads a data URL with its own content type", async () => {
    const requests = objectApi(() => HttpResponse.json(metadata("u1/a.txt", 2)));
    const task = uploadString("data:text/plain;base64,aGk=", "data_url", {
      bucket: "avatars",
      path: "u1/a.txt",
    });
    await task.done;
    const form = requests[0]?.form;
    if (!form) throw new Error("expected a multipart body");
    const file = form.get("file") as Blob;
    expect(file.type).toBe("text/plain");
    expect(await file.text()).toBe("hi");
  });

  it("fails the task with invalid-format for a malformed value", async () => {
    const requests = objectApi();
    const task = uploadString("abc-", "base64", { bucket: "avatars", path: "u1/a.bin" });
    await expect(task.done).rejects.toMatchObject({ code: "storage/invalid-format" });
    expect(requests).toEqual([]);
  });
});

describe("object operations", () => {
  it("reads metadata and maps a 404 to object-not-found", async () => {
    const requests = objectApi(
      () => HttpResponse.json(metadata("c1/x.webp", 3)),
      () => new HttpResponse(null, { status: 404 }),
    );
    await expect(getMetadata({ bucket: "event-images", path: "c1/x.webp" })).resolves.toMatchObject({
      size: 3,
    });
    expect(requests[0]?.url).toBe("http://localhost/api/storage/v0/b/event-images/o/c1%2Fx.webp");
    await expect(getMetadata({ bucket: "event-images", path: "c1/y.webp" })).rejects.toMatchObject({
      code: "storage/object-not-found",
    });
  });

  it("deletes, retrying a 503", async () => {
    vi.useFakeTimers();
    try {
      const requests = objectApi(
        () => new HttpResponse(null, { status: 503 }),
        () => new HttpResponse(null, { status: 204 }),
      );
      const sent = sentOptions();
      const done = deleteObject({ bucket: "event-images", path: "c1/x.webp" });
      await vi.advanceTimersByTimeAsync(2_000);
      await expect(done).resolves.toBeUndefined();
      expect(requests).toHaveLength(2);
      expect(requests.map((request) => request.method)).toEqual(["DELETE", "DELETE"]);
      expect(sent()[1]).toMatchObject({ method: "DELETE", credentials: "include" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a path the server would refuse, without a request", async () => {
    const requests = objectApi();
    await expect(getMetadata({ bucket: "avatars", path: "../etc/passwd" })).rejects.toMatchObject({
      code: "storage/invalid-argument",
    });
    expect(requests).toEqual([]);
  });
});
