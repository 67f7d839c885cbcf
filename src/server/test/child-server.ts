import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { serverMallocEnvironment, serverNodeFlags } from "#server/node-settings.ts";
import { createTestDatabase, type TestDatabase } from "./harness.ts";
import { type SmtpCapture, startSmtpCapture } from "./smtp-capture.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** A port nobody listens on right now, for a server started as a child process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject()));
    });
  });
}

export type ChildServer = { process: ChildProcess; log: () => string; exited: Promise<void> };

export type ChildServerOptions = {
  port: number;
  url: string;
  dataDir: string;
  /** Null prints mail to the server's log, as `npm start` does by default. */
  smtpUrl: string | null;
  /** Null on PGlite: the server keeps its database in DATA_DIR. */
  databaseUrl: string | null;
  /** Extra variables, e.g. test-only knobs; they win over the defaults. */
  env?: Record<string, string>;
};

/**
 * Starts src/server/main.ts as a child process, so a test can kill it (SIGKILL) and restart it on
 * the same data, and resolves once it listens.
 */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    APP_URL: options.url,
    DATA_DIR: options.dataDir,
    TRUST_PROXY: "loopback",
    NODE_ENV: "test",
    // Started as production starts it (decision 045), so the memory measured is production's.
    ...serverMallocEnvironment,
    ...options.env,
  };
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  else delete env.SMTP_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const proc = spawn(process.execPath, [...serverNodeFlags, "src/server/main.ts"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout?.on("data", collect);
  proc.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const started: ChildServer = { process: proc, log: () => output, exited };
  // main.ts prints this once it listens. No polling against a deadline: a fresh PGlite data
  // directory can take long on a busy machine, and the hook or test timeout bounds a hung start.
  const ready = await new Promise<boolean>((resolve) => {
    proc.stdout?.on("data", () => {
      if (output.includes("Commons is running at")) resolve(true);
    });
    proc.once("exit", () => resolve(false));
  });
  if (ready) return started;
  throw new Error(`server exited before it was ready:\n${output}`);
}

/** Starts a child server on a free loopback port of its own, and says where it answers. */
export async function startChildServerOnFreePort(
  options: Omit<ChildServerOptions, "port" | "url">,
): Promise<{ url: string; child: ChildServer }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return { url, child: await startChildServer({ ...options, port, url }) };
}

/** Kills `target` at once (SIGKILL), unless it has already gone, and waits until it has. */
export async function killChildServer(target: ChildServer | undefined): Promise<void> {
  if (target && target.process.exitCode === null && target.process.signalCode === null) {
    target.process.kill("SIGKILL");
  }
  await target?.exited;
}

export type RestartableServer = {
  /** Where the server listens; the same port across restarts, so links and upload URLs stay valid. */
  readonly url: string;
  readonly smtp: SmtpCapture;
  /** Starts the server on the file's data; `env` adds to (and wins over) the file's own knobs. */
  start(env?: Record<string, string>): Promise<ChildServer>;
  /** On PostgreSQL the database can be read while the server runs; on PGlite only once it stopped. */
  readonly onPostgres: boolean;
  /** Runs `statement` on the stopped server's database (PGlite lets one process hold DATA_DIR). */
  query<T>(statement: SQL): Promise<T[]>;
};

/**
 * Registers the hooks a restart test file needs: an SMTP capture, a database of the file's own
 * (on PostgreSQL) or a data directory (on PGlite), and one port, kept across restarts; after the
 * file, the last server started is killed and everything removed. Call it at the top of the file.
 */
export function restartableServer(options: {
  name: string;
  env?: Record<string, string>;
}): RestartableServer {
  let smtp: SmtpCapture | undefined;
  let database: TestDatabase | undefined;
  let dataDir = "";
  let port = 0;
  let latest: ChildServer | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("restartableServer: use it inside a test, after beforeAll");
    return value;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), `commons-${options.name}-`));
    port = await freePort();
  });

  afterAll(async () => {
    await killChildServer(latest);
    await database?.dispose();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const url = () => `http://127.0.0.1:${port}`;

  return {
    get url() {
      return url();
    },
    get smtp() {
      return ready(smtp);
    },
    async start(env = {}) {
      latest = await startChildServer({
        port,
        url: url(),
        dataDir,
        smtpUrl: ready(smtp).url,
        databaseUrl: ready(database).databaseUrl,
        env: { ...options.env, ...env },
      });
      return latest;
    },
    get onPostgres() {
      return ready(database).databaseUrl !== null;
    },
    async query<T>(statement: SQL) {
      const test = ready(database);
      const opened = test.databaseUrl
        ? await test.open()
        : await openDatabase({ databaseUrl: null, dataDir });
      try {
        // PGlite and node-postgres both answer `{ rows }`.
        return ((await opened.db.execute(statement)) as unknown as { rows: T[] }).rows;
      } finally {
        await opened.close();
      }
    },
  };
}
