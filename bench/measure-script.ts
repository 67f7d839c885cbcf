// The benchmarks on PostgreSQL run their measurement as a child script: on DATABASE_URL when one is
// set, else inside scripts/with-postgres.ts (a throwaway cluster). The script prints its result as
// one JSON line last; what it writes to stderr shows as it runs.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../e2e/support/paths.ts";

/** Runs bench/`script` and returns the JSON it printed last; `what` names it in the error. */
export function runMeasureScript<T>(
  script: string,
  { what, timeoutMs }: { what: string; timeoutMs: number },
): T {
  const measure = join(repoRoot, "bench", script);
  const child = spawnSync(
    process.execPath,
    process.env.DATABASE_URL
      ? [measure]
      : [join(repoRoot, "scripts", "with-postgres.ts"), process.execPath, measure],
    { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: timeoutMs },
  );
  if (child.status !== 0) throw new Error(`${what} failed (exit ${child.status})`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as T;
}
