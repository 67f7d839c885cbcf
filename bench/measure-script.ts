// The benchmarks on PostgreSQL run their measurement as a child script: on DATABASE_URL when one is
// set, else inside scripts/with-postgres.ts (a throwaway cluster). The script prints its result as
// one JSON line last; what it writes to stderr shows as it runs.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../e2e/support/paths.ts";

/**
 * Runs bench/`script` and returns the JSON it printed last; `what` names it in the error. With
 * `pglite`, the script runs on its own (it opens a PGlite of its own) with `env` added.
 */
export function runMeasureScript<T>(
  script: string,
  {
    what,
    timeoutMs,
    pglite = false,
    env = {},
  }: { what: string; timeoutMs: number; pglite?: boolean; env?: Record<string, string> },
): T {
  const measure = join(repoRoot, "bench", script);
  const child = spawnSync(
    process.execPath,
    process.env.DATABASE_URL || pglite
      ? [measure]
      : [join(repoRoot, "scripts", "with-postgres.ts"), process.execPath, measure],
    {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: timeoutMs,
      env: { ...process.env, ...env },
    },
  );
  if (child.status !== 0) throw new Error(`${what} failed (exit ${child.status})`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as T;
}
