// Shared by the file store's integration tests: GraphQL set-up, multipart and tus from Node.
import { createHash } from "node:crypto";
import * as tus from "tus-js-client";
import { expect } from "vitest";
import type { TestBrowser } from "#server/test/harness.ts";

export const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");

export async function createCommunity(browser: TestBrowser): Promise<string> {
  const slug = `files-${Math.random().toString(36).slice(2, 10)}`;
  const result = await browser.graphql<{ createCommunity: { id: string } }>(
    `mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }`,
    {
      input: {
        name: "File Testers",
        slug,
        description: "",
        timeZone: "Europe/Paris",
        currency: "EUR",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
  const id = result.data?.createCommunity.id;
  if (!id) throw new Error(`createCommunity: ${JSON.stringify(result.errors)}`);
  return id;
}

export const objectUrl = (bucket: string, path: string, query = "") =>
  `/api/storage/v0/b/${bucket}/o/${encodeURIComponent(path)}${query}`;

export function multipart(
  browser: TestBrowser,
  bucket: string,
  path: string,
  bytes: Uint8Array,
  options: { type?: string; metadata?: Record<string, unknown> } = {},
) {
  const form = new FormData();
  form.set(
    "file",
    new Blob([new Uint8Array(bytes)], { type: options.type ?? "" }),
    path.split("/").at(-1) ?? "file",
  );
  if (options.metadata) form.set("metadata", JSON.stringify(options.metadata));
  return browser.fetch(`/api/storage/v0/b/${bucket}/o?name=${encodeURIComponent(path)}`, {
    method: "POST",
    body: form,
  });
}

/** The headers a browser would send with tus requests: its cookies and the app's Origin. */
export const tusHeaders = (browser: TestBrowser): Record<string, string> => ({
  origin: browser.baseUrl,
  "x-forwarded-for": browser.address,
  ...(browser.cookies.size > 0
    ? { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ") }
    : {}),
});

export type TusOutcome =
  | { ok: true; url: string; status: number; body: string; bytesSent: number }
  | { ok: false; url: string | null; status: number | null; body: string; bytesSent: number };

export type TusRun = { upload: tus.Upload; done: Promise<TusOutcome> };

/** Starts a tus-js-client upload in Node; `done` settles on success or on the first error. */
export function startTus(
  baseUrl: string,
  data: Buffer,
  options: {
    headers: Record<string, string>;
    metadata?: Record<string, string>;
    chunkSize?: number;
    uploadUrl?: string;
    onChunk?: (accepted: number, upload: tus.Upload) => void;
  },
): TusRun {
  let bytesSent = 0;
  let upload!: tus.Upload;
  const done = new Promise<TusOutcome>((resolve) => {
    upload = new tus.Upload(data, {
      endpoint: `${baseUrl}/api/storage/v0/uploads/`,
      uploadUrl: options.uploadUrl ?? null,
      chunkSize: options.chunkSize ?? 256 * 1024,
      metadata: options.metadata ?? {},
      headers: options.headers,
      retryDelays: null,
      storeFingerprintForResuming: false,
      onChunkComplete: (chunkSize, accepted) => {
        bytesSent += chunkSize;
        options.onChunk?.(accepted, upload);
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          ok: true,
          url: upload.url ?? "",
          status: lastResponse.getStatus(),
          body: lastResponse.getBody(),
          bytesSent,
        }),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse ?? null;
        resolve({
          ok: false,
          url: upload.url,
          status: response?.getStatus() ?? null,
          body: response?.getBody() ?? error.message,
          bytesSent,
        });
      },
    });
    upload.start();
  });
  return { upload, done };
}

/** Base64 pairs, as in Upload-Metadata. */
export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/**
 * Starts an upload and aborts it (a pause) once the server has accepted at least `bytes`;
 * resolves with the upload when the abort has finished, so its offset can be read at once.
 */
export function uploadAndPauseAfter(
  baseUrl: string,
  data: Buffer,
  bytes: number,
  options: Omit<Parameters<typeof startTus>[2], "onChunk">,
): Promise<tus.Upload> {
  return new Promise((resolve, reject) => {
    let pausing = false;
    const run = startTus(baseUrl, data, {
      ...options,
      onChunk: (accepted, upload) => {
        if (pausing || accepted < bytes) return;
        pausing = true;
        upload.abort().then(() => resolve(upload), reject);
      },
    });
    void run.done.then((outcome) => {
      if (!pausing) reject(new Error(`the upload ended (${outcome.status}) before ${bytes} bytes were in`));
    });
  });
}

/**
 * A resumable upload of `data` as a member-import CSV `name` of the community, created through
 * `baseUrl` (tus 1.0.0 over fetch, no client library): the fault tests send its chunks to chosen
 * processes and read its offset through the balancer. Each call has `answerWithinMs`.
 */
export async function createMemberImportUpload(options: {
  browser: TestBrowser;
  baseUrl: string;
  communityId: string;
  name: string;
  data: Buffer<ArrayBuffer>;
  answerWithinMs: number;
}) {
  const { browser, baseUrl, data, answerWithinMs } = options;
  const tusRequest = (extra: Record<string, string> = {}) => ({
    ...tusHeaders(browser),
    "Tus-Resumable": "1.0.0",
    ...extra,
  });
  const created = await fetch(`${baseUrl}/api/storage/v0/uploads/`, {
    method: "POST",
    headers: tusRequest({
      "Upload-Length": String(data.length),
      "Upload-Metadata": tusMetadata({
        bucket: "member-imports",
        name: `${options.communityId}/${options.name}`,
        contentType: "text/csv",
        md5Hash: md5(data),
      }),
    }),
    signal: AbortSignal.timeout(answerWithinMs),
  });
  if (created.status !== 201)
    throw new Error(`upload not created: ${created.status} ${await created.text()}`);
  const upload = new URL(created.headers.get("location") ?? "", baseUrl).pathname;
  /** Sends `body` at `offset` to the process (or balancer) at `base`. */
  const patch = (base: string, offset: number, body: BodyInit, timeoutMs = answerWithinMs) =>
    fetch(`${base}${upload}`, {
      method: "PATCH",
      headers: tusRequest({
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      }),
      body,
      duplex: "half",
      signal: AbortSignal.timeout(timeoutMs),
    } as RequestInit);
  return {
    /** The upload's path, e.g. /api/storage/v0/uploads/<id>. */
    upload,
    patch,
    /**
     * Sends the rest from `offset` in `chunk`-sized PATCHes through `baseUrl`, then checks that the
     * stored file and its download have the data's MD5.
     */
    async finish(offset: number, chunk: number): Promise<void> {
      let rest: Response;
      for (;;) {
        const end = Math.min(offset + chunk, data.length);
        rest = await patch(baseUrl, offset, data.subarray(offset, end));
        expect(rest.status, await rest.clone().text()).toBe(end === data.length ? 200 : 204);
        offset = end;
        if (end === data.length) break;
      }
      const meta = (await rest.json()) as { md5Hash: string; size: number; downloadUrl: string };
      expect(meta).toMatchObject({ md5Hash: md5(data), size: data.length });
      const link = new URL(meta.downloadUrl, baseUrl);
      const downloaded = await fetch(`${baseUrl}${link.pathname}${link.search}`, {
        headers: tusHeaders(browser),
        signal: AbortSignal.timeout(answerWithinMs),
      });
      expect(downloaded.status).toBe(200);
      expect(md5(Buffer.from(await downloaded.arrayBuffer()))).toBe(md5(data));
    },
    /** The offset the server holds, asked through `baseUrl`. */
    async offset(): Promise<number> {
      const head = await fetch(`${baseUrl}${upload}`, {
        method: "HEAD",
        headers: tusRequest(),
        signal: AbortSignal.timeout(answerWithinMs),
      });
      if (head.status !== 200) throw new Error(`HEAD of the upload answered ${head.status}`);
      return Number(head.headers.get("upload-offset"));
    },
  };
}
