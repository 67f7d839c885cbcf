// The PostgreSQL pool under load and a statement left unanswered (decision 039): `/readyz` asks
// over a connection of its own, so a busy pool does not take a loaded process out of the balancer;
// a request that waited its turn in a busy pool is overload, not "database unreachable"; a statement
// that gets no answer fails within the bound instead of holding its request forever, except on
// the connection kept for long work (an insights rebuild). It holds the pool's connections with an
// advisory lock, so it runs in the PostgreSQL pass only.

import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { type Database, openDatabase } from "./client.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

let nextLock = 91_207;
/** The pool's size in db/client.ts. */
const POOL_SIZE = 10;

describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL pool under load", () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let holder: pg.Client;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const databaseUrl = testDatabase.databaseUrl ?? "";
    database = await openDatabase({
      databaseUrl,
      dataDir: null,
      timeouts: { queryMs: 3_000, poolWaitMs: 1_000 },
    });
    holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await database?.close();
    await testDatabase?.dispose();
  });

  /** Every pooled connection waits on the lock `holder` holds until `release`. */
  async function occupyPool(db = database.db, count = POOL_SIZE) {
    const LOCK = nextLock++;
    await holder.query("select pg_advisory_lock($1)", [LOCK]);
    const waiting = Array.from({ length: count }, () =>
      db.execute(sql`select pg_advisory_xact_lock(${LOCK})`).then(
        () => "answered" as const,
        (error: unknown) => error,
      ),
    );
    // Every connection is checked out once PostgreSQL shows them all waiting on the lock.
    for (;;) {
      const { rows } = await holder.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted",
        [LOCK],
      );
      if ((rows[0]?.n ?? 0) >= count) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return {
      waiting,
      release: () => holder.query("select pg_advisory_unlock_all()"),
    };
  }

  it("stays ready while every pooled connection is busy, and tells a busy pool from an outage", async () => {
    const busy = await occupyPool();
    onTestFinished(async () => {
      await busy.release();
    });
    // A request that finds no free connection waits its turn; past the bound it is overload.
    const queued = database.db.execute(sql`select 1`).then(
      () => null,
      (error: unknown) => error,
    );
    const started = Date.now();
    await database.ping();
    expect(Date.now() - started).toBeLessThan(1_000);
    const refused = await queued;
    expect(refused).toBeInstanceOf(Error);
    expect(String((refused as Error).cause ?? refused)).toMatch(/timeout exceeded when trying to connect/);
    expect(isDatabaseUnavailable(refused)).toBe(false);
    // The statements that got no answer in time failed as the database not answering.
    const outcomes = await Promise.all(busy.waiting);
    for (const outcome of outcomes) expect(isDatabaseUnavailable(outcome)).toBe(true);
    await busy.release();
    // The pool serves again once the lock is gone.
    await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
  });

  it("lets long work wait for its statement's answer as long as it takes", async () => {
    const busy = await occupyPool(database.longQueries, 1);
    onTestFinished(async () => {
      await busy.release();
    });
    // Longer than the request path's bound (3 s): only the release answers it.
    const timeout = new Promise<"still waiting">((resolve) =>
      setTimeout(() => resolve("still waiting"), 4_000),
    );
    expect(await Promise.race([busy.waiting[0], timeout])).toBe("still waiting");
    await busy.release();
    expect(await busy.waiting[0]).toBe("answered");
  });

  // Statements are kept prepared per connection (decision 044). A transaction keeps to one
  // connection, so each step below runs on the connection that prepared the statement.
  const echoed = async (db: Database["db"], value: unknown) =>
    ((await db.execute(sql`select ${value}::text as v`)) as { rows: { v: string }[] }).rows[0]?.v;

  it("runs a prepared statement again after one of its values could not be sent", async () => {
    await database.db.transaction(async (tx) => {
      expect(await echoed(tx, "first")).toBe("first");
      const unsendable = {
        toPostgres() {
          throw new Error("no text for this value");
        },
      };
      await expect(echoed(tx, unsendable)).rejects.toMatchObject({
        cause: { message: "no text for this value" },
      });
      expect(await echoed(tx, "after")).toBe("after");
    });
  });
});
