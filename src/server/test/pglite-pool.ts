import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm/logger";
import { type Database, pgliteDatabase, pgliteExtensions } from "#server/db/client.ts";
import { skipClientParsers } from "#server/db/pglite-parsers.ts";

/**
 * In-memory PGlite databases for tests, reused within a test worker. Starting PGlite from the
 * migrated snapshot costs about half a second of CPU, more than most integration tests take;
 * emptying the tables of one that a finished test closed costs a few milliseconds. A database
 * comes back exactly as the snapshot left it: every table emptied, the rows the migrations wrote
 * put back, every sequence at its snapshot value. One whose schema a test changed is not reused.
 */

type Baseline = {
  /** Changes when a test adds or drops a table, index, function or trigger. */
  shape: string;
  reset: string;
};

const SHAPE = `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast'))
  || '/' || (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema'))
  || '/' || (select count(*) from pg_trigger) as shape`;

const TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`;

const SEQUENCES = `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
  from pg_sequences where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`;

const COLUMNS = `select string_agg(format('%I', attname), ', ' order by attnum) as columns
  from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
    and attgenerated = ''`;

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

async function one<T>(client: PGlite, statement: string, params?: unknown[]): Promise<T> {
  const row = (await client.query<T>(statement, params)).rows[0];
  if (!row) throw new Error(`no row from: ${statement}`);
  return row;
}

async function readBaseline(client: PGlite): Promise<Baseline> {
  const { shape } = await one<{ shape: string }>(client, SHAPE);
  const tables = (await client.query<{ name: string }>(TABLES)).rows.map((row) => row.name);
  const seeded: { table: string; columns: string; rows: string }[] = [];
  for (const table of tables) {
    const { rows } = await one<{ rows: string | null }>(
      client,
      `select json_agg(t)::text as rows from ${table} t`,
    );
    if (rows === null) continue;
    const { columns } = await one<{ columns: string }>(client, COLUMNS, [table]);
    seeded.push({ table, columns, rows });
  }
  const sequences = (await client.query<{ name: string; value: string | null }>(SEQUENCES)).rows;
  const statements = [
    `truncate ${tables.join(", ")} restart identity cascade`,
    ...seeded.map(
      (s) =>
        `insert into ${s.table} (${s.columns}) overriding system value select ${s.columns} ` +
        `from json_populate_recordset(null::${s.table}, ${quote(s.rows)})`,
    ),
    ...sequences.map((s) =>
      s.value === null
        ? `alter sequence ${s.name} restart`
        : `select setval(${quote(s.name)}, ${s.value}, true)`,
    ),
  ];
  return { shape, reset: statements.join(";\n") };
}

const idle: PGlite[] = [];
const MAX_IDLE = 4;
let baseline: Promise<Baseline> | undefined;

async function release(client: PGlite): Promise<void> {
  const known = await baseline;
  const { shape } = await one<{ shape: string }>(client, SHAPE);
  if (!known || shape !== known.shape || idle.length >= MAX_IDLE) {
    await client.close();
    return;
  }
  await client.exec(known.reset);
  idle.push(client);
}

/** A migrated in-memory database of the caller's own; closing it hands it back for reuse. */
export async function openPooledPglite(snapshot: Blob, logger?: Logger): Promise<Database> {
  let client = idle.pop();
  if (!client) {
    client = skipClientParsers(await PGlite.create({ extensions: pgliteExtensions, loadDataDir: snapshot }));
    baseline ??= readBaseline(client);
    await baseline;
  }
  const database = pgliteDatabase(client, logger ?? false);
  let closed = false;
  const pooled = client;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await release(pooled);
    },
  };
}
