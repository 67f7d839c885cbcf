// The shared tus locker on its own: two lockers stand for two app processes on one PostgreSQL.
// PGlite is one process and keeps tus's in-memory locker, so this runs on PostgreSQL only.

import { ERRORS } from "@tus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { PgUploadLocker } from "./pg-upload-locker.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
let database: TestDatabase;
const lockers: PgUploadLocker[] = [];

beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase();
});
afterAll(async () => {
  for (const locker of lockers) await locker.close();
  await database?.dispose();
});

const newLocker = (acquireLockTimeoutMs?: number) => {
  const locker = new PgUploadLocker({
    connectionString: database.databaseUrl ?? "",
    ...(acquireLockTimeoutMs ? { acquireLockTimeoutMs } : {}),
  });
  lockers.push(locker);
  return locker;
};

const never = new AbortController().signal;

describe.runIf(onPostgres)("upload locks shared through PostgreSQL", () => {
  it("asks the other process's holder to let go, and takes the lock once it has", async () => {
    const [a, b] = [newLocker(), newLocker()];
    const held = a.newLock("upload-1");
    let releaseAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      releaseAsked = resolve;
    });
    await held.lock(never, () => releaseAsked());
    const taking = b.newLock("upload-1").lock(never, () => {});
    await asked;
    await held.unlock();
    await taking;
  });

  it("keeps two requests of one process apart as well", async () => {
    const locker = newLocker();
    const first = locker.newLock("upload-2");
    let asked = false;
    await first.lock(never, () => {
      asked = true;
      void first.unlock();
    });
    await locker.newLock("upload-2").lock(never, () => {});
    expect(asked).toBe(true);
  });

  it("gives up with tus's lock time-out when the holder does not let go", async () => {
    const [a, b] = [newLocker(), newLocker(300)];
    await a.newLock("upload-3").lock(never, () => {});
    await expect(b.newLock("upload-3").lock(never, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it("frees every lock of a process that closes (or dies)", async () => {
    const [a, b] = [newLocker(), newLocker(5_000)];
    await a.newLock("upload-4").lock(never, () => {});
    await a.close();
    await b.newLock("upload-4").lock(never, () => {});
  });
});
