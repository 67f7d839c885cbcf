import type { Browser } from "playwright-core";

/** What bench/run.ts hands every benchmark. Everything is started lazily, once, and shared. */
export type BenchContext = {
  /** The production app (built client, fresh PGlite data dir), e.g. http://localhost:41234. */
  appUrl: () => Promise<string>;
  /** Debian's Chromium, launched with the same flags as the e2e tests. */
  browser: () => Promise<Browser>;
  /** Options given after the names, e.g. `npm run bench -- request-path --profile`. */
  flags: ReadonlySet<string>;
};

export type BenchResult = {
  /** False when a budget is exceeded: the run exits non-zero. */
  withinBudget: boolean;
  /** One line for the final summary. */
  summary: string;
  /** Written to bench/results/<name>.json for comparing runs. */
  data?: unknown;
};

export type Benchmark = {
  /** kebab-case; `npm run bench -- <name>` runs only the named ones. */
  name: string;
  description: string;
  run: (context: BenchContext) => Promise<BenchResult>;
};
