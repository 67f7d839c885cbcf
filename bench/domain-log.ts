// The domain-event log's hot reads at two sizes on a throwaway PostgreSQL: "next 500 after P" (a
// subscriber catching up) and "latest 50 about person X" (a member's timeline). Index scans keep
// both flat as the log grows: the ratio of the large size's time to the small one's stays near 1.
import { runMeasureScript } from "./measure-script.ts";
import type { Benchmark } from "./types.ts";

/** Time at the large size over time at the small size; above this the read is not an index scan. */
const RATIO_BUDGET = 3;

/** Filling the log takes most of the run: a minute per million rows, three minutes at least. */
function timeoutMs() {
  const sizes = (process.env.DOMAIN_LOG_SIZES ?? "").split(",").map(Number).filter(Number.isFinite);
  return Math.max(3 * 60_000, (sizes.reduce((sum, size) => sum + size, 0) / 1_000_000) * 60_000 + 60_000);
}

type Measured = { rows: number; nextMs: number; aboutMs: number; nextPlan: string; aboutPlan: string };

export const domainLogBench: Benchmark = {
  name: "domain-log",
  description: "domain-event log reads at two sizes on PostgreSQL (next 500 after P, latest 50 about X)",
  async run() {
    const measured = runMeasureScript<Measured[]>("domain-log-measure.ts", {
      what: "domain-log measurement",
      timeoutMs: timeoutMs(),
    });
    const small = measured[0];
    const large = measured.at(-1);
    if (!small || !large) throw new Error("no measurements");
    for (const m of measured) {
      console.log(
        `${m.rows.toLocaleString("en")} rows: next 500 after P ${m.nextMs.toFixed(2)} ms (${m.nextPlan}); latest 50 about X ${m.aboutMs.toFixed(2)} ms (${m.aboutPlan})`,
      );
    }
    const nextRatio = large.nextMs / small.nextMs;
    const aboutRatio = large.aboutMs / small.aboutMs;
    console.log(
      `ratio ${large.rows}/${small.rows} rows: next ${nextRatio.toFixed(2)}, about ${aboutRatio.toFixed(2)}`,
    );
    return {
      withinBudget: nextRatio <= RATIO_BUDGET && aboutRatio <= RATIO_BUDGET,
      summary: `next 500 after P ${small.nextMs.toFixed(2)} -> ${large.nextMs.toFixed(2)} ms (x${nextRatio.toFixed(2)}), latest 50 about X ${small.aboutMs.toFixed(2)} -> ${large.aboutMs.toFixed(2)} ms (x${aboutRatio.toFixed(2)}) from ${small.rows.toLocaleString("en")} to ${large.rows.toLocaleString("en")} rows`,
      data: measured,
    };
  },
};
