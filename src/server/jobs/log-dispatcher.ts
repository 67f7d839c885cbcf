import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Batch } from "#server/modules/log/log.batch.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { entriesAfter, hasEntriesAfter, type LogPosition } from "#server/modules/log/log.service.ts";

// Delivers the domain-event log to its subscribers. Each subscriber has a row in `log_subscriber`
// holding its position; a batch is one transaction that locks that row (FOR UPDATE SKIP LOCKED, so
// two processes never run one subscriber at once), handles the next entries in log order and moves
// the position. Whatever a handler writes commits with the position or not at all: every entry is
// handled exactly once, in order, across restarts and processes.

/** A subscriber gives `handleBatch` when it can handle entries together, else `handle`. */
export type Subscriber = {
  name: string;
  /** Runs inside the batch's transaction; throwing rolls the batch back for a later retry. */
  handle?(tx: Db, entry: LogEntry): Promise<void>;
  /**
   * Handles consecutive entries, in log order, inside the batch's transaction, with the same
   * effects as handling them one by one (set-based statements, one per batch and kind); it may be
   * called several times in one transaction, with the entries that follow the previous call's.
   */
  handleBatch?(tx: Db, entries: readonly LogEntry[], batch: Batch): Promise<void>;
};

/** Entries given to `handleBatch` at a time when the batch has a time budget (PGlite). */
const BUDGETED_SLICE = 10;

export type Dispatcher = {
  /**
   * Handles settled entries for every subscriber, at most `maxBatches` each (one with a time budget:
   * the jobs pass then goes on to other work, a member import, before the next); returns how many.
   */
  dispatch(maxBatches?: number): Promise<number>;
  /** Whether some subscriber has committed entries after its position (settled or not yet). */
  behind(): Promise<boolean>;
};

type Position = { tx_id: string | number; position: string | number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const positionOf = (row: Position): LogPosition => ({
  txId: Number(row.tx_id),
  position: Number(row.position),
});

export function createDispatcher(options: {
  db: Db;
  subscribers: Subscriber[];
  batchSize: number;
  /**
   * A batch's transaction stops taking entries after this long (PGlite, where it holds the only
   * connection and runs on the event loop); null: always `batchSize` entries when there are.
   */
  budgetMs?: number | null;
  log: (line: string) => void;
}): Dispatcher {
  const { db, subscribers, batchSize } = options;
  const budgetMs = options.budgetMs ?? null;
  let registered: Promise<void> | undefined;
  // A new subscriber starts at the beginning of the log; one that exists keeps its place.
  const register = () => {
    registered ??= (async () => {
      for (const s of subscribers) {
        await db.execute(sql`insert into log_subscriber (name) values (${s.name}) on conflict do nothing`);
      }
    })().catch((error: unknown) => {
      registered = undefined;
      throw error;
    });
    return registered;
  };

  /** Hands `entries` (after `from`) to the subscriber; returns how many it handled within the budget. */
  const handOver = async (
    tx: Db,
    subscriber: Subscriber,
    entries: readonly LogEntry[],
    from: LogPosition,
    committed: (() => void)[],
  ): Promise<number> => {
    const started = performance.now();
    let handled = 0;
    const { handleBatch, handle } = subscriber;
    if (handleBatch) {
      const slice = budgetMs ? BUDGETED_SLICE : entries.length;
      while (handled < entries.length) {
        const previous = entries[handled - 1];
        const after = previous ? { txId: previous.txId, position: previous.position } : from;
        const some = entries.slice(handled, handled + slice);
        await handleBatch.call(subscriber, tx, some, {
          from: after,
          afterCommit: (fn) => committed.push(fn),
        });
        handled += some.length;
        if (budgetMs && performance.now() - started >= budgetMs) break;
      }
    } else if (handle) {
      for (const entry of entries) {
        await handle.call(subscriber, tx, entry);
        handled++;
        if (budgetMs && performance.now() - started >= budgetMs) break;
      }
    }
    return handled;
  };

  /** Handles the subscriber's next entries in one transaction; `more` when some may be left. */
  const batch = async (subscriber: Subscriber): Promise<{ handled: number; more: boolean }> => {
    const committed: (() => void)[] = [];
    const done = await db.transaction(async (tx) => {
      const [row] = rowsOf<Position>(
        await tx.execute(sql`
          select tx_id, position from log_subscriber where name = ${subscriber.name}
          for update skip locked`),
      );
      if (!row) return { handled: 0, more: false };
      const entries = await entriesAfter(tx, positionOf(row), batchSize);
      const handled = await handOver(tx, subscriber, entries, positionOf(row), committed);
      const last = entries[handled - 1];
      if (!last) return { handled: 0, more: false };
      await tx.execute(sql`
        update log_subscriber
        set tx_id = ${last.txId}, position = ${last.position}, last_error = null, updated_at = now()
        where name = ${subscriber.name}`);
      return { handled, more: handled < entries.length || entries.length === batchSize };
    });
    for (const fn of committed) fn();
    return done;
  };

  // One transaction usually serves all subscribers: their rows are locked, the entries after the
  // earliest of their positions read once, each subscriber handed the ones after its own position,
  // and the positions moved by one statement. With a few entries per batch that is most of a
  // batch's statements. Each subscriber's effects still commit with its position, and afterwards
  // they all stand at the same place. When one throws, the batch is rolled back and taken
  // subscriber by subscriber (as long as one keeps failing), which keeps a failing subscriber
  // from holding back the others. PGlite's batches, cut short by the time budget, always are.
  const names = subscribers.map((s) => s.name);
  const together = budgetMs === null && subscribers.length > 1;
  let failedTogether = false;
  const isAfter = (entry: LogEntry, at: LogPosition) =>
    entry.txId > at.txId || (entry.txId === at.txId && entry.position > at.position);
  /** All subscribers' next entries in one transaction. */
  const batchTogether = async (): Promise<{ handled: number; more: boolean } | null> => {
    const committed: (() => void)[] = [];
    const done = await db.transaction(async (tx) => {
      const rows = rowsOf<Position & { name: string }>(
        await tx.execute(sql`
          select name, tx_id, position from log_subscriber where name in ${names}
          for update skip locked`),
      );
      const held = new Map(rows.map((r) => [r.name, positionOf(r)]));
      const earliest = [...held.values()].reduce<LogPosition | null>(
        (min, at) =>
          min === null || at.txId < min.txId || (at.txId === min.txId && at.position < min.position)
            ? at
            : min,
        null,
      );
      // All of them taken elsewhere: nothing to do here.
      if (!earliest) return { handled: 0, more: false };
      const entries = await entriesAfter(tx, earliest, batchSize);
      const last = entries.at(-1);
      if (!last) return { handled: 0, more: false };
      // One far behind the others (new, or stopped by a failure): the others would wait for it to
      // catch up, so each takes its own batches for now.
      if (entries.length === batchSize && [...held.values()].some((at) => !isAfter(last, at))) return null;
      let handled = 0;
      const moved: string[] = [];
      for (const subscriber of subscribers) {
        const from = held.get(subscriber.name);
        if (!from) continue;
        const own = entries.filter((e) => isAfter(e, from));
        if (own.length === 0) continue;
        handled += await handOver(tx, subscriber, own, from, committed);
        moved.push(subscriber.name);
      }
      if (moved.length > 0)
        await tx.execute(sql`
          update log_subscriber
          set tx_id = ${last.txId}, position = ${last.position}, last_error = null, updated_at = now()
          where name in (select jsonb_array_elements_text(${JSON.stringify(moved)}::jsonb))`);
      return { handled, more: entries.length === batchSize };
    });
    for (const fn of committed) fn();
    return done;
  };

  return {
    async dispatch(maxBatches = 20) {
      await register();
      let handled = 0;
      if (together && !failedTogether) {
        let taken = 0;
        for (; taken < maxBatches; taken++) {
          const done = await batchTogether().catch(() => {
            failedTogether = true;
            return null;
          });
          if (!done) break;
          handled += done.handled;
          if (done.handled > 0) await new Promise<void>((resolve) => setImmediate(resolve));
          if (!done.more) return handled;
        }
        if (taken === maxBatches) return handled;
      }
      let failure: unknown;
      for (const subscriber of subscribers) {
        try {
          for (let i = 0; i < (budgetMs ? 1 : maxBatches); i++) {
            const done = await batch(subscriber);
            handled += done.handled;
            // A turn of the event loop after each batch: on PGlite nothing else would get one, and
            // a request's statements then go before the next batch's.
            if (done.handled > 0) await new Promise<void>((resolve) => setImmediate(resolve));
            if (!done.more) break;
          }
        } catch (error) {
          // One failing subscriber must not hold the others back; it retries from its position.
          failure ??= error;
          const message = error instanceof Error ? error.message : String(error);
          options.log(`log: subscriber ${subscriber.name} failed, retrying later: ${message}`);
          await db
            .execute(sql`update log_subscriber set last_error = ${message} where name = ${subscriber.name}`)
            .catch(() => undefined);
        }
      }
      if (failure !== undefined) throw failure;
      failedTogether = false;
      return handled;
    },
    async behind() {
      await register();
      const rows = rowsOf<Position & { name: string }>(
        await db.execute(sql`select name, tx_id, position from log_subscriber`),
      );
      const names = new Set(subscribers.map((s) => s.name));
      for (const row of rows) {
        if (names.has(row.name) && (await hasEntriesAfter(db, positionOf(row)))) return true;
      }
      return false;
    },
  };
}
