import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Database } from "#server/db/client.ts";
import { createTestDatabase } from "./harness.ts";

const rowsOf = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;

// On PGlite a closed test database is emptied and handed to the next test of the worker: nothing
// one test wrote may show in the next one's database, and its sequences start again.
test("a test database starts empty, whatever the test before it wrote", async () => {
  const insertUser = sql`insert into "user" (id, name, email) values ('probe', 'Probe', 'probe@example.test')`;
  const nextPosition = sql`select nextval(pg_get_serial_sequence('domain_event', 'position'))::int as next`;

  const before = await createTestDatabase();
  const first = await before.open();
  const fresh = await rowsOf(first, nextPosition);
  await first.db.execute(insertUser);
  await first.close();
  await before.dispose();

  const after = await createTestDatabase();
  const second = await after.open();
  try {
    expect(await rowsOf(second, sql`select id from "user"`)).toEqual([]);
    expect(await rowsOf(second, nextPosition)).toEqual(fresh);
    await second.db.execute(insertUser);
  } finally {
    await second.close();
    await after.dispose();
  }
});
