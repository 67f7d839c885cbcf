// Member import, two measurements:
// 1. While the real server imports a 5,000-row CSV, on PGlite and on PostgreSQL, three clients poll
//    it back to back (`/readyz`, the static `/login` and the GraphQL query of the import's progress
//    bar): their p99 stays within 100 ms (member-import-latency-measure.ts).
// 2. Importing 100,000 CSV rows (some refused) on a throwaway PostgreSQL finishes in under 60 s,
//    counted from starting the import to its last batch committed (member-import-measure.ts).
import { runMeasureScript } from "./measure-script.ts";
import type { Benchmark } from "./types.ts";

const BUDGET_MS = 60_000;
const P99_BUDGET_MS = 100;

type Measured = {
  rows: number;
  batchRows: number;
  batches: number;
  ms: number;
  rowsPerSecond: number;
  expected: { added: number; rejected: number };
  result: { status: string; totalRows: number; added: number; skipped: number; rejected: number } | null;
};

type Latencies = { count: number; p50: number; p99: number; max: number };

type Concurrent = {
  database: "pglite" | "postgres";
  rows: number;
  importMs: number;
  failures: number;
  expected: { added: number; rejected: number };
  result: { status: string; added: number; rejected: number } | null;
  readyz: Latencies;
  login: Latencies;
  graphql: Latencies;
};

const ms = (value: number) => `${value.toFixed(0)} ms`;

function concurrentLine(m: Concurrent): { line: string; ok: boolean } {
  const exact =
    m.result?.status === "DONE" &&
    m.result.added === m.expected.added &&
    m.result.rejected === m.expected.rejected;
  const within =
    m.failures === 0 && [m.readyz, m.login, m.graphql].every((l) => l.p99 <= P99_BUDGET_MS) && exact;
  const polled = (name: string, l: Latencies) =>
    `${name} p99 ${ms(l.p99)} (max ${ms(l.max)}, ${l.count} requests)`;
  const line =
    `${m.database}: ${m.rows.toLocaleString("en")} rows in ${(m.importMs / 1000).toFixed(1)} s; ` +
    `${polled("/readyz", m.readyz)}, ${polled("GraphQL", m.graphql)}, ${polled("/login", m.login)}` +
    `${m.failures > 0 ? `, ${m.failures} failed requests` : ""}${exact ? "" : " — counts differ from the file"}`;
  return { line, ok: within };
}

export const memberImportBench: Benchmark = {
  name: "member-import",
  description:
    "5,000 rows imported while /readyz, /login and GraphQL are polled (p99 <= 100 ms, PGlite and PostgreSQL); 100,000 rows on PostgreSQL in under 60 s",
  async run() {
    const lines: string[] = [];
    let ok = true;
    const concurrent: Concurrent[] = [];
    for (const database of ["pglite", "postgres"] as const) {
      const m = runMeasureScript<Concurrent>("member-import-latency-measure.ts", {
        what: `member import latency measurement (${database})`,
        timeoutMs: 10 * 60_000,
        pglite: database === "pglite",
        env: { IMPORT_LATENCY_DB: database },
      });
      concurrent.push(m);
      const { line, ok: within } = concurrentLine(m);
      console.log(line);
      lines.push(line);
      ok &&= within;
    }

    const m = runMeasureScript<Measured>("member-import-measure.ts", {
      what: "member import measurement",
      timeoutMs: 10 * 60_000,
    });
    const exact =
      m.result?.status === "done" &&
      m.result.totalRows === m.rows &&
      m.result.added === m.expected.added &&
      m.result.rejected === m.expected.rejected;
    const throughput = `postgres: ${m.rows.toLocaleString("en")} rows in ${(m.ms / 1000).toFixed(1)} s (${Math.round(m.rowsPerSecond).toLocaleString("en")} rows/s, ${m.batches} batches of ${m.batchRows}); added ${m.result?.added}, rejected ${m.result?.rejected}${exact ? "" : " — counts differ from the file"}`;
    console.log(throughput);
    lines.push(throughput);
    ok &&= exact && m.ms < BUDGET_MS;
    return { withinBudget: ok, summary: lines.join("; "), data: { concurrent, throughput: m } };
  },
};
