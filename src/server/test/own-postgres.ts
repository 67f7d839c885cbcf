import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findPostgresBin, freePort } from "../../../scripts/with-postgres.ts";

const run = promisify(execFile);

export type OwnPostgres = {
  /** `postgres://…/commons` on the cluster's fixed port: the same URL before and after a restart. */
  readonly databaseUrl: string;
  /** Stops the server (fast shutdown: sessions are ended), as an operator's restart begins. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  dispose(): Promise<void>;
};

/**
 * A PostgreSQL cluster of a test's own, which the test may stop and start (the shared one of
 * `scripts/with-postgres.ts` serves every other file at once). Throwaway settings as there.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("own-postgres: no PostgreSQL binaries found (set PG_BIN)");
  // initdb and pg_ctl refuse to run as root: as root the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const asOwner = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  const dir = mkdtempSync(path.join(tmpdir(), "commons-own-pg-"));
  if (asRoot) {
    const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
    chownSync(dir, await id("-u"), await id("-g"));
    chmodSync(dir, 0o700);
  }
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  await asOwner("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--locale=C", "--no-sync"]);
  const port = await freePort();
  const serverOptions = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  let running = false;
  const start = async () => {
    try {
      await asOwner("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "30", "-o", serverOptions]);
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
      throw new Error(
        `own-postgres: start failed: ${error instanceof Error ? error.message : error}\n${log}`,
      );
    }
    running = true;
  };
  const stop = async (mode: "fast" | "immediate") => {
    if (!running) return;
    await asOwner("pg_ctl", ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "30"]);
    running = false;
  };
  await start();
  await run(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "commons"]);
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/commons`,
    stop: () => stop("fast"),
    start,
    async dispose() {
      await stop("immediate").catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
