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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
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

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long `/readyz` waits for the database's answer before it reports it unavailable. */
const PING_TIMEOUT_MS = 2_000;

// Any constant works; it only has to be the same in every process migrating this database.
const MIGRATION_LOCK = 7_240_113;

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
}): Promise<Database> {
  const logger = options.logger ?? false;
  if (options.databaseUrl) {
    // JIT compiling pays off for long analytical queries; the app's are short reads, and a plan
    // whose cost crosses the threshold (even a branch that never runs) paid 100 ms to compile.
    const connection = { connectionString: options.databaseUrl, options: "-c jit=off" };
    const pool = new pg.Pool({
      ...connection,
      max: 10,
      // While the server is out of reach a request waits this long for a connection, then is
      // answered 503 UNAVAILABLE (`unavailable.ts`) rather than hanging until the client gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection to a server that vanished without closing it (a failover, a cut network) is
      // found dead by the kernel's probes instead of waiting on it forever.
      keepAlive: true,
    });
    // The server may end an idle connection (restart, failover, a dropped database); pg then emits
    // "error" on the pool, which kills the process unless someone listens. The pool reconnects.
    pool.on("error", (error) => console.error(`database: an idle connection was closed: ${error.message}`));
    // A connection that breaks while checked out between two statements (inside a transaction)
    // emits "error" on its client, which has no listener then: without this the process would
    // die. The statement waiting on it fails on its own, and the pool discards the client.
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      openClient: () =>
        new pg.Client({ ...connection, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
      pool,
      async ping() {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("Query read timeout")), PING_TIMEOUT_MS);
        });
        try {
          await Promise.race([pool.query("select 1"), late]);
        } finally {
          clearTimeout(timer);
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
      close: () => pool.end(),
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
