// Who works on an import: a process holds it by a lease it renews while it works, hands it back
// when it stops, and a crashed process's import is resumed by another within half a minute. Two
// runners on one database stand for two processes; an injected clock stands for time passing.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { defaultJobsConfig } from "#server/jobs/jobs.runtime.ts";
import {
  attachFileStorage,
  createFileStorage,
  type FileStorage,
} from "#server/modules/files/files.storage.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { createImportRunner } from "./member-import.runner.ts";
import { memberImport } from "./member-import.tables.ts";
import { insertCommunity, storeImportCsv } from "./member-import-seed.test-support.ts";

let testDatabase: TestDatabase;
let database: Database;
let storage: FileStorage;
let dataDir: string;
const ownerId = randomUUID();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await testDatabase.open();
  dataDir = mkdtempSync(path.join(tmpdir(), "commons-import-lease-"));
  storage = createFileStorage(dataDir, { s3: null });
  attachFileStorage(database.db, storage);
  await database.db.execute(sql`insert into "user" (id, name, email, email_verified)
    values (${ownerId}, 'Olive Owner', ${`owner-${ownerId}@example.test`}, true)`);
});
afterAll(async () => {
  await database.close();
  await testDatabase.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A community with an uploaded CSV of `rows` people and an import of it, queued. */
async function queuedImport(rows: number): Promise<string> {
  const { db } = database;
  const communityId = `lease-${randomUUID().slice(0, 8)}`;
  await insertCommunity(db, communityId, "Lease test");
  const lines = ["name,email"];
  for (let i = 0; i < rows; i++) lines.push(`Person ${i},p${i}.${communityId}@example.test`);
  const bytes = new TextEncoder().encode(`${lines.join("\n")}\n`);
  const filePath = await storeImportCsv(db, storage, {
    communityId,
    ownerId,
    bytes,
    blobKey: `member-imports/${randomUUID()}`,
  });
  const id = randomUUID();
  await db.insert(memberImport).values({
    id,
    communityId,
    createdBy: ownerId,
    filePath,
    mapping: { email: 1, name: 0, tags: null },
    role: "member",
    mode: "add",
    createdAt: new Date("2030-01-01T10:00:00Z"),
  });
  return id;
}

async function progress(id: string) {
  const [row] = await database.db.select().from(memberImport).where(eq(memberImport.id, id));
  return { status: row?.status, nextRecord: row?.nextRecord };
}

function runner(clock: () => Date, batchRows = 10) {
  return createImportRunner({
    db: database.db,
    emit: createEmit({ clock }),
    clock,
    authSecret: "lease-test-secret-that-is-long-enough",
    leaseMs: defaultJobsConfig.importLeaseMs,
    batchRows,
  });
}

it("resumes a crashed process's import within half a minute", async () => {
  const id = await queuedImport(40);
  let now = new Date("2030-01-01T10:00:00Z").getTime();
  const clock = () => new Date(now);
  const crashed = runner(clock);
  expect(await crashed.step()).toBe(1);
  expect(await progress(id)).toEqual({ status: "running", nextRecord: 10 });

  // The process that held it died right after its batch: another waits a little, not five minutes.
  const survivor = runner(clock);
  now += 5_000;
  expect(await survivor.step()).toBe(0);
  now += 25_000;
  expect(await survivor.step()).toBe(1);
  expect(await progress(id)).toEqual({ status: "running", nextRecord: 20 });
  while ((await survivor.step()) > 0);
  expect(await progress(id)).toEqual({ status: "done", nextRecord: 40 });
  await survivor.close();
  await crashed.close();
});

it("hands its imports back when it stops, so another process goes on at once", async () => {
  const id = await queuedImport(30);
  const clock = () => new Date("2030-01-01T10:00:00Z");
  const stopping = runner(clock);
  expect(await stopping.step()).toBe(1);
  await stopping.close();
  const next = runner(clock);
  expect(await next.step()).toBe(1);
  expect(await progress(id)).toEqual({ status: "running", nextRecord: 20 });
  while ((await next.step()) > 0);
  expect(await progress(id)).toEqual({ status: "done", nextRecord: 30 });
  await next.close();
});

it("keeps its lease while a long step works, so nobody takes the import over meanwhile", async () => {
  const id = await queuedImport(30_000);
  // Time moves only when the working runner reads the clock: five seconds each time. Its long step
  // (counting 30,000 rows, then a batch) reads it at every turn it gives the event loop.
  let now = new Date("2030-01-01T10:00:00Z").getTime();
  const working = runner(() => {
    now += 5_000;
    return new Date(now);
  }, 100);
  const other = runner(() => new Date(now), 100);
  let done = false;
  const step = working.step().finally(() => {
    done = true;
  });
  // The other runner starts looking once the working one holds the import.
  while ((await progress(id)).status !== "running") {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const taken: number[] = [];
  while (!done) {
    taken.push(await other.step());
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  expect(await step).toBe(1);
  // The step lasted longer than a lease: without renewals the other runner would have taken over.
  expect(now - new Date("2030-01-01T10:00:00Z").getTime()).toBeGreaterThan(defaultJobsConfig.importLeaseMs);
  expect(taken.filter((n) => n > 0)).toEqual([]);
  expect(await progress(id)).toEqual({ status: "running", nextRecord: 100 });
  await working.close();
  await other.close();
});
