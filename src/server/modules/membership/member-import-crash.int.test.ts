// A member import survives the server being killed (SIGKILL) in the middle of a batch: after a
// restart on the same data it finishes from the last committed batch, and every count, membership
// and domain event is there exactly once. The server runs as a child process with test-only knobs
// (COMMONS_TEST_IMPORT_*, refused unless NODE_ENV=test): small batches, and death inside the
// third batch's transaction.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createCommunity } from "#server/modules/files/storage-test-support.ts";
import { restartableServer } from "#server/test/child-server.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { type ImportResult, importById, startImport, uploadCsv } from "./member-import-test-support.ts";

const BATCH = 10;

const server = restartableServer({
  name: "import-crash",
  env: { COMMONS_TEST_IMPORT_LEASE_MS: "1500", COMMONS_TEST_IMPORT_BATCH_ROWS: String(BATCH) },
});

it("finishes an import killed mid-batch with nothing lost or doubled", { timeout: 400_000 }, async () => {
  let child = await server.start({ COMMONS_TEST_IMPORT_DIE_AT_BATCH: "3" });
  const owner = new TestBrowser(server.url, server.smtp);
  await owner.signIn(uniqueEmail("owner"), "Olive Owner");
  const communityId = await createCommunity(owner);

  // 55 records: 50 people, and five refused rows spread over the batches.
  const people = Array.from({ length: 50 }, (_, i) => uniqueEmail(`p${i}`));
  const records: string[] = [];
  const refused: { line: number; email: string; reason: string }[] = [];
  for (const [i, email] of people.entries()) {
    records.push(`Person ${i},${email}`);
    const extra =
      i === 3
        ? { email: "bad-address", reason: "INVALID_EMAIL" }
        : i === 14
          ? { email: people[0]?.toUpperCase() ?? "", reason: "DUPLICATE_IN_FILE" }
          : i === 22
            ? { email: "", reason: "MISSING_EMAIL" }
            : i === 27
              ? { email: people[25] ?? "", reason: "DUPLICATE_IN_FILE" }
              : i === 44
                ? { email: "also@bad", reason: "INVALID_EMAIL" }
                : null;
    if (extra) {
      records.push(`Someone,${extra.email}`);
      refused.push({ line: records.length + 1, ...extra });
    }
  }
  const filePath = await uploadCsv(owner, communityId, `name,email\n${records.join("\n")}\n`);
  const started = await startImport(owner, communityId, { filePath, emailColumn: 1, nameColumn: 0 });
  expect(started.errors, child.log()).toBeUndefined();
  const importId = started.data?.startMemberImport.id as string;

  // The server dies inside the third batch's transaction: two batches (20 records) are committed.
  await child.exited;
  expect(child.process.signalCode, child.log()).toBe("SIGKILL");
  const [halfway] = await server.query<{
    next_record: number;
    added: number;
    rejected: number;
    status: string;
  }>(sql`select next_record, added, rejected, status from member_import where id = ${importId}`);
  expect(halfway).toEqual({ next_record: 2 * BATCH, added: 18, rejected: 2, status: "running" });
  const [joinedHalfway] = await server.query<{ n: number }>(
    sql`select count(*)::int as n from membership where community_id = ${communityId} and source = 'imported'`,
  );
  expect(joinedHalfway?.n).toBe(18);

  // Restarted, the server takes the import over once the dead process's lease (1.5 s) has run out.
  child = await server.start();
  let done: ImportResult = await importById(owner, importId);
  while (done.status !== "DONE") {
    expect(done.status).not.toBe("FAILED");
    await new Promise((resolve) => setTimeout(resolve, 100));
    done = await importById(owner, importId);
  }
  expect(done).toMatchObject({
    totalRows: 55,
    rowsDone: 55,
    added: 50,
    invited: 0,
    skipped: 0,
    rejected: 5,
  });
  expect(done.rejectedRows).toEqual(refused);

  child.process.kill("SIGTERM");
  await child.exited;
  const [members] = await server.query<{ n: number; people: number }>(
    sql`select count(*)::int as n, count(distinct user_id)::int as people from membership
        where community_id = ${communityId} and source = 'imported'`,
  );
  expect(members).toEqual({ n: 50, people: 50 });
  const [joined] = await server.query<{ n: number }>(
    sql`select count(*)::int as n from domain_event
        where community_id = ${communityId} and type = 'member.joined' and payload->>'source' = 'imported'`,
  );
  expect(joined?.n).toBe(50);
  const batches = await server.query<{ status: string; added: number }>(
    sql`select payload->>'status' as status, (payload->>'added')::int as added from domain_event
        where community_id = ${communityId} and type = 'member.imported' order by position`,
  );
  // Started, then one entry per committed batch of 10 (the rolled-back third batch left none).
  expect(batches.map((b) => b.added)).toEqual([0, 9, 18, 27, 36, 45, 50]);
  expect(batches.at(-1)?.status).toBe("done");
});
