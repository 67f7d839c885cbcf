// The insights page at a million members (issue 23, "Speed"): on a throwaway PostgreSQL, one
// community with 1,000,000 members, 20,000 events over four years, 5,000,000 registrations and
// 1,000,000 payments with their domain-event log; the rollups rebuilt from the log; every read
// behind the page timed for each period (p95 <= 200 ms) beside the same figures computed naively
// from the raw tables. The same on PGlite at a twentieth of the size, and the route's gzip JS.
// Knobs (environment): INSIGHTS_SCALE (PostgreSQL's size, 1), INSIGHTS_PGLITE_SCALE (0.05),
// INSIGHTS_SAMPLES (20 timed runs a read), INSIGHTS_NAIVE=0 (leave the naive reads out) and, with a
// DATABASE_URL that outlives the run, INSIGHTS_REUSE=1 (keep an earlier run's fill).
import { insightsRouteJavaScript } from "./insights-javascript.ts";
import { runMeasureScript } from "./measure-script.ts";
import type { Benchmark } from "./types.ts";

const BUDGET_MS = 200;
const PGLITE_SCALE = process.env.INSIGHTS_PGLITE_SCALE ?? "0.05";

type Timing = { p50Ms: number; p95Ms: number; runs: number };

export type InsightsMeasured = {
  database: "postgres" | "pglite";
  scale: number;
  counts: Record<string, string>;
  /** Null when an earlier run's fill was reused (INSIGHTS_REUSE). */
  seedMs: number | null;
  rebuildMs: number | null;
  /** The vacuum of the rollup tables after the rebuild, before the reads are timed. */
  vacuumMs: number;
  results: {
    period: string;
    from: string;
    to: string;
    read: string;
    timing: Timing | null;
    /** The slowest statements of one run of the read, with their execution time on the server. */
    statements: { ms: number; sql: string }[];
    naive: ({ label: string } & Timing)[];
    naiveP95Ms: number;
  }[];
};

const ms = (value: number) =>
  value >= 1000 ? `${value.toLocaleString("en", { maximumFractionDigits: 0 })} ms` : `${value.toFixed(1)} ms`;
const count = (value: string | undefined) => Number(value ?? 0).toLocaleString("en");

export function printInsights(run: InsightsMeasured) {
  const c = run.counts;
  console.log(
    `${run.database} (scale ${run.scale}): ${count(c.members)} members, ${count(c.events)} events, ${count(c.registrations)} registrations, ${count(c.payments)} payments, ${count(c.entries)} log entries`,
  );
  console.log(
    run.seedMs === null
      ? "  reused an earlier run's fill"
      : `  seeded in ${(run.seedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    run.rebuildMs === null
      ? "  rollups: no rebuildInsights in this build"
      : `  rollups rebuilt in ${(run.rebuildMs / 1000).toFixed(1)} s, then vacuumed in ${(run.vacuumMs / 1000).toFixed(1)} s`,
  );
  let period = "";
  for (const r of run.results) {
    if (r.period !== period) {
      period = r.period;
      console.log(`  ${r.period} (${r.from} .. ${r.to})`);
    }
    const verdict = r.timing === null ? "—" : r.timing.p95Ms <= BUDGET_MS ? "PASS" : "FAIL";
    const timed =
      r.timing === null
        ? "not measured (no such read in this build)"
        : `p95 ${ms(r.timing.p95Ms)}, p50 ${ms(r.timing.p50Ms)}`;
    const naively = r.naive.length > 0 ? `; naively ${ms(r.naiveP95Ms)}` : "";
    console.log(`    ${verdict.padEnd(4)}  ${r.read}: ${timed}${naively}`);
    if (r.timing && r.timing.p95Ms > BUDGET_MS)
      for (const s of r.statements) console.log(`            ${ms(s.ms)}  ${s.sql}`);
    if (r.naive.length > 0)
      console.log(
        `            naive: ${r.naive.map((n) => `${n.label} ${ms(n.p95Ms)}${n.runs < 20 ? ` (${n.runs} runs)` : ""}`).join("; ")}`,
      );
  }
}

export const insightsBench: Benchmark = {
  name: "insights",
  description: `the insights page's reads with 1,000,000 members, 5,000,000 registrations and 1,000,000 payments on PostgreSQL (and PGlite at 1/20), p95 <= ${BUDGET_MS} ms`,
  async run() {
    const runs: InsightsMeasured[] = [];
    for (const pglite of [false, true]) {
      runs.push(
        runMeasureScript<InsightsMeasured>("insights-measure.ts", {
          what: `insights measurement on ${pglite ? "PGlite" : "PostgreSQL"}`,
          timeoutMs: 90 * 60_000,
          pglite,
          env: pglite ? { INSIGHTS_DB: "pglite", INSIGHTS_SCALE: PGLITE_SCALE } : {},
        }),
      );
    }
    for (const run of runs) printInsights(run);

    const javascript = insightsRouteJavaScript();
    if (javascript === null) {
      console.log("insights route JavaScript: no client build with a manifest (run `npm run build`)");
    } else {
      console.log("insights route JavaScript (beyond the entry and the dashboard layout, gzip level 9):");
      for (const chunk of javascript.chunks)
        console.log(
          `  ${chunk.file.padEnd(28)} ${(chunk.bytes / 1024).toFixed(1).padStart(8)} KB  ${(chunk.gzipBytes / 1024).toFixed(1).padStart(8)} KB gzip${chunk.lazy ? "  (loaded lazily)" : ""}`,
        );
      console.log(
        `  total ${(javascript.bytes / 1024).toFixed(1)} KB, ${(javascript.gzipBytes / 1024).toFixed(1)} KB gzip`,
      );
    }

    // Only PostgreSQL at full size is held to the budget; PGlite's figures are printed for comparison.
    const [postgres] = runs;
    const measured = postgres?.results.filter((r) => r.timing !== null) ?? [];
    const over = measured.filter((r) => (r.timing?.p95Ms ?? 0) > BUDGET_MS);
    if (over.length > 0)
      console.log(
        `over ${BUDGET_MS} ms on PostgreSQL: ${over.map((r) => `${r.period} ${r.read}`).join(", ")}`,
      );
    const worst = (run: InsightsMeasured | undefined) =>
      Math.max(0, ...(run?.results.map((r) => r.timing?.p95Ms ?? 0) ?? []));
    return {
      withinBudget: measured.length > 0 && over.length === 0,
      summary: `${runs.map((run) => `${run.database}: seed ${run.seedMs === null ? "reused" : `${(run.seedMs / 1000).toFixed(0)} s`}, rebuild ${run.rebuildMs === null ? "—" : `${(run.rebuildMs / 1000).toFixed(0)} s`}, slowest read p95 ${ms(worst(run))}`).join(" | ")}${javascript ? ` | route JS ${(javascript.gzipBytes / 1024).toFixed(1)} KB gzip` : ""}`,
      data: { runs, javascript },
    };
  },
};
