import { parse } from "csv-parse/browser/esm/sync";
import { EMAIL_PATTERN } from "#shared/email.ts";

/** How much of the file the preview reads: enough for the header and the first rows. */
export const PREVIEW_BYTES = 8 * 1024;
const PREVIEW_ROWS = 5;

export type CsvPreview = {
  header: string[];
  rows: string[][];
  /** Detected columns (0-based), null when none looks right. */
  detected: { email: number | null; name: number | null; tags: number | null };
};

const EMAIL_HEADER = /^(e-?mail|email address|e-mail address|mail)$/i;
const NAME_HEADER = /^(name|full name|display name|member|person)$/i;
const TAGS_HEADER = /^(tags?|labels?|groups?)$/i;

function detect(header: string[], pattern: RegExp, taken: (number | null)[]): number | null {
  const index = header.findIndex((h, i) => pattern.test(h.trim()) && !taken.includes(i));
  return index === -1 ? null : index;
}

/**
 * The header and first rows of a CSV file's beginning (the last, maybe cut-off line is dropped),
 * with the columns that look like email, name and tags. The email column is found by its header
 * or, failing that, by the column whose cells are addresses.
 */
export function previewCsv(start: string): CsvPreview {
  const complete = start.length >= PREVIEW_BYTES ? start.slice(0, start.lastIndexOf("\n") + 1) : start;
  const records = parse(complete, {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    to_line: PREVIEW_ROWS + 1,
  }) as string[][];
  const [header = [], ...rows] = records;
  let email = detect(header, EMAIL_HEADER, []);
  if (email === null) {
    const byCells = header.findIndex(
      (_, i) => rows.length > 0 && rows.every((r) => EMAIL_PATTERN.test((r[i] ?? "").trim())),
    );
    email = byCells === -1 ? null : byCells;
  }
  const name = detect(header, NAME_HEADER, [email]);
  const tags = detect(header, TAGS_HEADER, [email, name]);
  return { header, rows: rows.slice(0, PREVIEW_ROWS), detected: { email, name, tags } };
}
