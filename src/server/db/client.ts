import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { skipClientParsers } from "./pglite-parsers.ts";
import * as schema from "./schema.ts";
import { markPoolBusy } from "./unavailable.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /**
   * The same database without the per-statement bound (PostgreSQL: a pool of its own): for work
   * whose statements legitimately run for minutes, such as a full insights rebuild.
   */
  longQueries: Db;
  kind: "pglite" | "postgres";
  /** The embedded database's own client (PGlite only): backups dump it (src/server/backup). */
  pglite?: PGlite;
  /** A connection of its own, outside the pool (PostgreSQL only): the change bus LISTENs on one. */
  openClient?: () => pg.Client;
  /** node-postgres' pool (PostgreSQL only): /metrics reports its connections. */
  pool?: Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));
/**
 * The contrib extensions the migrations create (`pg_trgm` for partial name and email search,
 * `btree_gin` for a community id beside the tags in one GIN index). PGlite ships them as bundles
 * that every client opening the cluster must load; PostgreSQL has them in its contrib package.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };

/** How long a new PostgreSQL connection may take to open before the server counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long a request waits for one of the pool's connections while all of them are busy. */
const POOL_WAIT_MS = 30_000;
/**
 * How long a statement may go unanswered before its request fails with `UNAVAILABLE`: a server that
 * stops answering without closing the connection would otherwise hold the request forever. The
 * request path's statements take milliseconds; `longQueries` has no such bound.
 */
const QUERY_TIMEOUT_MS = 30_000;
/** A connection idle this long is probed by the kernel (Linux's own default is two hours). */
const KEEPALIVE_DELAY_MS = 10_000;
/** How long a connection of the request pool lives before it is replaced (decision 046). */
const POOL_LIFETIME_S = 30 * 60;
/** How long `/readyz` waits for the database's answer before it reports it unavailable. */
const PING_TIMEOUT_MS = 2_000;

// Any constant works; it only has to be the same in every process migrating this database.
const MIGRATION_LOCK = 7_240_113;

/** At most this many statements are kept prepared on one connection; later ones are sent unnamed. */
const PREPARED_PER_CONNECTION = 1_000;
/** Statements with more parameters than this (long `in` lists, bulk inserts) vary too much to keep. */
const PREPARED_MAX_PARAMETERS = 64;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `c${createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Keeps the app's parameterized statements prepared on each connection: PostgreSQL parses (and,
 * after a few runs, plans) a statement once per connection rather than once per request, and the
 * request sends one message less. The name is a hash of the text, so the same statement gets the
 * same name on every connection and two texts never share one.
 *
 * A connection can lose a statement it prepared: node-postgres asks the server to drop one whose
 * parameters it failed to encode yet still counts it as prepared (every later run would fail with
 * 26000, "does not exist"), and a migration that changes a column's type makes PostgreSQL refuse
 * the old plan (0A000, "cached plan must not change result type"). After such an error, or one
 * raised before the server answered, the connection names its statements anew (a generation in
 * the name) and prepares them again.
 */
function prepareStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let prepared = 0;
  let generation = 0;
  const named = new Set<string>();
  const afterError = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === undefined || code === "26000" || code === "0A000") {
      generation += 1;
      named.clear();
    }
  };
  (client as { query: unknown }).query = (given: unknown, values?: unknown, callback?: unknown) => {
    const config = typeof given === "string" ? { text: given } : given;
    if (
      config !== null &&
      typeof config === "object" &&
      "text" in config &&
      typeof config.text === "string" &&
      !("name" in config && config.name) &&
      Array.isArray(values) &&
      values.length > 0 &&
      values.length <= PREPARED_MAX_PARAMETERS
    ) {
      const hashed = statementName(config.text);
      const name = generation === 0 ? hashed : `${hashed}_${generation}`;
      if (named.has(name) || prepared < PREPARED_PER_CONNECTION) {
        if (!named.has(name)) {
          named.add(name);
          prepared += 1;
        }
        const namedConfig = { ...config, name };
        if (typeof callback === "function") {
          return query(namedConfig, values, (error: unknown, result: unknown) => {
            if (error) afterError(error);
            callback(error, result);
          });
        }
        return (query(namedConfig, values) as Promise<unknown>).catch((error: unknown) => {
          afterError(error);
          throw error;
        });
      }
    }
    return query(given, values, callback);
  };
}

/**
 * `dataDir: null` opens an in-memory PGlite (tests). `initialData` (a `PGlite.dumpDataDir` archive)
 * starts that in-memory database from a copy instead of an empty cluster: tests start from one
 * migrated snapshot rather than running initdb and the migrations once per file.
 * `logger` sees every statement the app sends through Drizzle (the request-path bench counts them).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  initialData?: Blob;
  logger?: Logger;
  /** Shorter bounds than the app's (tests): a statement's answer, a busy pool's wait. */
  timeouts?: { queryMs?: number; poolWaitMs?: number };
}): Promise<Database> {
  const logger = options.logger ?? false;
  const queryTimeoutMs = options.timeouts?.queryMs ?? QUERY_TIMEOUT_MS;
  const poolWaitMs = options.timeouts?.poolWaitMs ?? POOL_WAIT_MS;
  if (options.databaseUrl) {
    // JIT compiling pays off for long analytical queries; the app's are short reads, and a plan
    // whose cost crosses the threshold (even a branch that never runs) paid 100 ms to compile.
    const connection = { connectionString: options.databaseUrl, options: "-c jit=off" };
    const keepAlive = { keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS };
    // Each new connection has CONNECT_TIMEOUT_MS to open, whatever the pool's own wait: pg-pool
    // hands its `connectionTimeoutMillis` to the clients it makes, and applies it as well to a
    // request queued for a connection while all are busy (decision 039, "A busy pool").
    class BoundedClient extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      }
    }
    const openPool = (queryTimeout: number | undefined, max: number, keep: boolean) => {
      const pool = new pg.Pool({
        ...connection,
        ...keepAlive,
        max,
        // The request pool keeps the connections it opened, idle or not (pg-pool closes one idle
        // 10 s by default, and takes the last one released first, so the rest sat idle): a new
        // one costs PostgreSQL a backend whose caches start cold and every statement a fresh plan
        // (prepareStatements), which the first seconds after a pause or a burst paid (decision
        // 046). Each is replaced after POOL_LIFETIME_S; one the network dropped is found out by
        // its keepalive probes, or by the statement that meets it.
        ...(keep ? { min: max, maxLifetimeSeconds: POOL_LIFETIME_S } : {}),
        Client: BoundedClient,
        connectionTimeoutMillis: poolWaitMs,
        ...(queryTimeout ? { query_timeout: queryTimeout } : {}),
      });
      // The server may end an idle connection (restart, failover, a dropped database); pg then
      // emits "error" on the pool, which kills the process unless someone listens. The pool
      // reconnects.
      pool.on("error", (error) => console.error(`database: an idle connection was closed: ${error.message}`));
      // A connection that breaks while checked out between two statements (inside a transaction)
      // emits "error" on its client, which has no listener then: without this the process would
      // die. The statement waiting on it fails on its own, and the pool discards the client.
      pool.on("connect", (client) => {
        client.on("error", () => undefined);
        prepareStatements(client);
      });
      // pg-pool says "timeout exceeded when trying to connect" both when the server does not
      // answer and when every connection is busy. A new connection fails on its own bound first
      // (BoundedClient), so this message only ever means a request waited POOL_WAIT_MS in the
      // queue of a busy pool: it is marked so, and is no outage.
      const connect = pool.connect.bind(pool) as (
        callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
      ) => void;
      (pool as { connect: unknown }).connect = (callback?: Parameters<typeof connect>[0]) => {
        if (callback)
          return connect((error, client, done) => callback(error && markPoolBusy(error), client, done));
        return new Promise<pg.PoolClient>((resolve, reject) =>
          connect((error, client) => (error || !client ? reject(markPoolBusy(error)) : resolve(client))),
        );
      };
      return pool;
    };
    const pool = openPool(queryTimeoutMs, 10, true);
    // pg opens connections only when asked: a process that never rebuilds never connects this one.
    const longPool = openPool(undefined, 2, false);
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    const openClient = () =>
      new pg.Client({ ...connection, ...keepAlive, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // `/readyz` asks over a connection of its own: a pool busy with requests says nothing about
    // whether the database answers, and its queue would make the check wait.
    let pingClient: Promise<pg.Client> | null = null;
    const pingConnection = () => {
      if (pingClient) return pingClient;
      const client = openClient();
      const opened = client.connect().then(() => client);
      let dropped = false;
      // A lost connection is closed and forgotten: the next ping opens another.
      const drop = () => {
        if (dropped) return;
        dropped = true;
        if (pingClient === opened) pingClient = null;
        client.end().catch(() => undefined);
      };
      client.on("error", drop);
      client.on("end", drop);
      opened.catch(drop);
      pingClient = opened;
      return opened;
    };
    return {
      db,
      longQueries: drizzlePg(longPool, { schema, logger }) as unknown as Db,
      kind: "postgres",
      openClient,
      pool,
      async ping() {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("Query read timeout")), PING_TIMEOUT_MS);
        });
        const asked = pingConnection().then((client) => client.query("select 1"));
        try {
          await Promise.race([asked, late]);
        } catch (error) {
          // A connection that did not answer in time is not trusted again: the next ping opens one.
          const stale = pingClient;
          pingClient = null;
          void stale?.then((client) => client.end()).catch(() => undefined);
          throw error;
        } finally {
          clearTimeout(timer);
          asked.catch(() => undefined);
        }
      },
      async migrate() {
        // Several processes (test workers, replicas) may start at once; one migrates at a time.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async close() {
        const ping = pingClient;
        pingClient = null;
        await Promise.all([
          pool.end(),
          longPool.end(),
          ping?.then((client) => client.end()).catch(() => undefined),
        ]);
      },
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: pgliteExtensions });
  } else {
    client = await PGlite.create({
      extensions: pgliteExtensions,
      ...(options.initialData ? { loadDataDir: options.initialData } : {}),
    });
  }
  return pgliteDatabase(skipClientParsers(client), logger);
}

/** A `Database` on a PGlite client that `skipClientParsers` has prepared. */
export function pgliteDatabase(client: PGlite, logger: Logger | false = false): Database {
  const db = drizzlePglite(client, { schema, logger });
  return {
    db: db as unknown as Db,
    longQueries: db as unknown as Db,
    kind: "pglite",
    pglite: client,
    async ping() {
      await client.query("select 1");
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    close: () => client.close(),
  };
}
