import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { CsvError, parse } from "csv-parse";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { storedObject } from "#server/modules/files/files.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { applyBatch, type ImportRecord } from "./member-import.batch.ts";
import { memberImport } from "./member-import.tables.ts";

type ImportRow = typeof memberImport.$inferSelect;

export type ImportRunnerOptions = {
  db: Db;
  emit: Emit;
  clock: () => Date;
  authSecret: string;
  /** A claimed import not touched for this long is presumed abandoned (its process died). */
  leaseMs: number;
  batchRows: number;
  /** Test-only: SIGKILL this process inside the n-th batch's transaction, before it commits. */
  dieAtBatch?: number;
};

export type ImportRunner = {
  /** Handles one batch of one import; resolves to the number of batches handled (0 or 1). */
  step(): Promise<number>;
  close(): Promise<void>;
};

/** Reading more than this in one CSV record means the file is not a member list. */
const MAX_RECORD_BYTES = 64 * 1024;

class FileProblem extends Error {}

async function* recordsOf(db: Db, job: ImportRow): AsyncGenerator<ImportRecord> {
  const object = await storedObject(db, "member-imports", job.filePath);
  if (!object) throw new FileProblem("The uploaded file is no longer there. Upload it again.");
  const bytes = Readable.fromWeb((await object.read()) as NodeReadableStream<Uint8Array>);
  const parser = bytes.pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
  bytes.on("error", (error) => parser.destroy(error));
  let header = true;
  try {
    for await (const chunk of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // The first record names the columns; the mapping counts columns from 0.
      if (header) {
        header = false;
        continue;
      }
      yield { line: chunk.info.lines, cells: chunk.record };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new FileProblem(`The file is not valid CSV: ${error.message}`);
    throw error;
  } finally {
    parser.destroy();
    bytes.destroy();
  }
}

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

  async function countRecords(job: ImportRow): Promise<number> {
    let total = 0;
    for await (const _ of recordsOf(options.db, job)) total++;
    await options.db.update(memberImport).set({ totalRows: total }).where(eq(memberImport.id, job.id));
    return total;
  }

  async function take(job: ImportRow): Promise<ImportRecord[]> {
    let reader = readers.get(job.id);
    if (!reader || reader.position !== job.nextRecord) {
      await drop(job.id);
      reader = { records: recordsOf(options.db, job), position: 0 };
      readers.set(job.id, reader);
      while (reader.position < job.nextRecord) {
        if ((await reader.records.next()).done) break;
        reader.position++;
      }
    }
    const batch: ImportRecord[] = [];
    while (batch.length < options.batchRows) {
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

  async function commit(job: ImportRow, records: ImportRecord[]) {
    const now = options.clock();
    const finished = records.length < options.batchRows;
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

  return {
    async step() {
      const job = await claim();
      if (!job) return 0;
      try {
        if (job.totalRows === null) job.totalRows = await countRecords(job);
        const records = await take(job);
        await commit(job, records);
        if (records.length < options.batchRows) await drop(job.id);
      } catch (error) {
        await drop(job.id);
        if (error instanceof FileProblem) await fail(job, error.message);
        else if (!(error instanceof LostLease)) throw error;
      }
      return 1;
    },
    async close() {
      for (const id of [...readers.keys()]) await drop(id);
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
    },
  };
}
