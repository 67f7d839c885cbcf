// The request-path throughput ladder (issue 9, item 4): on PostgreSQL and on PGlite, at 10
// connections, from a bare node:http server (the machine's limit) through /healthz and the
// GraphQL operations the client sends to the /e/{id} HTML. Each rung: requests/s, p50, p99, its
// ratio to the bare server measured in the same run, and SQL statements per request counted in
// the app. Load comes from autocannon in this process; the bare server and the app each run in
// their own process. The targets are printed beside the ratios; a miss does not fail.
// `--profile` instead runs the viewer and overview rungs (or those named in PROFILE_RUNGS, e.g.
// `overview,event-data`) on an app started with `node --cpu-prof` and prints the top self-time
// functions of the measured window.
import { mkdirSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { ensureClientBuilt } from "../e2e/support/app-server.ts";
import { repoRoot } from "../e2e/support/paths.ts";
import { findPostgresBin } from "../scripts/with-postgres.ts";
import { readStats, startApp, startBareServer } from "./request-path-processes.ts";
import type { SeededServer } from "./request-path-protocol.ts";
import {
  type CpuProfile,
  formatLadder,
  formatRatio,
  percentile,
  type RungRow,
  topSelfTime,
} from "./request-path-report.ts";
import { type Call, loopback, type Rung, rungs, signedInCookie } from "./request-path-rungs.ts";
import type { Benchmark } from "./types.ts";

const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const MEASURE_SECONDS = 4;
const PROFILE_SECONDS = 8;
const profileDir = join(repoRoot, "bench", "results", "profiles");

/** `RUNGS=event-page,community-page` measures only the rungs named, e.g. while working on them. */
const ladderRungs = process.env.RUNGS
  ? rungs.filter((r) => process.env.RUNGS?.split(",").includes(r.key))
  : rungs;

type Load = { requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number };

/** autocannon's own histogram keeps whole milliseconds; the latencies here keep its sub-millisecond times. */
async function load(baseUrl: string, calls: Call[], seconds: number): Promise<Load> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        requests: calls.map((call) => ({ ...call })),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  return {
    requestsPerSecond: result.requests.total / (result.duration || seconds) / calls.length,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors: result.non2xx + result.errors,
  };
}

async function checkRung(rung: Rung, server: SeededServer, cookie: string) {
  for (const call of rung.calls(server, cookie)) {
    const response = await fetch(`${loopback(server.appUrl)}${call.path}`, {
      method: call.method,
      headers: call.headers,
      ...(call.body ? { body: call.body } : {}),
    });
    const body = await response.text();
    if (response.status !== 200)
      throw new Error(`${rung.name}: status ${response.status}: ${body.slice(0, 300)}`);
    rung.check(body);
  }
}

/** Warms up, then measures one rung; statements per request come from the app's own counters. */
async function measureRung(rung: Rung, server: SeededServer, seconds = MEASURE_SECONDS) {
  const cookie = rung.signedIn ? await signedInCookie(server) : "";
  await checkRung(rung, server, cookie);
  const calls = rung.calls(server, cookie);
  const base = loopback(server.appUrl);
  await load(base, calls, WARMUP_SECONDS);
  const before = await readStats(server);
  const measured = await load(base, calls, seconds);
  const after = await readStats(server);
  const pages = (after.requests - before.requests) / calls.length;
  return {
    measured,
    statementsPerRequest: pages > 0 ? (after.statements - before.statements) / pages : null,
    window: { fromUs: before.nowUs, toUs: after.nowUs },
  };
}

async function measureBare(url: string): Promise<Load> {
  const calls: Call[] = [{ method: "GET", path: "/", headers: {} }];
  await load(url, calls, WARMUP_SECONDS);
  return load(url, calls, MEASURE_SECONDS);
}

/**
 * The bare server is measured before and after the app's rungs, and the ratios use the faster of
 * the two: on a shared machine its rate moves with the neighbours' load, and it stands for the
 * machine's limit.
 */
async function ladder(database: "postgres" | "pglite"): Promise<RungRow[]> {
  const bare = await startBareServer();
  const app = await startApp({ database }).catch(async (error: unknown) => {
    await bare.stop();
    throw error;
  });
  try {
    const bareBefore = await measureBare(bare.info);
    console.log(
      `\n${database}: load from autocannon in the bench process (pid ${process.pid}), ${CONNECTIONS} connections, ` +
        `${WARMUP_SECONDS} s warm-up + ${MEASURE_SECONDS} s per rung; bare server in its own process (pid ${bare.pid}); ` +
        `app (createServerApp, production build) in its own process (pid ${app.pid}${
          database === "postgres"
            ? ", under scripts/with-postgres.ts with a throwaway cluster"
            : ", PGlite data dir"
        }). req/s and SQL/req count pages: one overview page is its two POSTs; latencies are per HTTP request. ` +
        `Load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(" ")} on ${availableParallelism()} cores.`,
    );
    const measuredRungs: { rung: Rung; measured: Load; statementsPerRequest: number | null }[] = [];
    for (const rung of ladderRungs) measuredRungs.push({ rung, ...(await measureRung(rung, app.info)) });
    const bareAfter = await measureBare(bare.info);
    const limit = bareBefore.requestsPerSecond >= bareAfter.requestsPerSecond ? bareBefore : bareAfter;
    const rows: RungRow[] = [
      {
        name: `bare node:http (before ${bareBefore.requestsPerSecond.toFixed(0)}, after ${bareAfter.requestsPerSecond.toFixed(0)})`,
        ...limit,
        ratio: 1,
        statementsPerRequest: null,
      },
      ...measuredRungs.map(({ rung, measured, statementsPerRequest }) => ({
        name: rung.name,
        ...measured,
        ratio: limit.requestsPerSecond > 0 ? measured.requestsPerSecond / limit.requestsPerSecond : null,
        statementsPerRequest,
        ...(rung.target ? { target: rung.target } : {}),
      })),
    ];
    for (const line of formatLadder(rows)) console.log(line);
    return rows;
  } finally {
    await app.stop();
    await bare.stop();
  }
}

/**
 * What the request log and /metrics cost (issue 26): the overview rung on three apps, one at a time,
 * on the same database kind: the request log off (LOG_LEVEL=silent), as in production (one JSON
 * line per request), and as in production with METRICS_TOKEN set and /metrics read every second
 * meanwhile, as Prometheus does. Each prints its rate and the app's CPU per overview page; the
 * ratios to the first are held against the 10 %.
 */
async function observabilityCost(database: "postgres" | "pglite") {
  const rung = rungs.find((r) => r.key === "overview");
  if (!rung) throw new Error("no overview rung");
  const token = "bench-metrics-token-0123456789abcdef";
  const variants: { name: string; env: Record<string, string>; scrape: boolean }[] = [
    { name: "overview, request log off", env: { LOG_LEVEL: "silent" }, scrape: false },
    { name: "overview, request log on", env: { LOG_LEVEL: "info" }, scrape: false },
    {
      name: "overview, log on, /metrics read each s",
      env: { LOG_LEVEL: "info", METRICS_TOKEN: token },
      scrape: true,
    },
  ];
  const rows: { name: string; rate: number; cpuUsPerPage: number; errors: number }[] = [];
  for (const variant of variants) {
    const app = await startApp({ database, env: variant.env });
    try {
      const cookie = await signedInCookie(app.info);
      await checkRung(rung, app.info, cookie);
      const calls = rung.calls(app.info, cookie);
      const base = loopback(app.info.appUrl);
      await load(base, calls, WARMUP_SECONDS);
      const scrapes = variant.scrape
        ? setInterval(() => {
            void fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
              .then((r) => r.text())
              .catch(() => undefined);
          }, 1000)
        : undefined;
      const before = await readStats(app.info);
      const measured = await load(base, calls, MEASURE_SECONDS * 2);
      const after = await readStats(app.info);
      clearInterval(scrapes);
      const pages = (after.requests - before.requests) / calls.length;
      rows.push({
        name: variant.name,
        rate: measured.requestsPerSecond,
        cpuUsPerPage: pages > 0 ? (after.cpuUs - before.cpuUs) / pages : 0,
        errors: measured.errors,
      });
    } finally {
      await app.stop();
    }
  }
  const first = rows[0];
  console.log(`
${database}: what the request log and /metrics cost (target: within 10 % of the log off)`);
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(42)}${row.rate.toFixed(0).padStart(7)} pages/s${(row.cpuUsPerPage / 1000).toFixed(2).padStart(8)} ms CPU/page` +
        (first && row !== first
          ? `   rate x${(row.rate / first.rate).toFixed(2)}, CPU x${(row.cpuUsPerPage / first.cpuUsPerPage).toFixed(2)}`
          : "") +
        (row.errors > 0 ? `   ${row.errors} errors` : ""),
    );
  }
  return rows;
}

async function profileRungs(database: "postgres" | "pglite") {
  mkdirSync(profileDir, { recursive: true });
  const keys = (process.env.PROFILE_RUNGS ?? "viewer,overview").split(",");
  const chosen = rungs.filter((r) => keys.includes(r.key));
  for (const rung of chosen) {
    const name = `request-path-${rung.key}-${database}.cpuprofile`;
    const app = await startApp({ database, cpuProfile: { dir: profileDir, name } });
    let window: { fromUs: number; toUs: number };
    let measured: Load;
    try {
      ({ window, measured } = await measureRung(rung, app.info, PROFILE_SECONDS));
    } finally {
      await app.stop();
    }
    const file = join(profileDir, name);
    const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
    const shortenUrl = (url: string) => url.replace(`file://${repoRoot}/`, "");
    let { busyMs, top } = topSelfTime(profile, 15, { shortenUrl, window });
    const whole = busyMs === 0;
    if (whole) ({ busyMs, top } = topSelfTime(profile, 15, { shortenUrl }));
    console.log(
      `\n${rung.name} on ${database}: ${measured.requestsPerSecond.toFixed(0)} req/s under the profiler; ${file}\n` +
        `top ${top.length} self time over ${(busyMs / 1000).toFixed(1)} s busy CPU ${
          whole ? "(whole process: the window did not match the profile's clock)" : "in the measured window"
        }:`,
    );
    for (const entry of top) {
      console.log(
        `${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.selfMs.toFixed(0).padStart(6)} ms  ${entry.name}  ${entry.location}`,
      );
    }
  }
}

export const requestPath: Benchmark = {
  name: "request-path",
  description: `throughput ladder at ${CONNECTIONS} connections on PostgreSQL and PGlite, as ratios to a bare node:http server (--profile: CPU profiles of viewer and overview)`,
  async run(context) {
    ensureClientBuilt();
    const databases: ("postgres" | "pglite")[] = findPostgresBin() ? ["postgres", "pglite"] : ["pglite"];
    if (!databases.includes("postgres")) console.log("no PostgreSQL binaries found: PGlite only");
    if (context.flags.has("--profile")) {
      await profileRungs(process.env.PROFILE_DB === "pglite" ? "pglite" : (databases[0] ?? "pglite"));
      return { withinBudget: true, summary: `profiles written to ${profileDir}` };
    }
    const results: Record<string, RungRow[]> = {};
    for (const database of databases) results[database] = await ladder(database);
    const observability = await observabilityCost(databases[0] ?? "pglite");
    const [off, ...on] = observability;
    const summary = Object.entries(results)
      .map(([database, rows]) => {
        const rungRatios = rows
          .slice(1)
          .map((row, i) => `${ladderRungs[i]?.key} ${formatRatio(row.ratio ?? 0)}`);
        return `${database}: ${rungRatios.join(", ")}`;
      })
      .join("; ");
    const costs = on
      .map(
        (row) =>
          `${row.name.replace("overview, ", "")} CPU x${off ? (row.cpuUsPerPage / off.cpuUsPerPage).toFixed(2) : "?"}`,
      )
      .join(", ");
    // The bench reports; the targets are the goals, not a budget that fails the run.
    return {
      withinBudget: true,
      summary: `${summary}; against the request log off: ${costs}`,
      data: { ...results, observability },
    };
  },
};
