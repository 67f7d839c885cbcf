// The file store in S3 mode, end to end against an S3-compatible server (s3rver): resumable
// uploads in growing chunks, downloads, deletes, quotas and resuming, with nothing of an upload
// left in the bucket once it is stored.

import { randomBytes } from "node:crypto";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { s3ClientConfig } from "./s3-blob-store.ts";
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
let bucketClient: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  bucketClient = new S3Client(s3ClientConfig(s3.config));
  t = await startTestServer({ overrides: { storage: { s3: s3.config } } });
  owner = t.browser();
  await owner.signIn(uniqueEmail("s3owner"), "Sasha Store");
  communityId = await createCommunity(owner);
});
afterAll(async () => {
  await t?.close();
  bucketClient?.destroy();
  await s3?.close();
});

type Meta = { fullPath: string; size: number; md5Hash: string; contentType: string; downloadUrl: string };

/** Every key in the bucket: stored objects under blobs/, unfinished uploads beside them. */
async function bucketKeys(): Promise<string[]> {
  const listed = await bucketClient.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "");
}

/** Text, as member-imports takes: hex digits with a newline now and then. */
const csvBytes = (size: number) => {
  const hex = Buffer.from(randomBytes(Math.ceil(size / 2)).toString("hex")).subarray(0, size);
  for (let i = 80; i < size; i += 81) hex[i] = 10;
  return hex;
};

/** The client's chunk sizes: 256 KiB, doubling after each accepted chunk. */
const doubling = (_accepted: number, upload: { options: { chunkSize?: number } }) => {
  upload.options.chunkSize = (upload.options.chunkSize ?? 256 * 1024) * 2;
};

describe("the file store on S3", () => {
  it("stores a 12 MiB upload sent in doubling chunks, serves its bytes, and keeps no upload leftovers", async () => {
    const data = csvBytes(12 * 1024 * 1024 + 123);
    const path = `${communityId}/members-large.csv`;
    const outcome = await startTus(t.url, data, {
      headers: tusHeaders(owner),
      metadata: { bucket: "member-imports", name: path, contentType: "text/csv", md5Hash: md5(data) },
      onChunk: doubling,
    }).done;
    expect(outcome).toMatchObject({ ok: true, status: 200, bytesSent: data.length });
    const meta = JSON.parse(outcome.body) as Meta;
    expect(meta).toMatchObject({ size: data.length, md5Hash: md5(data), contentType: "text/csv" });

    const download = await owner.fetch(meta.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/csv");
    expect(download.headers.get("content-length")).toBe(String(data.length));
    expect(download.headers.get("etag")).toBe(`"${md5(data)}"`);
    expect(download.headers.get("content-disposition")).toContain("members-large.csv");
    expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(md5(data));

    const range = await owner.fetch(meta.downloadUrl, { headers: { range: "bytes=5242870-5242889" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(data.subarray(5242870, 5242890));

    // The stored object is the one key left: the upload's parts, .info and .part objects are gone.
    await expect.poll(bucketKeys, { timeout: 10_000 }).toHaveLength(1);
    expect((await bucketKeys())[0]).toMatch(/^blobs\/member-imports\//);
  });

  it("deletes an object and its bytes in the bucket", async () => {
    const data = csvBytes(1024);
    const path = `${communityId}/to-delete.csv`;
    const before = new Set(await bucketKeys());
    const stored = await multipart(owner, "member-imports", path, data, { type: "text/csv" });
    expect(stored.status).toBe(200);
    const added = (await bucketKeys()).filter((key) => !before.has(key));
    expect(added).toHaveLength(1);

    const removed = await owner.fetch(objectUrl("member-imports", path), { method: "DELETE" });
    expect(removed.status).toBe(204);
    const gone = await owner.fetch(objectUrl("member-imports", path));
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe("storage/object-not-found");
    expect(await bucketKeys()).not.toContain(added[0]);
  });

  it("holds a community to its quota, and frees the space of a deleted file", async () => {
    const quotaCommunity = await createCommunity(owner);
    await t.server.database.db.execute(
      sql`insert into community_storage_quota (community_id, quota_bytes) values (${quotaCommunity}, 1000)`,
    );
    const csv = csvBytes(600);
    const put = (name: string) =>
      multipart(owner, "member-imports", `${quotaCommunity}/${name}`, csv, { type: "text/csv" });
    expect((await put("a.csv")).status).toBe(200);
    const refused = await put("b.csv");
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("storage/quota-exceeded");
    const post = await fetch(`${t.url}/api/storage/v0/uploads/`, {
      method: "POST",
      headers: {
        ...tusHeaders(owner),
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "600",
        "Upload-Metadata": tusMetadata({
          bucket: "member-imports",
          name: `${quotaCommunity}/c.csv`,
          contentType: "text/csv",
        }),
      },
    });
    expect(post.status).toBe(402);

    await owner.fetch(objectUrl("member-imports", `${quotaCommunity}/a.csv`), { method: "DELETE" });
    expect((await put("b.csv")).status).toBe(200);
  });

  it("continues a paused upload from the server's offset", async () => {
    const data = csvBytes(1536 * 1024);
    const metadata = {
      bucket: "member-imports",
      name: `${communityId}/resumed.csv`,
      contentType: "text/csv",
      md5Hash: md5(data),
    };
    const paused = await uploadAndPauseAfter(t.url, data, 1024 * 1024, {
      headers: tusHeaders(owner),
      metadata,
    });
    const uploadUrl = paused.url as string;
    const head = await fetch(uploadUrl, {
      method: "HEAD",
      headers: { ...tusHeaders(owner), "Tus-Resumable": "1.0.0" },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(1024 * 1024);
    expect(offset).toBeLessThan(data.length);

    const resumed = await startTus(t.url, data, { headers: tusHeaders(owner), metadata, uploadUrl }).done;
    expect(resumed).toMatchObject({ ok: true, status: 200, bytesSent: data.length - offset });
    expect((JSON.parse(resumed.body) as Meta).md5Hash).toBe(md5(data));
  });
});
