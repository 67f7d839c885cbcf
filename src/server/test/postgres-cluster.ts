// A throwaway PostgreSQL cluster of a test's own, which the test may stop and start again on the
// same port and data (a database outage), unlike the suite's shared cluster from
// scripts/with-postgres.ts that every test file uses at once.
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  findPostgresBin,
  freePort,
  initdbArgs,
  throwawayServerOptions,
} from "../../../scripts/with-postgres.ts";

export type PostgresCluster = {
  /** postgres://postgres@127.0.0.1:PORT/commons, the same across stops and starts. */
  readonly databaseUrl: string;
  /** The same database through the server's Unix-domain socket (no TCP on the way). */
  readonly socketUrl: string;
  readonly port: number;
  /** Stops the server (fast shutdown: open connections are ended). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it for good; the caller removes `dir`. */
  dispose(): Promise<void>;
};

type Run = { code: number; output: string };

function run(cmd: string, args: string[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: "SIGKILL" }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}${error && code !== 0 ? error.message : ""}` });
    });
  });
}

/**
 * initdb, start and createdb in `dir` (which must exist and be empty of a `pg` folder), bounded by
 * `timeoutMs` per step. Durability is off, as in scripts/with-postgres.ts: nothing here must survive
 * a crash of the machine, and fsync would only slow the tests.
 */
export async function startPostgresCluster(dir: string, timeoutMs = 60_000): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("no PostgreSQL binaries found (set PG_BIN, or install postgresql)");
  const home = join(dir, "pg");
  const dataDir = join(home, "data");
  const logFile = join(home, "postgres.log");
  mkdirSync(home, { recursive: true });
  // initdb and pg_ctl refuse to run as root, so as root the cluster belongs to the postgres OS user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(home, uid, gid);
    chmodSync(home, 0o700);
    // The postgres user must be able to reach `home` through the caller's folder.
    chmodSync(dir, 0o755);
  }
  const asOwner = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const must = async (label: string, [cmd, args]: [string, string[]]) => {
    const result = await run(cmd, args, timeoutMs);
    if (result.code !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-4000) : "";
      throw new Error(`postgres ${label} failed (exit ${result.code}):\n${result.output}\n${log}`);
    }
  };

  await must("initdb", asOwner(join(bin, "initdb"), initdbArgs(dataDir)));
  const port = await freePort();
  const serverOptions = throwawayServerOptions(port, home, 300);
  let running = false;
  const start = async () => {
    await must(
      "start",
      asOwner(join(bin, "pg_ctl"), [
        "start",
        "-D",
        dataDir,
        "-l",
        logFile,
        "-w",
        "-t",
        String(Math.ceil(timeoutMs / 1000)),
        "-o",
        serverOptions,
      ]),
    );
    running = true;
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    if (!running) return;
    const stopped = await run(
      ...asOwner(join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "30"]),
      timeoutMs,
    );
    if (stopped.code !== 0 && mode === "fast") {
      await run(...asOwner(join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate", "-w"]), timeoutMs);
    }
    running = false;
  };
  try {
    await start();
    await must("createdb", [
      join(bin, "createdb"),
      ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "commons"],
    ]);
  } catch (error) {
    await stop("immediate");
    throw error;
  }
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/commons`,
    socketUrl: `postgres://postgres@${encodeURIComponent(home)}:${port}/commons`,
    port,
    stop: () => stop(),
    start,
    dispose: () => stop(),
  };
}
