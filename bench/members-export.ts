// The member CSV export of a community of 1,000,000 members on a throwaway PostgreSQL, streamed
// through the real server: every row arrives, and the server's resident memory grows < 100 MB.
import { runMeasureScript } from "./measure-script.ts";
import type { Benchmark } from "./types.ts";

const GROWTH_BUDGET = 100 * 1024 * 1024;

type Measured = {
  seedMs: number;
  members: number;
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  baselineRss: number;
  peakRss: number;
  growth: number;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export const membersExportBench: Benchmark = {
  name: "members-export",
  description: "GET members.csv of 1,000,000 members on PostgreSQL: server memory growth < 100 MB",
  async run() {
    const m = runMeasureScript<Measured>("members-export-measure.ts", {
      what: "members export measurement",
      timeoutMs: 30 * 60_000,
    });
    console.log(`seeded in ${(m.seedMs / 1000).toFixed(0)} s`);
    const line =
      `${m.rows.toLocaleString("en")} rows (${mb(m.bytes)}) in ${(m.totalMs / 1000).toFixed(1)} s, ` +
      `first byte after ${m.firstByteMs.toFixed(0)} ms; server RSS ${mb(m.baselineRss)} before, ` +
      `peak ${mb(m.peakRss)}: growth ${mb(m.growth)} (budget ${mb(GROWTH_BUDGET)})`;
    console.log(line);
    return {
      withinBudget: m.growth < GROWTH_BUDGET && m.rows >= m.members,
      summary: line,
      data: m,
    };
  },
};
