// Run by bench/member-import.ts inside scripts/with-postgres.ts (DATABASE_URL set): a community and
// its owner, a CSV of 100,000 rows (about 1% of them refused: bad, missing or repeated addresses)
// in the file store's `member-imports` bucket, then the import started through the service and run
// by the jobs' import runner until it is done. Prints one JSON line last.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client.ts";
import { attachFileStorage, createFileStorage } from "#server/modules/files/files.storage.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { createImportRunner } from "#server/modules/membership/member-import.runner.ts";
import { startMemberImport } from "#server/modules/membership/member-import.service.ts";
import { memberImport } from "#server/modules/membership/member-import.tables.ts";
import {
  insertCommunity,
  storeImportCsv,
} from "#server/modules/membership/member-import-seed.test-support.ts";
import { importCsvOf } from "./member-import-csv.ts";

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const BATCH = Number(process.env.IMPORT_BATCH ?? 500);

/** About 1% refused: bad, missing or repeated addresses. */
const csvOf = (rows: number) =>
  importCsvOf(rows, (i) => {
    if (i % 300 === 0) return { line: `Broken ${i},not-an-address-${i},`, refused: true };
    if (i % 301 === 0) return { line: `Missing ${i},,`, refused: true };
    if (i % 302 === 0) return { line: `Again ${i},person.1@bench.example,`, refused: true };
    return {
      line: `Person ${i},person.${i}@bench.example,${i % 7 === 0 ? "vip;early" : ""}`,
      refused: false,
    };
  });

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  const dataDir = mkdtempSync(path.join(tmpdir(), "commons-import-bench-"));
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await database.migrate();
  const { db } = database;
  const storage = createFileStorage(dataDir, { s3: null });
  attachFileStorage(db, storage);
  try {
    const ownerId = randomUUID();
    const communityId = `import-bench-${randomUUID().slice(0, 8)}`;
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      values (${ownerId}, 'Bench Owner', ${`owner-${ownerId}@bench.example`}, true)`);
    await insertCommunity(db, communityId, "Import bench");
    await db.execute(sql`insert into membership (id, community_id, user_id, role, status, source)
      values (${randomUUID()}, ${communityId}, ${ownerId}, 'owner', 'active', 'created')`);
    const { text, refused } = csvOf(ROWS);
    const bytes = new TextEncoder().encode(text);
    const filePath = await storeImportCsv(db, storage, {
      communityId,
      ownerId,
      bytes,
      blobKey: `bench/${randomUUID()}`,
    });

    const clock = () => new Date();
    const emit = createEmit({ clock });
    const ctx = {
      db,
      viewer: {
        id: ownerId,
        email: `owner-${ownerId}@bench.example`,
        name: "Bench Owner",
        emailVerified: true,
      },
      clock,
      emit,
      authSecret: "bench-secret-that-is-long-enough-0123456789",
    } as unknown as Parameters<typeof startMemberImport>[0];
    const started = performance.now();
    const job = await startMemberImport(ctx, communityId, {
      filePath,
      mapping: { email: 1, name: 0, tags: 2 },
      tags: ["bench"],
      role: "member",
      mode: "add",
    });
    const runner = createImportRunner({
      db,
      emit,
      clock,
      authSecret: "x",
      leaseMs: 60_000,
      batchRows: BATCH,
    });
    let batches = 0;
    while ((await runner.step()) > 0) batches++;
    await runner.close();
    const ms = performance.now() - started;
    const [done] = await db.select().from(memberImport).where(eq(memberImport.id, job.id));
    console.log(
      JSON.stringify({
        rows: ROWS,
        batchRows: BATCH,
        batches,
        ms,
        rowsPerSecond: (ROWS / ms) * 1000,
        expected: { added: ROWS - refused, rejected: refused },
        result: done && {
          status: done.status,
          totalRows: done.totalRows,
          added: done.added,
          skipped: done.skipped,
          rejected: done.rejected,
        },
      }),
    );
  } finally {
    storage.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
