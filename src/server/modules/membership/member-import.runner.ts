import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { applyBatch, type ImportRecord } from "./member-import.batch.ts";
import { FileProblem, recordsOf, slicer } from "./member-import.records.ts";
import { memberImport } from "./member-import.tables.ts";

type ImportRow = typeof memberImport.$inferSelect;

export type ImportRunnerOptions = {
  db: Db;
  emit: Emit;
  clock: () => Date;
  authSecret: string;
  /**
   * A claimed import not touched for this long is presumed abandoned (its process died) and is
   * taken over. The holder renews it while it works, at least every third of it.
   */
  leaseMs: number;
  /** The most records one batch (one transaction) handles. */
  batchRows: number;
  /**
   * How long one batch's transaction should take: the batch size follows what the last batches
   * took. On PGlite a transaction holds the only connection and its statements run on the event
   * loop, so every request waits for it. Null: always `batchRows`.
   */
  batchBudgetMs?: number | null;
  /** Test-only: SIGKILL this process inside the n-th batch's transaction, before it commits. */
  dieAtBatch?: number;
};

export type ImportRunner = {
  /** Handles one batch of one import; resolves to the number of batches handled (0 or 1). */
  step(): Promise<number>;
  /** Closes open files and hands this process's imports back, so another process resumes them at once. */
  close(): Promise<void>;
};

/** Batch sizes when a time budget decides them. */
const FIRST_BUDGETED_ROWS = 50;
const FEWEST_ROWS = 10;

/**
 * Runs member imports (docs/decisions/015-member-import.md): each step claims one import (a lease
 * kept by this process), reads its next batch of records from the file and commits them together
 * with the import's new position and counts. Parsers stay open between steps; one that does not
 * stand at the stored position (another process moved on, or a batch rolled back) is reopened and
 * skips to it.
 */
export function createImportRunner(options: ImportRunnerOptions): ImportRunner {
  const owner = randomUUID();
  const readers = new Map<string, { records: AsyncGenerator<ImportRecord>; position: number }>();
  const budgetMs = options.batchBudgetMs ?? null;
  let rows = budgetMs ? Math.min(options.batchRows, FIRST_BUDGETED_ROWS) : options.batchRows;
  let committed = 0;
  const leaseEnd = (now: Date) => new Date(now.getTime() + options.leaseMs);

  async function drop(id: string) {
    const reader = readers.get(id);
    readers.delete(id);
    await reader?.records.return(undefined);
  }

  async function claim(): Promise<ImportRow | null> {
    const now = options.clock();
    return options.db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: memberImport.id })
        .from(memberImport)
        .where(
          and(
            inArray(memberImport.status, ["queued", "running"]),
            or(
              eq(memberImport.leaseOwner, owner),
              isNull(memberImport.leaseUntil),
              lt(memberImport.leaseUntil, now),
            ),
          ),
        )
        .orderBy(asc(memberImport.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!candidate) return null;
      const [claimed] = await tx
        .update(memberImport)
        .set({ status: "running", leaseOwner: owner, leaseUntil: leaseEnd(now) })
        .where(eq(memberImport.id, candidate.id))
        .returning();
      return claimed ?? null;
    });
  }

  /** The heartbeat: while a step works (counting, skipping, a batch), its lease is kept. */
  function keeper(job: ImportRow) {
    let renewed = options.clock().getTime();
    return async () => {
      const now = options.clock();
      if (now.getTime() - renewed < options.leaseMs / 3) return;
      const [kept] = await options.db
        .update(memberImport)
        .set({ leaseUntil: leaseEnd(now) })
        .where(and(eq(memberImport.id, job.id), eq(memberImport.leaseOwner, owner)))
        .returning({ id: memberImport.id });
      if (!kept) throw new LostLease();
      renewed = now.getTime();
    };
  }

  async function countRecords(job: ImportRow, pause: () => Promise<void>): Promise<number> {
    let total = 0;
    for await (const _ of recordsOf(options.db, job.filePath)) {
      total++;
      await pause();
    }
    await options.db.update(memberImport).set({ totalRows: total }).where(eq(memberImport.id, job.id));
    return total;
  }

  async function take(job: ImportRow, count: number, pause: () => Promise<void>): Promise<ImportRecord[]> {
    let reader = readers.get(job.id);
    if (!reader || reader.position !== job.nextRecord) {
      await drop(job.id);
      reader = { records: recordsOf(options.db, job.filePath), position: 0 };
      readers.set(job.id, reader);
      while (reader.position < job.nextRecord) {
        if ((await reader.records.next()).done) break;
        reader.position++;
        await pause();
      }
    }
    const batch: ImportRecord[] = [];
    while (batch.length < count) {
      const next = await reader.records.next();
      if (next.done) break;
      batch.push(next.value);
    }
    reader.position += batch.length;
    return batch;
  }

  async function fail(job: ImportRow, message: string) {
    const now = options.clock();
    await options.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(memberImport)
        .set({ status: "failed", error: message, finishedAt: now, leaseOwner: null, leaseUntil: null })
        .where(and(eq(memberImport.id, job.id), eq(memberImport.leaseOwner, owner)))
        .returning();
      if (failed) await options.emit(tx, importedEvent(failed));
    });
  }

  async function commit(job: ImportRow, records: ImportRecord[], finished: boolean) {
    const now = options.clock();
    await options.db.transaction(async (tx) => {
      const [current] = await tx.select().from(memberImport).where(eq(memberImport.id, job.id)).for("update");
      // Someone else took the import over (this process was presumed dead): leave it to them.
      if (
        current?.leaseOwner !== owner ||
        current.nextRecord !== job.nextRecord ||
        current.status !== "running"
      )
        throw new LostLease();
      const counts = await applyBatch(options, tx, current, records, now);
      const [updated] = await tx
        .update(memberImport)
        .set({
          nextRecord: current.nextRecord + records.length,
          added: sql`${memberImport.added} + ${counts.added}`,
          invited: sql`${memberImport.invited} + ${counts.invited}`,
          skipped: sql`${memberImport.skipped} + ${counts.skipped}`,
          rejected: sql`${memberImport.rejected} + ${counts.rejected}`,
          ...(finished
            ? { status: "done" as const, finishedAt: now, leaseOwner: null, leaseUntil: null }
            : { leaseUntil: leaseEnd(now) }),
        })
        .where(eq(memberImport.id, job.id))
        .returning();
      if (!updated) throw new LostLease();
      await options.emit(tx, importedEvent(updated));
      committed++;
      if (options.dieAtBatch === committed) process.kill(process.pid, "SIGKILL");
    });
  }

  /** The next batch's size: what fits the budget at the pace the last one went, at most twice as many. */
  function nextRows(handled: number, tookMs: number) {
    if (!budgetMs || handled === 0) return rows;
    const fitting = Math.floor((handled * budgetMs) / Math.max(tookMs, 1));
    return Math.min(options.batchRows, handled * 2, Math.max(FEWEST_ROWS, fitting));
  }

  return {
    async step() {
      const job = await claim();
      if (!job) return 0;
      const pause = slicer(keeper(job));
      try {
        if (job.totalRows === null) job.totalRows = await countRecords(job, pause);
        const want = rows;
        const records = await take(job, want, pause);
        // Statements that came in since the claim go before the batch's transaction.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const started = performance.now();
        await commit(job, records, records.length < want);
        rows = nextRows(records.length, performance.now() - started);
        if (records.length < want) await drop(job.id);
      } catch (error) {
        await drop(job.id);
        if (error instanceof FileProblem) await fail(job, error.message);
        else if (!(error instanceof LostLease)) throw error;
      }
      return 1;
    },
    async close() {
      for (const id of [...readers.keys()]) await drop(id);
      await options.db
        .update(memberImport)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(memberImport.leaseOwner, owner), inArray(memberImport.status, ["queued", "running"])));
    },
  };
}

class LostLease extends Error {}

export function importedEvent(row: ImportRow) {
  return {
    type: "member.imported" as const,
    communityId: row.communityId,
    actorId: row.createdBy,
    payload: {
      importId: row.id,
      status: row.status,
      added: row.added,
      invited: row.invited,
      skipped: row.skipped,
      rejected: row.rejected,
      filePath: row.filePath,
    },
  };
}
