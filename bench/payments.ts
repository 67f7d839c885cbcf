// The payments page at 1,000,000 payments of one community (among others), on PostgreSQL and on
// PGlite: the first page, filtered pages, a payer search and the period totals, each p95 <= 25 ms
// through the functions the resolvers call (docs/decisions/018-payments-ledger.md).
import { runMeasureScript } from "./measure-script.ts";
import type { Benchmark } from "./types.ts";

const BUDGET_MS = 25;

type Measured = {
  database: "postgres" | "pglite";
  payments: number;
  seedMs: number;
  results: {
    label: string;
    budget: boolean;
    p95Ms: number;
    medianMs: number;
    rows: number;
    total: string;
    plans: string[];
  }[];
};

export const paymentsBench: Benchmark = {
  name: "payments",
  description:
    "the payments table and period totals with 1,000,000 payments, PostgreSQL and PGlite, p95 <= 25 ms",
  async run() {
    const runs: Measured[] = [];
    for (const pglite of [false, true]) {
      runs.push(
        runMeasureScript<Measured>("payments-measure.ts", {
          what: `payments measurement on ${pglite ? "PGlite" : "PostgreSQL"}`,
          timeoutMs: 45 * 60_000,
          pglite,
          env: pglite ? { PAYMENTS_DB: "pglite" } : {},
        }),
      );
    }
    for (const run of runs) {
      console.log(
        `${run.database}: ${run.payments.toLocaleString("en")} payments seeded in ${(run.seedMs / 1000).toFixed(0)} s`,
      );
      for (const r of run.results)
        console.log(
          `  ${r.label}: p95 ${r.p95Ms.toFixed(2)} ms, median ${r.medianMs.toFixed(2)} ms${r.budget ? "" : " (not budgeted)"}; ${r.rows} rows, ${r.total}\n      ${r.plans.join("\n      ")}`,
        );
    }
    const over = runs.flatMap((run) =>
      run.results.filter((r) => r.budget && r.p95Ms > BUDGET_MS).map((r) => `${run.database} ${r.label}`),
    );
    if (over.length > 0) console.log(`over ${BUDGET_MS} ms: ${over.join(", ")}`);
    return {
      withinBudget: over.length === 0,
      summary: runs
        .map(
          (run) =>
            `${run.database}: ${run.results.map((r) => `${r.label} ${r.p95Ms.toFixed(1)} ms`).join("; ")}`,
        )
        .join(" | "),
      data: runs,
    };
  },
};
