// The change bus between processes sharing one PostgreSQL database (decision 041): a notice sent in
// a transaction reaches the other listeners once it commits, never when it rolls back, and a
// listener whose connection the server ended comes back by itself and says it may have missed
// some. PGlite has one process only and no bus, so this runs on PostgreSQL only.

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { type ChangeBus, type ChangeNotice, startChangeBus } from "./change-bus.ts";
import type { Database } from "./client.ts";

type Heard = { notice: ChangeNotice; at: number };

/** A bus whose notices and resyncs are recorded, with a way to wait for the next of either. */
async function listener(database: Database) {
  const heard: Heard[] = [];
  let resyncs = 0;
  let waiters: (() => void)[] = [];
  const changed = () => {
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  };
  const bus = await startChangeBus({
    connect: database.openClient as () => never,
    onNotice: (notice) => {
      heard.push({ notice, at: performance.now() });
      changed();
    },
    onResync: () => {
      resyncs++;
      changed();
    },
    retryMs: { first: 20, max: 500 },
    log: () => undefined,
  });
  /** Resolves once `done()` holds, or fails after `ms`. */
  const until = async (done: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("nothing arrived in time");
      await new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timeout);
          resolve();
        });
      });
    }
  };
  return { bus, heard, resyncs: () => resyncs, until };
}

describe.skipIf(!process.env.DATABASE_URL)("the change bus on PostgreSQL", () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let a: Awaited<ReturnType<typeof listener>>;
  let b: Awaited<ReturnType<typeof listener>>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
    a = await listener(database);
    b = await listener(database);
  });
  afterAll(async () => {
    await a?.bus.close();
    await b?.bus.close();
    await database?.close();
    await testDatabase?.dispose();
  });

  const announce = (bus: ChangeBus, notice: ChangeNotice, outcome: "commit" | "rollback" = "commit") =>
    database.db
      .transaction(async (tx) => {
        await bus.announce(tx as never, notice);
        if (outcome === "rollback") tx.rollback();
      })
      .catch((error: unknown) => {
        if (outcome === "commit") throw error;
      });

  it("delivers a notice to the other processes when its transaction commits, and only then", async () => {
    const dropped: ChangeNotice = { kind: "event", communityId: "c-rolled-back", ids: ["e-rolled-back"] };
    const kept: ChangeNotice = { kind: "event", communityId: "c-1", ids: ["e-1"] };
    await announce(a.bus, dropped, "rollback");
    const committedAt = performance.now();
    await announce(a.bus, kept);
    await b.until(() => b.heard.length > 0);
    // The rolled-back notice was never sent: the first one heard is the committed one.
    expect(b.heard.map((h) => h.notice)).toEqual([kept]);
    const delay = (b.heard[0]?.at ?? 0) - committedAt;
    console.info(`change bus: commit to notice on another listener in ${delay.toFixed(1)} ms`);
    expect(delay).toBeLessThan(1_000);

    // The sender skips its own notice: the first one it hears is the other process's.
    const reply: ChangeNotice = { kind: "sessions", sessionIds: ["s-1", "s-2"] };
    await announce(b.bus, reply);
    await a.until(() => a.heard.length > 0);
    expect(a.heard.map((h) => h.notice)).toEqual([reply]);
  });

  it("sends a long list of ended sessions as a request to read them from the table", async () => {
    const many = Array.from({ length: 400 }, (_, i) => `session-${i}-${"x".repeat(32)}`);
    const before = b.heard.length;
    await announce(a.bus, { kind: "sessions", sessionIds: many });
    await b.until(() => b.heard.length > before);
    expect(b.heard.at(-1)?.notice).toEqual({ kind: "sessions", sessionIds: null });
  });

  it("comes back after the server ended its connection, resyncs once, and hears notices again", async () => {
    const before = { a: a.resyncs(), b: b.resyncs(), heard: b.heard.length };
    // What a database restart does to every connection, done to the listeners' only.
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN commons_changes'`);
    await a.until(() => a.resyncs() > before.a);
    await b.until(() => b.resyncs() > before.b);
    expect(a.bus.listening() && b.bus.listening()).toBe(true);

    const after: ChangeNotice = { kind: "event", communityId: "c-2", ids: [] };
    await announce(a.bus, after);
    await b.until(() => b.heard.length > before.heard);
    expect(b.heard.at(-1)?.notice).toEqual(after);
    expect([a.resyncs() - before.a, b.resyncs() - before.b]).toEqual([1, 1]);
  });
});
