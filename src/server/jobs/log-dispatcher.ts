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
      const started = performance.now();
      let handled = 0;
      const { handleBatch, handle } = subscriber;
      if (handleBatch) {
        const slice = budgetMs ? BUDGETED_SLICE : entries.length;
        while (handled < entries.length) {
          const previous = entries[handled - 1];
          const from = previous ? { txId: previous.txId, position: previous.position } : positionOf(row);
          const some = entries.slice(handled, handled + slice);
          await handleBatch.call(subscriber, tx, some, { from, afterCommit: (fn) => committed.push(fn) });
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

  return {
    async dispatch(maxBatches = 20) {
      await register();
      let handled = 0;
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
