import { type PGlite, types } from "@electric-sql/pglite";

/**
 * The types Drizzle's PGlite session reads as text (it converts them itself): timestamps, dates,
 * intervals and their arrays, and numeric arrays. Its session passes these parsers with every
 * query, and PGlite then copies its whole table of some 370 parsers per query to merge them in —
 * the largest cost of a short query on PGlite. Given once to the client instead, they cost nothing
 * per query. The app reads its PGlite client only through Drizzle, which asks for exactly this.
 */
const TEXT_TYPES: number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

const drizzleTextParsers: Record<number, (value: string) => string> = Object.fromEntries(
  TEXT_TYPES.map((oid) => [oid, asText]),
);

type QueryOptions = { parsers?: Record<number, unknown> } & Record<string, unknown>;
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

const covered = (parsers: Record<number, unknown>) =>
  Object.keys(parsers).every((oid) => Object.hasOwn(drizzleTextParsers, oid));

/** A query function that drops a query's parsers when the client already has every one of them. */
const skipping =
  (query: Query): Query =>
  (text, params, options) =>
    query(
      text,
      params,
      options?.parsers && covered(options.parsers) ? { ...options, parsers: undefined } : options,
    );

/**
 * Gives an open client Drizzle's parsers and skips them on its queries and on those of its
 * transactions. After opening: the client's start derives array parsers from element parsers,
 * which would read an array of timestamps as an array where Drizzle asks for the text.
 */
export function skipClientParsers(client: PGlite): PGlite {
  Object.assign(client.parsers, drizzleTextParsers);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: skipping(client.query.bind(client) as Query),
    transaction: <T>(callback: (tx: { query: Query }) => Promise<T>) =>
      transaction((tx) => callback(Object.assign(tx, { query: skipping(tx.query.bind(tx) as Query) }))),
  });
  return client;
}
