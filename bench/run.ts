// `npm run bench [-- name... --flag...]`: runs the benchmarks below in order against the production build and
// exits non-zero when one fails or exceeds its budget. Add a benchmark as a module under bench/
// exporting a `Benchmark` (bench/types.ts) and list it here.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { type AppServer, ensureClientBuilt, startAppServer } from "../e2e/support/app-server.ts";
import { chromiumArgs, chromiumExecutable } from "../e2e/support/browser.ts";
import { repoRoot } from "../e2e/support/paths.ts";
import { freePort } from "../scripts/with-postgres.ts";
import { agentsBench } from "./agents.ts";
import { domainLogBench } from "./domain-log.ts";
import { eventsBench } from "./events.ts";
import { forecastBench } from "./forecast.ts";
import { insightsBench } from "./insights.ts";
import { lighthouseBench } from "./lighthouse.ts";
import { loginJavaScript } from "./login-javascript.ts";
import { memberImportBench } from "./member-import.ts";
import { membersBench } from "./members.ts";
import { membersExportBench } from "./members-export.ts";
import { paymentsBench } from "./payments.ts";
import { requestPath } from "./request-path.ts";
import { scaleBench } from "./scale.ts";
import type { BenchContext, Benchmark } from "./types.ts";
import { uploadThroughput } from "./upload-throughput.ts";

const benchmarks: Benchmark[] = [
  loginJavaScript,
  uploadThroughput,
  eventsBench,
  requestPath,
  domainLogBench,
  membersBench,
  membersExportBench,
  memberImportBench,
  paymentsBench,
  forecastBench,
  insightsBench,
  agentsBench,
  scaleBench,
  lighthouseBench,
];

const resultsDir = join(repoRoot, "bench", "results");

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv.filter((arg) => arg.startsWith("--")));
  const filter = argv.filter((arg) => !arg.startsWith("--"));
  const unknown = filter.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(
      `unknown benchmark(s): ${unknown.join(", ")}; known: ${benchmarks.map((b) => b.name).join(", ")}`,
    );
    return 2;
  }
  const selected = filter.length > 0 ? benchmarks.filter((b) => filter.includes(b.name)) : benchmarks;

  let app: AppServer | undefined;
  let browser: Browser | undefined;
  const context: BenchContext = {
    appUrl: once(async () => {
      ensureClientBuilt();
      app = await startAppServer({ port: await freePort(), name: "bench-server" });
      return app.url;
    }),
    browser: once(async () => {
      browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
      return browser;
    }),
    flags,
  };

  const summaries: string[] = [];
  let failures = 0;
  try {
    for (const benchmark of selected) {
      console.log(`\n=== bench: ${benchmark.name} — ${benchmark.description}\n`);
      try {
        const result = await benchmark.run(context);
        mkdirSync(resultsDir, { recursive: true });
        writeFileSync(
          join(resultsDir, `${benchmark.name}.json`),
          `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
        );
        if (!result.withinBudget) failures += 1;
        summaries.push(`${result.withinBudget ? "ok  " : "OVER"}  ${benchmark.name}: ${result.summary}`);
      } catch (error) {
        failures += 1;
        console.error(error);
        summaries.push(
          `FAIL  ${benchmark.name}: ${error instanceof Error ? error.message.split("\n")[0] : error}`,
        );
      }
    }
  } finally {
    await browser?.close();
    await app?.stop();
  }

  console.log(`\n=== bench summary\n${summaries.join("\n")}`);
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
