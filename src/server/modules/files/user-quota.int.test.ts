import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { createCommunity, multipart, tusHeaders, tusMetadata } from "./storage-test-support.ts";

const QUOTA = { bytes: 5_000, openUploads: 2 };

let t: TestServer;
let person: TestBrowser;
let communityId: string;

beforeAll(async () => {
  t = await startTestServer({ overrides: { storage: { s3: null, userQuota: QUOTA } } });
  person = t.browser();
  await person.signIn(uniqueEmail("quota"), "Quinn Quota");
  communityId = await createCommunity(person);
});
afterAll(() => t.close());

const startUpload = (name: string, size: number) =>
  fetch(`${t.url}/api/storage/v0/uploads/`, {
    method: "POST",
    headers: {
      ...tusHeaders(person),
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(size),
      "Upload-Metadata": tusMetadata({
        bucket: "member-imports",
        name: `${communityId}/${name}`,
        contentType: "text/csv",
      }),
    },
  });

const errorOf = async (response: Response) => {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, code: body.error.code, message: body.error.message };
};

describe("per-person storage quotas", () => {
  it("counts unfinished uploads and stored files per person, and caps uploads in progress", async () => {
    const stored = await multipart(
      person,
      "member-imports",
      `${communityId}/a.csv`,
      Buffer.alloc(3_000, "a"),
      {
        type: "text/csv",
      },
    );
    expect(stored.status).toBe(200);

    // Announced bytes count from the first request, before any is sent.
    expect(await errorOf(await startUpload("too-big.csv", 2_001))).toMatchObject({
      status: 402,
      code: "storage/quota-exceeded",
    });
    const first = await startUpload("b.csv", 1_500);
    expect(first.status).toBe(201);
    expect((await startUpload("c.csv", 400)).status).toBe(201);
    const third = await errorOf(await startUpload("d.csv", 10));
    expect(third).toMatchObject({ status: 402, code: "storage/quota-exceeded" });
    expect(third.message).toMatch(/2 uploads in progress/);

    // Cancelling an upload gives its share back.
    const location = first.headers.get("location") ?? "";
    const cancelled = await fetch(new URL(location, `${t.url}/api/storage/v0/uploads/`), {
      method: "DELETE",
      headers: { ...tusHeaders(person), "Tus-Resumable": "1.0.0" },
    });
    expect(cancelled.status).toBe(204);
    expect((await startUpload("e.csv", 1_000)).status).toBe(201);
  });

  it("stops endless avatars at the person's quota", async () => {
    const other = t.browser();
    const otherId = (await other.signIn(uniqueEmail("avatars"), "Ava Avatars")).id;
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#cc3366" } })
      .png()
      .toBuffer();
    let refusal: Awaited<ReturnType<typeof errorOf>> | null = null;
    let accepted = 0;
    for (let i = 0; i < 200 && !refusal; i++) {
      const response = await multipart(other, "avatars", `${otherId}/photo-${i}.png`, png, {
        type: "image/png",
      });
      if (response.status === 200) accepted += 1;
      else refusal = await errorOf(response);
    }
    expect(accepted).toBeGreaterThan(0);
    expect(refusal).toMatchObject({ status: 402, code: "storage/quota-exceeded" });
  });
});
