import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

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
  smtpUrl: string;
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
    SMTP_URL: options.smtpUrl,
    TRUST_PROXY: "loopback",
    NODE_ENV: "test",
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ["src/server/main.ts"], {
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
