// What an import leaves behind and what others see meanwhile: the member count the community's
// pages show, the uploaded file (personal data) reachable only by the community's admins and gone
// once the import has ended, and a server that goes on answering while an import runs.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberImport, storageObject } from "#server/db/schema.ts";
import { objectUrl } from "#server/modules/files/storage-test-support.ts";
import { createTestDatabase, startTestServer, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { removeEndedImportFiles } from "./member-import-files.service.ts";
import { importById, startImport, uploadCsv } from "./member-import-test-support.ts";
import { communityWithOwner, join, person } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ overrides: { jobs: { importBatchRows: 20 } } });
});
afterAll(() => t.close());

const csvOf = (emails: string[]) => `name,email\n${emails.map((e, i) => `Person ${i},${e}`).join("\n")}\n`;

async function storedRow(filePath: string) {
  const [row] = await t.server.database.db
    .select()
    .from(storageObject)
    .where(and(eq(storageObject.bucket, "member-imports"), eq(storageObject.fullPath, filePath)));
  return row ?? null;
}

describe("when a member import ends", () => {
  it("counts the imported people in the member count of the community page and the dashboard", async () => {
    const { owner, communityId, slug } = await communityWithOwner(t);
    const visitor = t.browser();
    const filePath = await uploadCsv(owner, communityId, csvOf([uniqueEmail("a"), uniqueEmail("b")]));
    const started = await startImport(owner, communityId, { filePath, emailColumn: 1, nameColumn: 0 });
    await t.drain();
    expect(await importById(owner, started.data?.startMemberImport.id as string)).toMatchObject({
      status: "DONE",
      added: 2,
    });

    // The dashboard's query, as the owner.
    const dashboard = await owner.graphql<{ community: { memberCount: number } }>(
      "query ($id: ID!) { community(id: $id) { memberCount } }",
      { id: communityId },
    );
    expect(dashboard.data?.community.memberCount).toBe(3);
    // The public page's query, signed out.
    const page = await visitor.graphql<{ communityBySlug: { memberCount: number } }>(
      "query ($slug: String!) { communityBySlug(slug: $slug) { memberCount } }",
      { slug },
    );
    expect(page.data?.communityBySlug.memberCount).toBe(3);
  });

  it("keeps the uploaded file from anyone but the community's admins, and removes it", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const filePath = await uploadCsv(owner, communityId, csvOf([uniqueEmail("c")]));
    const row = await storedRow(filePath);
    const token = row?.downloadTokens.split(",")[0] ?? "";
    const blob = path.join(t.config.dataDir, "storage", "blobs", row?.blobKey ?? "missing");
    expect(existsSync(blob)).toBe(true);
    const withToken = objectUrl("member-imports", filePath, `?alt=media&token=${token}`);

    expect((await owner.fetch(withToken)).status).toBe(200);
    const signedOut = await t.browser().fetch(withToken);
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as { error: { code: string } }).error.code).toBe(
      "storage/unauthenticated",
    );
    const member = await person(t, "member");
    await join(member.browser, communityId);
    expect((await member.browser.fetch(withToken)).status).toBe(403);

    const started = await startImport(owner, communityId, { filePath, emailColumn: 1 });
    await t.drain();
    const done = await importById(owner, started.data?.startMemberImport.id as string);
    expect(done).toMatchObject({ status: "DONE", added: 1 });
    expect((await owner.fetch(withToken)).status).toBe(404);
    expect((await owner.fetch(objectUrl("member-imports", filePath))).status).toBe(404);
    expect(existsSync(blob)).toBe(false);
    // The report of the import stays.
    expect((await owner.fetch(done.reportUrl)).status).toBe(200);
  });

  it("removes the file of an import that failed too", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const filePath = await uploadCsv(owner, communityId, 'email\n"never closed\n');
    const started = await startImport(owner, communityId, { filePath, emailColumn: 0 });
    await t.drain();
    const failed = await importById(owner, started.data?.startMemberImport.id as string);
    expect(failed.status).toBe("FAILED");
    expect(await storedRow(filePath)).toBeNull();
  });

  it("goes on answering requests while an import runs: its progress is seen moving", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const emails = Array.from({ length: 600 }, (_, i) => uniqueEmail(`bulk${i}`));
    const filePath = await uploadCsv(owner, communityId, csvOf(emails));
    const started = await startImport(owner, communityId, { filePath, emailColumn: 1 });
    const id = started.data?.startMemberImport.id as string;
    const draining = t.drain();
    const seen = new Set<number>();
    let status = "QUEUED";
    while (status !== "DONE") {
      const now = await importById(owner, id);
      expect(now.status).not.toBe("FAILED");
      status = now.status;
      if (status === "RUNNING" && now.rowsDone > 0) seen.add(now.rowsDone);
    }
    await draining;
    // Each answer came between two batches, not after the whole import.
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });
});

describe("files of imports that ended before their removal was logged", () => {
  it("are removed with their bytes when the server starts, once; other uploads stay", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "commons-import-leftovers-"));
    const database = process.env.DATABASE_URL ? await createTestDatabase() : null;
    const on = { dataDir, ...(database ? { database } : {}) };
    const before = await startTestServer(on);
    const { owner, communityId } = await communityWithOwner(before);
    const started = await startImport(owner, communityId, {
      filePath: await uploadCsv(owner, communityId, csvOf([uniqueEmail("old")])),
      emailColumn: 1,
    });
    await before.drain();
    const importId = started.data?.startMemberImport.id as string;
    expect(await importById(owner, importId)).toMatchObject({ status: "DONE" });
    // An import that ended before its `member.imported` entry named the file: the file stayed.
    const leftover = await uploadCsv(owner, communityId, csvOf([uniqueEmail("left")]));
    await before.server.database.db
      .update(memberImport)
      .set({ filePath: leftover })
      .where(eq(memberImport.id, importId));
    const unused = await uploadCsv(owner, communityId, csvOf([uniqueEmail("next")]));
    const stored = async (server: TestServer, filePath: string) =>
      (
        await server.server.database.db
          .select()
          .from(storageObject)
          .where(and(eq(storageObject.bucket, "member-imports"), eq(storageObject.fullPath, filePath)))
      )[0] ?? null;
    const blob = path.join(dataDir, "storage", "blobs", (await stored(before, leftover))?.blobKey ?? "");
    expect(existsSync(blob)).toBe(true);
    await before.close();

    const after = await startTestServer(on);
    try {
      await after.drain();
      expect(await stored(after, leftover)).toBeNull();
      expect(existsSync(blob)).toBe(false);
      expect(await stored(after, unused)).not.toBeNull();
      expect(await removeEndedImportFiles(after.server.database.db)).toBe(0);
    } finally {
      await after.close();
      await database?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
