// One throwaway database for a test file that works on the database alone (subscribers, services),
// opened before its tests and closed and removed after them.
import { afterAll, beforeAll } from "vitest";
import type { Database } from "#server/db/client.ts";
import { createTestDatabase, type TestDatabase } from "./harness.ts";

/** Registers the file's set-up and clean-up; the answer gives the open database inside a test. */
export function useTestDatabase(): () => Database {
  let testDatabase: TestDatabase | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });
  return () => {
    if (!database) throw new Error("the test database opens in beforeAll: use it inside a test");
    return database;
  };
}
