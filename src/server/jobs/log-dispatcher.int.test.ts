// The domain-event log and its dispatcher on a real database (PGlite here, PostgreSQL in the
// suite's second run): order across concurrent transactions, exactly once with two dispatchers
// on one database, and resuming where a stopped dispatcher left off.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database, Db } from "#server/db/client.ts";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { createEmit, entriesAfter, LOG_START } from "#server/modules/log/log.service.ts";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { createDispatcher, type Subscriber } from "./log-dispatcher.ts";

const opened: Database[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const database of databases.splice(0)) await database.dispose();
});

/** A database of the test's own, and a way to open a second handle on it (another "process"). */
async function freshDatabase() {
  const testDatabase = await createTestDatabase();
  databases.push(testDatabase);
  const first = await testDatabase.open();
  opened.push(first);
  const another = async () => {
    // PGlite is one process's in-memory database: a second process is a second handle on PostgreSQL only.
    if (first.kind === "pglite") return first;
    const database = await testDatabase.open();
    opened.push(database);
    return database;
  };
  await first.db.execute(
    sql`create table log_probe (position bigint, subscriber text, primary key (position, subscriber))`,
  );
  return { db: first.db, kind: first.kind, another };
}

const clock = () => new Date("2030-01-01T10:00:00Z");
const emit = createEmit({ clock });
const communityId = "community-1";

const joined = (userId: string) =>
  ({
    type: "member.joined",
    communityId,
    actorId: userId,
    subjectId: userId,
    payload: { userId, role: "member", source: "joined" },
  }) as const;

/** Records every entry it handles in `log_probe` (a second handling breaks its primary key). */
function probe(name: string, seen: LogEntry[] = []): Subscriber & { seen: LogEntry[] } {
  return {
    name,
    seen,
    async handle(tx: Db, entry: LogEntry) {
      await tx.execute(sql`insert into log_probe (position, subscriber) values (${entry.position}, ${name})`);
      seen.push(entry);
    },
  };
}

const userIdsOf = (entries: LogEntry[]) =>
  entries.map((e) => (e.type === "member.joined" ? e.payload.userId : e.type));

async function drainAll(dispatchers: ReturnType<typeof createDispatcher>[]) {
  for (;;) {
    const handled = await Promise.all(dispatchers.map((d) => d.dispatch()));
    if (handled.every((n) => n === 0) && !(await dispatchers[0]?.behind())) return;
  }
}

describe("the domain-event log", () => {
  it("hands over an entry whose transaction commits late before later ones, never skipping it", async () => {
    const { db, kind } = await freshDatabase();
    const subscriber = probe("order");
    const dispatcher = createDispatcher({ db, subscribers: [subscriber], batchSize: 50, log: () => {} });

    let holding = () => {};
    const aHolds = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A writes first and commits last; B writes and commits while A is still open.
    const a = db.transaction(async (tx) => {
      await emit(tx as unknown as Db, joined("a"));
      holding();
      await released;
    });
    await aHolds;
    const b = db.transaction(async (tx) => emit(tx as unknown as Db, joined("b")));
    const whileOpen = dispatcher.dispatch();
    // On PostgreSQL B commits and a pass runs while A is still open; that pass must not hand B
    // over. PGlite has one connection, so there both wait for A.
    if (kind === "postgres") await Promise.all([b, whileOpen]);
    const seenWhileAOpen = userIdsOf(subscriber.seen);
    release();
    await Promise.all([a, b, whileOpen]);
    await drainAll([dispatcher]);

    expect(seenWhileAOpen).not.toContain("b");
    expect(userIdsOf(subscriber.seen)).toEqual(["a", "b"]);
    const probed = await db.execute(sql`select count(*)::int as n from log_probe`);
    expect((probed as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
  });

  it("gives every entry to each subscriber exactly once, in order, with two dispatchers at once", async () => {
    const { db, another } = await freshDatabase();
    const second = await another();
    const seen: LogEntry[] = [];
    const one = createDispatcher({ db, subscribers: [probe("mail", seen)], batchSize: 7, log: () => {} });
    const two = createDispatcher({
      db: second.db,
      subscribers: [probe("mail", seen)],
      batchSize: 7,
      log: () => {},
    });
    const writers = Array.from({ length: 4 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 25; i++) {
          await db.transaction(async (tx) => emit(tx as unknown as Db, joined(`w${w}-${i}`)));
        }
      })(),
    );
    const dispatching = (async () => {
      for (let i = 0; i < 20; i++) await Promise.all([one.dispatch(1), two.dispatch(1)]);
    })();
    await Promise.all([...writers, dispatching]);
    await drainAll([one, two]);

    expect(seen).toHaveLength(100);
    const order = seen.map((e) => [e.txId, e.position] as const);
    const sorted = [...order].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    expect(order).toEqual(sorted);
    for (let w = 0; w < 4; w++) {
      const mine = userIdsOf(seen).filter((id) => id.startsWith(`w${w}-`));
      expect(mine).toEqual(Array.from({ length: 25 }, (_, i) => `w${w}-${i}`));
    }
  });

  it("resumes after a restart where it left off, and a new subscriber starts from the beginning", async () => {
    const { db, another } = await freshDatabase();
    for (let i = 0; i < 30; i++)
      await db.transaction(async (tx) => emit(tx as unknown as Db, joined(`p${i}`)));

    // On a shared PostgreSQL another database's open transaction may hold entries back a moment.
    while ((await entriesAfter(db, LOG_START, 50)).length < 30) await new Promise((r) => setTimeout(r, 5));
    const before = probe("timeline");
    await createDispatcher({ db, subscribers: [before], batchSize: 10, log: () => {} }).dispatch(1);
    expect(userIdsOf(before.seen)).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`));

    // A failing handler rolls its batch back: the position does not move past what failed.
    const failing: Subscriber = {
      name: "timeline",
      handle: async () => {
        throw new Error("mail server down");
      },
    };
    await expect(
      createDispatcher({ db, subscribers: [failing], batchSize: 10, log: () => {} }).dispatch(),
    ).rejects.toThrow("mail server down");

    const restarted = await another();
    const after = probe("timeline");
    const latecomer = probe("insights");
    await drainAll([
      createDispatcher({ db: restarted.db, subscribers: [after, latecomer], batchSize: 10, log: () => {} }),
    ]);
    expect(userIdsOf(after.seen)).toEqual(Array.from({ length: 20 }, (_, i) => `p${i + 10}`));
    expect(userIdsOf(latecomer.seen)).toEqual(Array.from({ length: 30 }, (_, i) => `p${i}`));
    expect(after.seen[0]?.occurredAt).toEqual(clock());
  });

  it("lets a failing subscriber hold back only itself, then catch up, each entry handled once", async () => {
    const { db } = await freshDatabase();
    for (let i = 0; i < 12; i++)
      await db.transaction(async (tx) => emit(tx as unknown as Db, joined(`q${i}`)));
    while ((await entriesAfter(db, LOG_START, 50)).length < 12) await new Promise((r) => setTimeout(r, 5));
    const positions = (await entriesAfter(db, LOG_START, 50)).map((e) => e.position);

    // One subscriber handles its entries a batch at a time; one fails on the sixth entry until fixed.
    const inBatches: Subscriber = {
      name: "in-batches",
      async handleBatch(tx, entries) {
        for (const entry of entries)
          await tx.execute(
            sql`insert into log_probe (position, subscriber) values (${entry.position}, 'in-batches')`,
          );
      },
    };
    let broken = true;
    const fragile = probe("fragile");
    const failing: Subscriber = {
      name: "fragile",
      async handle(tx, entry) {
        if (broken && entry.position === positions[5]) throw new Error("mail server down");
        await fragile.handle?.(tx, entry);
      },
    };
    const errors: string[] = [];
    const dispatcher = createDispatcher({
      db,
      subscribers: [probe("steady"), failing, inBatches],
      batchSize: 4,
      log: (line) => errors.push(line),
    });
    /** What each subscriber's committed work holds (a second handling breaks the probe's key). */
    const handled = async () =>
      Object.fromEntries(
        (
          (await db.execute(sql`
            select subscriber, array_agg(position order by position) as positions
            from log_probe group by subscriber`)) as unknown as {
            rows: { subscriber: string; positions: (string | number)[] }[];
          }
        ).rows.map((r) => [r.subscriber, r.positions.map(Number)]),
      );
    await expect(dispatcher.dispatch()).rejects.toThrow("mail server down");
    for (let i = 0; i < 20 && (await handled()).steady?.length !== 12; i++)
      await dispatcher.dispatch().catch(() => 0);
    expect(await handled()).toEqual({
      steady: positions,
      "in-batches": positions,
      fragile: positions.slice(0, 4),
    });
    expect(errors.some((line) => line.includes("fragile failed"))).toBe(true);

    broken = false;
    await drainAll([dispatcher]);
    expect(await handled()).toEqual({ steady: positions, "in-batches": positions, fragile: positions });
  });

  it("reads a community's audit trail from the log: actor, action, target, before and after", async () => {
    const { db } = await freshDatabase();
    await db.transaction(async (tx) =>
      emit(tx as unknown as Db, {
        type: "community.updated",
        communityId,
        actorId: "owner-1",
        payload: { before: { name: "Old" }, after: { name: "New" } },
      }),
    );
    await db.transaction(async (tx) => emit(tx as unknown as Db, joined("m1")));
    const trail = await auditTrail(db, communityId);
    expect(
      trail.map(({ actorId, action, target, before, after }) => ({ actorId, action, target, before, after })),
    ).toEqual([
      {
        actorId: "owner-1",
        action: "community.updated",
        target: `community:${communityId}`,
        before: { name: "Old" },
        after: { name: "New" },
      },
      { actorId: "m1", action: "member.joined", target: "user:m1", before: null, after: { role: "member" } },
    ]);
  });

  it("refuses an event that does not match its type", async () => {
    const { db } = await freshDatabase();
    const bad = { ...joined("x"), payload: { role: "member" } } as unknown as Parameters<typeof emit>[1];
    await expect(db.transaction(async (tx) => emit(tx as unknown as Db, bad))).rejects.toThrow();
    expect(await auditTrail(db, communityId)).toEqual([]);
  });
});
