import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { createTestDatabase } from "./harness.ts";

// On PGlite a closed test database is emptied and handed to the next test of the worker: nothing
// one test wrote may show in the next one's database, and its sequences start again.
test("a test database starts empty, whatever the test before it wrote", async () => {
  const insertUser = sql`insert into "user" (id, name, email) values ('probe', 'Probe', 'probe@example.test')`;
  const nextPosition = sql`select nextval(pg_get_serial_sequence('domain_event', 'position'))::int as next`;

  const before = await createTestDatabase();
  const first = await before.open();
  const fresh = (await first.db.execute(nextPosition)).rows;
  await first.db.execute(insertUser);
  await first.close();
  await before.dispose();

  const after = await createTestDatabase();
  const second = await after.open();
  try {
    expect((await second.db.execute(sql`select id from "user"`)).rows).toEqual([]);
    expect((await second.db.execute(nextPosition)).rows).toEqual(fresh);
    await second.db.execute(insertUser);
  } finally {
    await second.close();
    await after.dispose();
  }
});
