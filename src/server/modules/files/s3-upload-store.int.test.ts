// The S3 upload store keeps every acknowledged byte of an upload in the bucket whenever a write
// stops: cut off by the client, or its process gone between two of its S3 calls. Bytes below an
// S3 part's size wait in the upload's `.part` object, and a write that takes them up must not
// drop them before what replaces them is stored, or the upload goes back to its last full part.
// The processes dying between calls are subclasses that fail at that call.

import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { UploadPartCommandInput } from "@aws-sdk/client-s3";
import { Upload } from "@tus/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { S3UploadStore } from "./s3-upload-store.ts";

const MiB = 1024 * 1024;
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(() => s3?.close());

const store = () => new S3UploadStore(s3.config, 0);
const md5 = (data: Buffer) => createHash("md5").update(data).digest("hex");

async function created(size: number): Promise<string> {
  const id = randomBytes(16).toString("hex");
  await store().create(new Upload({ id, size, offset: 0, metadata: {} }));
  return id;
}

/** Finishes the upload from the offset S3 reports and answers the stored object's bytes. */
async function finish(id: string, data: Buffer): Promise<Buffer> {
  const from = (await store().getUpload(id)).offset;
  const written = await store().write(Readable.from([data.subarray(from)]), id, from);
  expect(written).toBe(data.length);
  const chunks: Buffer[] = [];
  for await (const chunk of await store().read(id)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

it("keeps an acknowledged small chunk when the next write is cut off", async () => {
  const data = randomBytes(12 * MiB);
  const id = await created(data.length);
  expect(await store().write(Readable.from([data.subarray(0, 256 * 1024)]), id, 0)).toBe(256 * 1024);

  // The next chunk's request breaks once the store has read some of its bytes (so it has taken up
  // the waiting chunk to append them to): nothing of it is acknowledged.
  let reads = 0;
  const cut = new Readable({
    read() {
      reads++;
      if (reads === 1) this.push(data.subarray(256 * 1024, 320 * 1024));
      else this.destroy(new Error("connection reset"));
    },
  });
  await expect(store().write(cut, id, 256 * 1024)).rejects.toThrow();
  expect(reads).toBe(2);

  expect((await store().getUpload(id)).offset).toBe(256 * 1024);
  expect(md5(await finish(id, data))).toBe(md5(data));
});

it("counts the small chunks once when a write stopped after storing them in a part", async () => {
  const data = randomBytes(12 * MiB);
  const id = await created(data.length);
  expect(await store().write(Readable.from([data.subarray(0, MiB)]), id, 0)).toBe(MiB);

  // The process dies after the part with the waiting megabyte and 5 MiB more is in S3, before
  // the `.part` object it came from is deleted.
  class DiesBeforeDelete extends S3UploadStore {
    protected override async deleteIncompletePart(): Promise<void> {
      throw new Error("killed");
    }
  }
  const dying = new DiesBeforeDelete(s3.config, 0);
  await expect(dying.write(Readable.from([data.subarray(MiB, 6 * MiB)]), id, MiB)).rejects.toThrow();

  expect((await store().getUpload(id)).offset).toBe(6 * MiB);
  expect(md5(await finish(id, data))).toBe(md5(data));
});

it("stores an upload whose last part went to S3 just before its process stopped", async () => {
  const data = randomBytes(6 * MiB);
  const id = await created(data.length);
  expect(await store().write(Readable.from([data.subarray(0, MiB)]), id, 0)).toBe(MiB);

  // Every byte is in the multipart upload, which the dying process never completed.
  class DiesBeforeComplete extends S3UploadStore {
    protected override async finishMultipartUpload(): Promise<string | undefined> {
      throw new Error("killed");
    }
  }
  const dying = new DiesBeforeComplete(s3.config, 0);
  await expect(dying.write(Readable.from([data.subarray(MiB)]), id, MiB)).rejects.toThrow();

  expect((await store().getUpload(id)).offset).toBe(data.length);
  const chunks: Buffer[] = [];
  for await (const chunk of await store().read(id)) chunks.push(Buffer.from(chunk));
  expect(md5(Buffer.concat(chunks))).toBe(md5(data));
});

it("stores a write's parts in order, so a failed one leaves no gap", async () => {
  const data = randomBytes(24 * MiB);
  const id = await created(data.length);

  // One write of two 8 MiB parts; S3 fails the first only once the second is ready to go.
  let secondReady: () => void = () => {};
  const second = new Promise<void>((resolve) => {
    secondReady = resolve;
  });
  const sent: number[] = [];
  class FirstPartFails extends S3UploadStore {
    constructor() {
      super(s3.config, 0);
      const uploadPart = this.client.uploadPart.bind(this.client) as (
        input: UploadPartCommandInput,
      ) => Promise<unknown>;
      Object.assign(this.client, {
        uploadPart: async (input: UploadPartCommandInput) => {
          sent.push(input.PartNumber ?? 0);
          if (input.PartNumber === 1) {
            await second;
            throw Object.assign(new Error("connection reset"), { name: "RequestTimeout" });
          }
          return uploadPart(input);
        },
      });
    }
    protected override uploadPart(...args: Parameters<S3UploadStore["uploadPart"]>) {
      if (args[2] === 2) secondReady();
      return super.uploadPart(...args);
    }
  }
  const failing = new FirstPartFails();
  await expect(failing.write(Readable.from([data.subarray(0, 16 * MiB)]), id, 0)).rejects.toBeDefined();

  expect(sent).toEqual([1]);
  expect((await store().getUpload(id)).offset).toBe(0);
  expect(md5(await finish(id, data))).toBe(md5(data));
});
