// The shared tus locker on its own: two lockers stand for two app processes on one PostgreSQL.
// PGlite is one process and keeps tus's in-memory locker, so this runs on PostgreSQL only.

import { createServer, type Server, type Socket } from "node:net";
import { ERRORS } from "@tus/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { LOCK_CONNECTION_NAME, PgUploadLocker } from "./pg-upload-locker.ts";

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

describe.runIf(onPostgres)("upload locks within one process", () => {
  it("lets only one of two waiters woken together take the lock, and frees it whole", async () => {
    const [a, b] = [newLocker(), newLocker(5_000)];
    const first = a.newLock("upload-5");
    await first.lock(never, () => {});
    // Two more requests of the same process wait for it; the unlock wakes both at once.
    const asked: string[] = [];
    const waiter = (name: string) => {
      const lock = a.newLock("upload-5");
      const taken = lock.lock(never, () => {
        asked.push(name);
        void lock.unlock();
      });
      return { lock, taken };
    };
    const [second, third] = [waiter("second"), waiter("third")];
    await first.unlock();
    await Promise.all([second.taken, third.taken]);
    // The one that lost had to ask the winner to let go: they never held it together.
    expect(asked).toHaveLength(1);
    await second.lock.unlock();
    await third.lock.unlock();
    // Nothing is left held: another process takes it at once.
    await b.newLock("upload-5").lock(never, () => {});
  });

  it("ignores an unlock from a request that no longer holds the lock", async () => {
    const [a, b] = [newLocker(), newLocker(5_000)];
    const old = a.newLock("upload-6");
    await old.lock(never, () => {});
    await old.unlock();
    const current = a.newLock("upload-6");
    let asked = false;
    await current.lock(never, () => {
      asked = true;
      void current.unlock();
    });
    await old.unlock();
    // The current holder still holds it: the other process has to ask it to let go.
    await b.newLock("upload-6").lock(never, () => {});
    expect(asked).toBe(true);
  });

  it("asks its holders to stop when the lock connection drops", async () => {
    const a = newLocker();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    await a.newLock("upload-7").lock(never, () => stop());
    const admin = new pg.Client({ connectionString: database.databaseUrl ?? "" });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
        [LOCK_CONNECTION_NAME],
      );
    } finally {
      await admin.end();
    }
    await stopped;
  });

  it("gives up in time when the database accepts connections but never answers", async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const locker = new PgUploadLocker({
      connectionString: `postgres://nobody@127.0.0.1:${port}/nothing`,
      acquireLockTimeoutMs: 300,
    });
    try {
      await expect(locker.newLock("upload-8").lock(never, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    } finally {
      // The server goes first: a connection still starting ends only once its socket does.
      for (const socket of sockets) socket.destroy();
      await locker.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
