import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { CsvError, parse } from "csv-parse";
import type { Db } from "#server/db/client.ts";
import { storedObject } from "#server/modules/files/files.service.ts";
import type { ImportRecord } from "./member-import.batch.ts";

/** Reading more than this in one CSV record means the file is not a member list. */
const MAX_RECORD_BYTES = 64 * 1024;

/**
 * Work that goes on longer than this without waiting for I/O gives the event loop a turn. Parsed
 * records and PGlite's answers arrive as resolved promises: a loop over them never lets a request
 * in on its own (decision 015).
 */
const SLICE_MS = 10;

export class FileProblem extends Error {}

/**
 * A function to await inside long loops: it returns at once until `SLICE_MS` have passed since the
 * last turn, then lets the event loop run (requests, timers, I/O) and calls `onTurn`.
 */
export function slicer(onTurn?: () => Promise<void>): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    await onTurn?.();
    since = performance.now();
  };
}

/** The data records of an import's file (the header skipped), streamed from the blob store. */
export async function* recordsOf(db: Db, filePath: string): AsyncGenerator<ImportRecord> {
  const object = await storedObject(db, "member-imports", filePath);
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
