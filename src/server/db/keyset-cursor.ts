import { DomainError } from "#server/errors.ts";

/** A timestamp as PostgreSQL writes it as text: microseconds and the offset included. */
export const PG_TIMESTAMPTZ_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export const badCursor = () =>
  new DomainError("BAD_CURSOR", "This page link is out of date; start from the first page.");

/** A keyset position for the client to send back as `after`. */
export const encodeCursor = (cursor: Record<string, string>) =>
  Buffer.from(JSON.stringify(cursor)).toString("base64url");

/**
 * The text fields of a cursor a client sent back (`fields`: each one's longest length), or
 * BAD_CURSOR when it is not one this server wrote: a cursor never reaches SQL unchecked.
 */
export function decodeCursorFields<K extends string>(
  after: string | null | undefined,
  fields: Record<K, number>,
): Record<K, string> | null {
  if (!after) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!value || typeof value !== "object") throw badCursor();
  const out = {} as Record<K, string>;
  for (const [name, max] of Object.entries(fields) as [K, number][]) {
    const field = (value as Record<string, unknown>)[name];
    // biome-ignore lint/suspicious/noControlCharactersInRegex: PostgreSQL text cannot hold NUL.
    if (typeof field !== "string" || field.length > max || /\u0000/.test(field)) throw badCursor();
    out[name] = field;
  }
  return out;
}
