import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import nodePath from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { objectDownloadUrl } from "./files.access.ts";
import { removeCommunityBlobs } from "./files.service.ts";
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

/** No GraphQL operation adds members yet: the row goes in directly. */
async function addMember(db: Db, communityId: string, userId: string, role: string) {
  await db.execute(
    sql`insert into membership (id, community_id, user_id, role, status, source)
        values (${randomUUID()}, ${communityId}, ${userId}, ${role}, 'active', 'joined')`,
  );
}

const AVATAR_LIMIT = 200 * 1024;

let t: TestServer;
let owner: TestBrowser;
let member: TestBrowser;
let organizer: TestBrowser;
let outsider: TestBrowser;
let memberId: string;
let communityId: string;
let png: Buffer;

beforeAll(async () => {
  t = await startTestServer({
    overrides: { storage: { s3: null, maxBytes: { avatars: AVATAR_LIMIT } } },
  });
  owner = t.browser();
  member = t.browser();
  organizer = t.browser();
  outsider = t.browser();
  await owner.signIn(uniqueEmail("owner"), "Olive Owner");
  memberId = (await member.signIn(uniqueEmail("member"), "Mia Member")).id;
  const organizerId = (await organizer.signIn(uniqueEmail("organizer"), "Otto Organizer")).id;
  await outsider.signIn(uniqueEmail("outsider"), "Oscar Outsider");
  communityId = await createCommunity(owner);
  await addMember(t.server.database.db, communityId, memberId, "member");
  await addMember(t.server.database.db, communityId, organizerId, "organizer");
  // The outsider is the admin (owner) of a community of their own.
  await createCommunity(outsider);
  png = await sharp({ create: { width: 32, height: 16, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

type Meta = Record<string, unknown> & {
  bucket: string;
  fullPath: string;
  generation: string;
  metageneration: string;
  md5Hash: string;
  downloadTokens: string;
  downloadUrl: string;
  size: number;
};
type ErrorBody = { error: { code: string; message: string; status: number } };

const expectError = async (response: Response, status: number, code: string, message?: string) => {
  const body = (await response.json()) as ErrorBody;
  expect({ status: response.status, code: body.error.code }).toEqual({ status, code });
  expect(body.error.status).toBe(status);
  if (message) expect(body.error.message).toBe(message);
  return body;
};

const uploadOk = async (response: Response): Promise<Meta> => {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as Meta;
};

const path = (name: string) => `${communityId}/${name}`;
const noise = async (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

describe("objects: upload, metadata, download, update, delete", () => {
  it("stores a small image with the seed's metadata and serves it by token without a session", async () => {
    const fullPath = path("logo.png");
    const meta = await uploadOk(
      await multipart(owner, "community-assets", fullPath, png, { type: "image/png" }),
    );
    expect(meta).toMatchObject({
      bucket: "community-assets",
      fullPath,
      name: "logo.png",
      metageneration: "1",
      contentType: "image/png",
      contentDisposition: 'inline; filename="logo.png"',
      contentEncoding: "identity",
      cacheControl: null,
      contentLanguage: null,
      customMetadata: {},
    });
    expect(meta.generation).toMatch(/^\d{16}$/);
    expect(meta.downloadUrl).toBe(
      `/api/storage/v0/b/community-assets/o/${encodeURIComponent(fullPath)}?alt=media&token=${meta.downloadTokens}`,
    );
    expect(await (await member.fetch(objectUrl("community-assets", fullPath))).json()).toEqual(meta);

    const anonymous = t.browser();
    const download = await anonymous.fetch(meta.downloadUrl);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(meta.size);
    expect(md5(bytes)).toBe(meta.md5Hash);
    expect(
      Object.fromEntries(
        ["content-type", "etag", "cache-control", "accept-ranges", "content-disposition"].map((h) => [
          h,
          download.headers.get(h),
        ]),
      ),
    ).toEqual({
      "content-type": "image/png",
      etag: `"${meta.md5Hash}"`,
      "cache-control": "private, max-age=300",
      "accept-ranges": "bytes",
      "content-disposition": 'inline; filename="logo.png"',
    });

    await expectError(
      await anonymous.fetch(objectUrl("community-assets", fullPath, "?alt=media")),
      401,
      "storage/unauthenticated",
    );
    await expectError(
      await anonymous.fetch(objectUrl("community-assets", fullPath, "?alt=media&token=wrong")),
      403,
      "storage/unauthorized",
    );
    const bySession = await member.fetch(objectUrl("community-assets", fullPath, "?alt=media"));
    expect(md5(Buffer.from(await bySession.arrayBuffer()))).toBe(meta.md5Hash);
  });

  it("downloads an object whose stored file name is not Latin-1, with an RFC 6266 header", async () => {
    const meta = await uploadOk(
      await multipart(owner, "community-assets", path("euro.png"), png, {
        type: "image/png",
        metadata: { contentDisposition: 'attachment; filename="é€.txt"' },
      }),
    );
    expect(meta.contentDisposition).toBe('attachment; filename="é€.txt"');
    for (const download of [
      await owner.fetch(meta.downloadUrl),
      await member.fetch(objectUrl("community-assets", path("euro.png"), "?alt=media")),
    ]) {
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toBe(
        "attachment; filename=\"__.txt\"; filename*=UTF-8''%C3%A9%E2%82%AC.txt",
      );
      expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(meta.md5Hash);
    }
  });

  it("answers byte ranges with 206 and an unsatisfiable one with 416", async () => {
    const meta = await uploadOk(
      await multipart(owner, "community-assets", path("range.png"), png, { type: "image/png" }),
    );
    const whole = Buffer.from(await (await owner.fetch(meta.downloadUrl)).arrayBuffer());
    const first = await owner.fetch(meta.downloadUrl, { headers: { range: "bytes=0-9" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-9/${meta.size}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(whole.subarray(0, 10));
    const tail = await owner.fetch(meta.downloadUrl, { headers: { range: "bytes=-5" } });
    expect(tail.headers.get("content-range")).toBe(`bytes ${meta.size - 5}-${meta.size - 1}/${meta.size}`);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(meta.size - 5));
    const beyond = await owner.fetch(meta.downloadUrl, { headers: { range: `bytes=${meta.size}-` } });
    expect(beyond.headers.get("content-range")).toBe(`bytes */${meta.size}`);
    await expectError(beyond, 416, "storage/invalid-argument");
  });

  it("bumps metageneration on a metadata update and generation on a re-upload", async () => {
    const fullPath = path("cover.png");
    const first = await uploadOk(
      await multipart(owner, "community-assets", fullPath, png, { type: "image/png" }),
    );
    const patched = await owner.fetch(objectUrl("community-assets", fullPath), {
      method: "PATCH",
      json: {
        cacheControl: "public, max-age=60",
        contentLanguage: "fr",
        customMetadata: { alt: "Our cover" },
      },
    });
    const updated = (await patched.json()) as Meta;
    expect(updated).toMatchObject({
      generation: first.generation,
      metageneration: "2",
      cacheControl: "public, max-age=60",
      contentLanguage: "fr",
      customMetadata: { alt: "Our cover" },
    });
    expect((await owner.fetch(updated.downloadUrl)).headers.get("cache-control")).toBe("public, max-age=60");
    await expectError(
      await member.fetch(objectUrl("community-assets", fullPath), {
        method: "PATCH",
        json: { cacheControl: "no-store" },
      }),
      403,
      "storage/unauthorized",
    );

    const second = await uploadOk(
      await multipart(owner, "community-assets", fullPath, await noise(8, 8), { type: "image/png" }),
    );
    expect(BigInt(second.generation)).toBeGreaterThan(BigInt(first.generation));
    expect(second.metageneration).toBe("1");
    expect(second.downloadTokens).not.toBe(first.downloadTokens);
    await expectError(await t.browser().fetch(first.downloadUrl), 403, "storage/unauthorized");
    expect((await t.browser().fetch(second.downloadUrl)).status).toBe(200);
  });

  it("deletes an object; then it does not exist", async () => {
    const fullPath = path("old.png");
    const meta = await uploadOk(
      await multipart(owner, "community-assets", fullPath, png, { type: "image/png" }),
    );
    await expectError(
      await member.fetch(objectUrl("community-assets", fullPath), { method: "DELETE" }),
      403,
      "storage/unauthorized",
      `User does not have permission to access '${fullPath}'.`,
    );
    expect((await owner.fetch(objectUrl("community-assets", fullPath), { method: "DELETE" })).status).toBe(
      204,
    );
    const message = `Object '${fullPath}' does not exist.`;
    await expectError(
      await owner.fetch(objectUrl("community-assets", fullPath)),
      404,
      "storage/object-not-found",
      message,
    );
    await expectError(await owner.fetch(meta.downloadUrl), 404, "storage/object-not-found", message);
    await expectError(
      await owner.fetch(objectUrl("community-assets", fullPath), { method: "DELETE" }),
      404,
      "storage/object-not-found",
    );
  });

  it("refuses bad paths and unknown buckets", async () => {
    await expectError(
      await owner.fetch(objectUrl("community-assets", `${communityId}/../x.png`)),
      400,
      "storage/invalid-argument",
    );
    await expectError(
      await owner.fetch(objectUrl("community-assets", `/${communityId}/x.png`)),
      400,
      "storage/invalid-argument",
    );
    await expectError(await owner.fetch(objectUrl("nope", path("x.png"))), 404, "storage/bucket-not-found");
  });
});

describe("what is stored", () => {
  it("sends files over 256 KiB to the resumable upload, and holds each bucket to its size limit", async () => {
    const big = Buffer.alloc(300 * 1024, "a");
    await expectError(
      await multipart(owner, "member-imports", path("big.csv"), big, { type: "text/csv" }),
      400,
      "storage/invalid-argument",
    );
    const ownerId = (await (await owner.fetch("/api/auth/get-session")).json()).user.id as string;
    const overLimit = await startTus(t.url, Buffer.alloc(AVATAR_LIMIT + 1), {
      headers: tusHeaders(owner),
      metadata: { bucket: "avatars", name: `${ownerId}/huge.png`, contentType: "image/png" },
    }).done;
    expect(overLimit).toMatchObject({ ok: false, status: 400, bytesSent: 0 });
    expect(JSON.parse(overLimit.body).error.code).toBe("storage/invalid-argument");
  });

  it("verifies the client's md5 of the original bytes", async () => {
    const csv = Buffer.from("name,email\nAda,ada@example.org\n");
    await expectError(
      await multipart(owner, "member-imports", path("people.csv"), csv, {
        type: "text/csv",
        metadata: { md5Hash: md5(Buffer.from("something else")) },
      }),
      400,
      "storage/invalid-checksum",
    );
    const ok = await uploadOk(
      await multipart(owner, "member-imports", path("people.csv"), csv, {
        type: "text/csv",
        metadata: { md5Hash: md5(csv) },
      }),
    );
    expect(ok).toMatchObject({ contentType: "text/csv", md5Hash: md5(csv), size: csv.length });
    const image = await uploadOk(
      await multipart(owner, "community-assets", path("checked.png"), png, {
        type: "image/png",
        metadata: { md5Hash: md5(png) },
      }),
    );
    expect(image.contentType).toBe("image/png");
  });

  it("refuses a script renamed .png, an SVG, and types the bucket does not take", async () => {
    const script = Buffer.from("#!/bin/sh\nrm -rf / --no-preserve-root\n");
    await expectError(
      await multipart(owner, "community-assets", path("evil.png"), script, { type: "image/png" }),
      400,
      "storage/invalid-format",
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectError(
      await multipart(owner, "community-assets", path("logo.svg"), svg, { type: "image/svg+xml" }),
      400,
      "storage/invalid-format",
    );
    await expectError(
      await multipart(owner, "community-assets", path("logo2.png"), svg, { type: "image/png" }),
      400,
      "storage/invalid-format",
    );
    const jpegAsPng = await sharp(png).jpeg().toBuffer();
    await expectError(
      await multipart(owner, "community-assets", path("liar.png"), jpegAsPng, { type: "image/png" }),
      400,
      "storage/invalid-format",
    );
    await expectError(
      await multipart(owner, "community-assets", path("doc.pdf"), Buffer.from("%PDF-1.4\n"), {
        type: "application/pdf",
      }),
      400,
      "storage/invalid-argument",
    );
    const truncated = png.subarray(0, 40);
    await expectError(
      await multipart(owner, "community-assets", path("cut.png"), truncated, { type: "image/png" }),
      400,
      "storage/invalid-format",
    );
    await expectError(
      await multipart(owner, "member-imports", path("binary.csv"), Buffer.from([0x61, 0x00, 0x62]), {
        type: "text/csv",
      }),
      400,
      "storage/invalid-format",
    );
  });

  it("re-encodes photos: EXIF orientation applied, GPS and camera data gone", async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#884422" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from("PhoneCam"))).toBe(true);
    const meta = await uploadOk(
      await multipart(owner, "event-images", path("party.jpg"), photo, { type: "image/jpeg" }),
    );
    const stored = Buffer.from(await (await owner.fetch(meta.downloadUrl)).arrayBuffer());
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneCam"))).toBe(false);
  });

  it("keeps a community within its quota: 402 at tus POST and at multipart", async () => {
    const quotaCommunity = await createCommunity(owner);
    await t.server.database.db.execute(
      sql`insert into community_storage_quota (community_id, quota_bytes) values (${quotaCommunity}, 1000)`,
    );
    const csv = Buffer.alloc(600, "b");
    await uploadOk(
      await multipart(owner, "member-imports", `${quotaCommunity}/a.csv`, csv, { type: "text/csv" }),
    );
    // Replacing an object counts only the difference.
    await uploadOk(
      await multipart(owner, "member-imports", `${quotaCommunity}/a.csv`, csv, { type: "text/csv" }),
    );
    await expectError(
      await multipart(owner, "member-imports", `${quotaCommunity}/b.csv`, csv, { type: "text/csv" }),
      402,
      "storage/quota-exceeded",
    );
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
    await expectError(post, 402, "storage/quota-exceeded");
  });
});

describe("for other modules", () => {
  it("removes a community's objects and their bytes before the community is deleted", async () => {
    const doomed = await createCommunity(owner);
    const meta = await uploadOk(
      await multipart(owner, "community-assets", `${doomed}/logo.png`, png, { type: "image/png" }),
    );
    expect(objectDownloadUrl(meta)).toBe(meta.downloadUrl);
    const blobFiles = () =>
      readdirSync(nodePath.join(t.config.dataDir, "storage", "blobs", "community-assets")).length;
    const before = blobFiles();
    expect(await removeCommunityBlobs(t.server.database.db, doomed)).toBe(1);
    expect(blobFiles()).toBe(before - 1);
    await expectError(await owner.fetch(meta.downloadUrl), 404, "storage/object-not-found");
  });
});

describe("who may do what", () => {
  it("asks a signed-out visitor to sign in", async () => {
    const anonymous = t.browser();
    await expectError(
      await anonymous.fetch(objectUrl("community-assets", path("logo.png"))),
      401,
      "storage/unauthenticated",
    );
    await expectError(
      await multipart(anonymous, "community-assets", path("x.png"), png, { type: "image/png" }),
      401,
      "storage/unauthenticated",
    );
    await expectError(
      await anonymous.fetch(objectUrl("community-assets", path("logo.png")), { method: "DELETE" }),
      401,
      "storage/unauthenticated",
    );
    const post = await anonymous.fetch("/api/storage/v0/uploads/", {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "10",
        "Upload-Metadata": tusMetadata({ bucket: "community-assets", name: path("x.png") }),
      },
    });
    await expectError(post, 401, "storage/unauthenticated");
  });

  it("lets a plain member read community assets but not upload them or read imports", async () => {
    const fullPath = path("member.png");
    await expectError(
      await multipart(member, "community-assets", fullPath, png, { type: "image/png" }),
      403,
      "storage/unauthorized",
      `User does not have permission to access '${fullPath}'.`,
    );
    await uploadOk(
      await multipart(owner, "member-imports", path("secret.csv"), Buffer.from("a,b\n"), {
        type: "text/csv",
      }),
    );
    await expectError(
      await member.fetch(objectUrl("member-imports", path("secret.csv"))),
      403,
      "storage/unauthorized",
    );
    expect((await owner.fetch(objectUrl("member-imports", path("secret.csv")))).status).toBe(200);
  });

  it("lets an organizer upload event images but not community assets", async () => {
    await uploadOk(
      await multipart(organizer, "event-images", path("meetup.png"), png, { type: "image/png" }),
    );
    await expectError(
      await multipart(organizer, "community-assets", path("o.png"), png, { type: "image/png" }),
      403,
      "storage/unauthorized",
    );
  });

  it("keeps another community's admin out", async () => {
    await expectError(
      await multipart(outsider, "community-assets", path("x.png"), png, { type: "image/png" }),
      403,
      "storage/unauthorized",
    );
    await expectError(
      await outsider.fetch(objectUrl("community-assets", path("logo.png"))),
      403,
      "storage/unauthorized",
    );
  });

  it("lets users write only their own avatar folder, and every signed-in user read it", async () => {
    const ownerId = (await (await owner.fetch("/api/auth/get-session")).json()).user.id as string;
    const meta = await uploadOk(
      await multipart(owner, "avatars", `${ownerId}/me.png`, png, { type: "image/png" }),
    );
    expect((await outsider.fetch(objectUrl("avatars", meta.fullPath as string))).status).toBe(200);
    await expectError(
      await multipart(outsider, "avatars", `${ownerId}/me.png`, png, { type: "image/png" }),
      403,
      "storage/unauthorized",
    );
  });
});

describe("resumable uploads", () => {
  it("uploads 3 MiB in 256 KiB chunks and answers the last chunk with the metadata", async () => {
    const data = Buffer.from(randomBytes(3 * 1024 * 1024 * 0.75).toString("base64"));
    const outcome = await startTus(t.url, data, {
      headers: tusHeaders(owner),
      metadata: {
        bucket: "member-imports",
        name: path("big-import.csv"),
        contentType: "text/csv",
        md5Hash: md5(data),
      },
    }).done;
    expect(outcome).toMatchObject({ ok: true, status: 200, bytesSent: data.length });
    const meta = JSON.parse(outcome.body) as Meta;
    expect(meta).toMatchObject({
      size: data.length,
      md5Hash: md5(data),
      contentType: "text/csv",
      fullPath: path("big-import.csv"),
    });
    const downloaded = Buffer.from(await (await owner.fetch(meta.downloadUrl)).arrayBuffer());
    expect(md5(downloaded)).toBe(md5(data));
  });

  it("re-encodes a resumable image and refuses a bad checksum at the end", async () => {
    const image = await noise(300, 300);
    expect(image.length).toBeGreaterThan(256 * 1024);
    const outcome = await startTus(t.url, image, {
      headers: tusHeaders(organizer),
      metadata: { bucket: "event-images", name: path("noise.png"), contentType: "image/png" },
    }).done;
    expect(outcome.ok).toBe(true);
    const meta = JSON.parse(outcome.body) as Meta;
    const stored = Buffer.from(await (await organizer.fetch(meta.downloadUrl)).arrayBuffer());
    expect(md5(stored)).toBe(meta.md5Hash);
    expect((await sharp(stored).metadata()).width).toBe(300);

    const refused = await startTus(t.url, image, {
      headers: tusHeaders(organizer),
      metadata: {
        bucket: "event-images",
        name: path("noise2.png"),
        contentType: "image/png",
        md5Hash: md5(png),
      },
    }).done;
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(JSON.parse(refused.body).error.code).toBe("storage/invalid-checksum");
  });

  it("resumes an aborted upload from the server's offset, for its uploader only", async () => {
    const data = Buffer.from(randomBytes(1536 * 1024).toString("hex"));
    const metadata = { bucket: "member-imports", name: path("resumed.csv"), contentType: "text/csv" };
    const first = await uploadAndPauseAfter(t.url, data, 1024 * 1024, {
      headers: tusHeaders(owner),
      metadata,
    });
    const uploadUrl = first.url as string;
    const head = await fetch(uploadUrl, {
      method: "HEAD",
      headers: { ...tusHeaders(owner), "Tus-Resumable": "1.0.0" },
    });
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(data.length);

    const stranger = await fetch(uploadUrl, {
      method: "HEAD",
      headers: { ...tusHeaders(outsider), "Tus-Resumable": "1.0.0" },
    });
    expect(stranger.status).toBe(403);

    const second = await startTus(t.url, data, { headers: tusHeaders(owner), metadata, uploadUrl }).done;
    expect(second.ok).toBe(true);
    expect(second.bytesSent).toBe(data.length - offset);
    const meta = JSON.parse(second.body) as Meta;
    expect(meta.md5Hash).toBe(md5(data));
  });
});
