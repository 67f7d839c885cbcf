// Run by bench/insights.ts: a community of 1,000,000 members with four years of events,
// registrations, payments and their log (bench/insights-seed.ts) on PostgreSQL (DATABASE_URL, inside
// scripts/with-postgres.ts) or, with INSIGHTS_DB=pglite, on a PGlite data directory of its own at a
// smaller INSIGHTS_SCALE; the rollups rebuilt from the log; then every read behind the insights page
// timed for each period beside the same figures computed naively from the raw tables.
// Prints one JSON line last.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import pg from "pg";
import { type Db, openDatabase } from "#server/db/client.ts";
import { type NaivePeriod, naiveStatements } from "./insights-naive.ts";
import { pageReads, rebuild } from "./insights-reads.ts";
import { BIG, type Exec, SCALE, seedInsights } from "./insights-seed.ts";

const SAMPLES = Number(process.env.INSIGHTS_SAMPLES ?? 20);
/** A naive read is sampled until about this long has gone, at least three times. */
const NAIVE_BUDGET_MS = 5_000;
/** INSIGHTS_NAIVE=0 leaves the naive reads out, e.g. when a run on the same fill printed them already. */
const NAIVE = process.env.INSIGHTS_NAIVE !== "0";
const kind = process.env.INSIGHTS_DB === "pglite" ? "pglite" : "postgres";
const log = (line: string) => console.error(`insights (${kind}): ${line}`);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type Timing = { p50Ms: number; p95Ms: number; runs: number };

/** Times `read` `samples` times after one untimed run (or, with a time budget, as often as fits). */
async function time(read: () => Promise<unknown>, samples: number, budgetMs?: number): Promise<Timing> {
  await read();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await read();
    times.push(performance.now() - t0);
    if (budgetMs !== undefined && i >= 2 && performance.now() - started > budgetMs) break;
  }
  return { p50Ms: quantile(times, 0.5), p95Ms: quantile(times, 0.95), runs: times.length };
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const addDays = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const addMonths = (day: string, months: number) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
};
const unitOf = (from: string, to: string): NaivePeriod["unit"] => {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return days <= 31 ? "day" : days <= 186 ? "week" : "month";
};

async function main() {
  const dataDir = kind === "pglite" ? mkdtempSync(join(tmpdir(), "commons-bench-insights-")) : null;
  const databaseUrl = kind === "postgres" ? (process.env.DATABASE_URL ?? null) : null;
  if (kind === "postgres" && !databaseUrl) throw new Error("DATABASE_URL is not set");
  // The statements a read sends, caught on their way out, to time each of them on the server.
  let caught: { query: string; params: unknown[] }[] | null = null;
  const logger: Logger = {
    logQuery(query, params) {
      caught?.push({ query, params });
    },
  };
  const database = await openDatabase({ databaseUrl, dataDir, logger });
  const clients: pg.Client[] = [];
  try {
    await database.migrate();
    const exec = (statement: string) => database.db.execute(sql.raw(statement));
    // PostgreSQL fills on two connections at once (the machine is shared: no more); PGlite has one.
    let lanes: Exec[] = [exec];
    if (databaseUrl) {
      lanes = [];
      for (let i = 0; i < 2; i++) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        clients.push(client);
        lanes.push((statement) => client.query(statement));
      }
    }
    // Foreign keys and triggers are off while filling (the counters they keep are written by the
    // fill itself); the memory lets each index be built in one sort.
    for (const lane of lanes) {
      await lane("set session_replication_role = replica");
      await lane(`set maintenance_work_mem = '${kind === "pglite" ? "128MB" : "512MB"}'`);
      await lane(`set work_mem = '${kind === "pglite" ? "64MB" : "256MB"}'`);
      await lane("set synchronous_commit = off");
    }
    const [snapshot] = rowsOf<{ xid: string }>(
      await exec("select pg_snapshot_xmin(pg_current_snapshot())::text as xid"),
    );
    // Secondary indexes are built once after the rows are in, which is far quicker than row by
    // row. The trigram and tag indexes serve only the member and payment searches, which no read
    // here makes: they are left out.
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await exec(`select indexname, indexdef from pg_indexes
        where tablename in ('user', 'membership', 'event', 'registration', 'payment', 'payment_refund', 'domain_event')
          and indexname not in (select conname from pg_constraint)`),
    ).map((row) => ({ name: row.indexname, def: row.indexdef, keep: !/ using gin /i.test(row.indexdef) }));
    // With INSIGHTS_REUSE and a DATABASE_URL that outlives the run, an earlier run's fill is kept
    // (its time is not known then: null).
    const [filled] = rowsOf<{ n: number | string }>(
      await exec(`select coalesce(sum(member_count), 0) as n from community where id = '${BIG.id}'`),
    );
    let seedMs: number | null = null;
    if (process.env.INSIGHTS_REUSE && Number(filled?.n ?? 0) === BIG.members) log("reusing the seeded data");
    else {
      const seeding = performance.now();
      await seedInsights(lanes, log, {
        now: new Date(),
        xidCeiling: Number(snapshot?.xid ?? 3) - 1,
        dropIndexes: indexes,
      });
      // PGlite has no background writer: the fill's dirty pages are written now, not by the first reads timed.
      await exec("checkpoint");
      seedMs = performance.now() - seeding;
    }
    for (const lane of lanes) await lane("set session_replication_role = origin");
    const [counts] = rowsOf<Record<string, string>>(
      await exec(`select (select count(*) from membership where community_id = '${BIG.id}') as members,
        (select count(*) from event where community_id = '${BIG.id}') as events,
        (select count(*) from registration) as registrations,
        (select count(*) from payment where community_id = '${BIG.id}') as payments,
        (select count(*) from domain_event) as entries`),
    );
    log(
      `${seedMs === null ? "reused" : `seeded in ${(seedMs / 1000).toFixed(1)} s`}: ${JSON.stringify(counts)}`,
    );

    const rebuilding = performance.now();
    const rebuilt = await rebuild(database.db);
    const rebuildMs = rebuilt ? performance.now() - rebuilding : null;
    if (rebuildMs !== null) log(`rollups rebuilt in ${(rebuildMs / 1000).toFixed(1)} s`);
    // A rebuild leaves the old rollups behind as dead rows until a vacuum; the reads are timed on
    // settled tables, as they stand once autovacuum has been by (otherwise it runs during the timing).
    const settling = performance.now();
    const rollupTables = rowsOf<{ tablename: string }>(
      await exec(
        "select tablename from pg_tables where schemaname = 'public' and tablename like 'insights\\_%'",
      ),
    );
    for (const { tablename } of rollupTables) await exec(`vacuum analyze "${tablename}"`);
    const vacuumMs = performance.now() - settling;
    log(`rollup tables vacuumed in ${(vacuumMs / 1000).toFixed(1)} s`);

    const [today] = rowsOf<{ day: string }>(
      await exec(`select (now() at time zone '${BIG.timeZone}')::date::text as day`),
    );
    const [created] = rowsOf<{ day: string; epoch: number | string }>(
      await exec(
        `select (created_at at time zone time_zone)::date::text as day, extract(epoch from created_at)::float8 as epoch from community where id = '${BIG.id}'`,
      ),
    );
    const to = today?.day ?? dayOf(new Date());
    const firstOfMonth = `${to.slice(0, 8)}01`;
    const periods = [
      { label: "last 7 days", preset: "last_7_days", from: addDays(to, -6), to },
      { label: "last 30 days", preset: "last_30_days", from: addDays(to, -29), to },
      { label: "last 90 days", preset: "last_90_days", from: addDays(to, -89), to },
      { label: "last 12 months", preset: "last_12_months", from: addDays(addMonths(to, -12), 1), to },
      { label: "all time", preset: "all_time", from: created?.day ?? addDays(to, -1461), to },
      {
        label: "custom 24 months",
        preset: null,
        from: addMonths(firstOfMonth, -24),
        to: addDays(firstOfMonth, -1),
      },
    ] as const;
    const [members] = rowsOf<{ n: number }>(
      await exec(`select member_count as n from community where id = '${BIG.id}'`),
    );

    const results: {
      period: string;
      from: string;
      to: string;
      read: string;
      timing: Timing | null;
      statements: { ms: number; sql: string }[];
      naive: ({ label: string } & Timing)[];
      naiveP95Ms: number;
    }[] = [];
    for (const period of periods) {
      const naive: NaivePeriod = { ...period, timeZone: BIG.timeZone, unit: unitOf(period.from, period.to) };
      const statements = naiveStatements(BIG.id, naive);
      const reads = await pageReads(database.db, {
        communityId: BIG.id,
        timeZone: BIG.timeZone,
        createdAt: new Date(Number(created?.epoch ?? 0) * 1000),
        memberCount: Number(members?.n ?? BIG.members),
        preset: period.preset,
        from: period.from,
        to: period.to,
      });
      const parts = [
        { ...reads.rollups, naive: statements.rollups },
        { ...reads.events, naive: statements.events },
        { ...reads.page, naive: {} },
      ];
      for (const part of parts) {
        const timing = part.run ? await time(part.run, SAMPLES) : null;
        let slowest: { ms: number; sql: string }[] = [];
        if (part.run) {
          caught = [];
          await part.run();
          const sent: { query: string; params: unknown[] }[] = caught;
          caught = null;
          slowest = await serverTimes(database.db, sent);
          log(
            `${period.label} ${part.read}: p95 ${timing?.p95Ms.toFixed(1)} ms, p50 ${timing?.p50Ms.toFixed(1)} ms`,
          );
        }
        const naiveParts = [];
        for (const [label, list] of NAIVE ? Object.entries(part.naive) : []) {
          const naiveTiming = await time(
            async () => {
              for (const statement of list) await exec(statement);
            },
            SAMPLES,
            NAIVE_BUDGET_MS,
          );
          naiveParts.push({ label, ...naiveTiming });
          log(
            `${period.label} naive ${label}: p95 ${naiveTiming.p95Ms.toFixed(1)} ms (${naiveTiming.runs} runs)`,
          );
        }
        results.push({
          period: period.label,
          from: period.from,
          to: period.to,
          read: part.read,
          timing,
          statements: slowest,
          naive: naiveParts,
          // The whole page's naive figure is its two halves' together.
          naiveP95Ms:
            part === parts[2]
              ? results.slice(-2).reduce((sum, r) => sum + r.naiveP95Ms, 0)
              : naiveParts.reduce((sum, n) => sum + n.p95Ms, 0),
        });
      }
    }
    console.log(
      JSON.stringify({ database: kind, scale: SCALE, counts, seedMs, rebuildMs, vacuumMs, results }),
    );
  } finally {
    for (const client of clients) await client.end();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const literal = (param: unknown): string => {
  if (typeof param === "number" || typeof param === "bigint") return String(param);
  if (param === null || param === undefined) return "null";
  if (Array.isArray(param)) return `'{${param.map((v) => JSON.stringify(String(v))).join(",")}}'`;
  const text = param instanceof Date ? param.toISOString() : String(param);
  return `'${text.replace(/'/g, "''")}'`;
};

/** The three slowest of `statements` with their execution time on the server (EXPLAIN ANALYZE). */
async function serverTimes(db: Db, statements: { query: string; params: unknown[] }[]) {
  const timed: { ms: number; sql: string }[] = [];
  for (const statement of statements) {
    // EXPLAIN takes no parameters by number: each is written in as a literal of its own.
    let text = statement.query;
    statement.params.forEach((param, i) => {
      text = text.replace(new RegExp(`\\$${i + 1}(?!\\d)`, "g"), literal(param));
    });
    try {
      const [row] = rowsOf<{ "QUERY PLAN": unknown }>(
        await db.execute(sql.raw(`explain (analyze, format json) ${text}`)),
      );
      const plan =
        typeof row?.["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row?.["QUERY PLAN"];
      timed.push({
        ms: (plan as [{ "Execution Time": number }])[0]["Execution Time"],
        sql: text.replace(/\s+/g, " ").slice(0, 160),
      });
    } catch (error) {
      log(`could not time ${text.slice(0, 80)}: ${error instanceof Error ? error.message : error}`);
    }
  }
  return timed.sort((a, b) => b.ms - a.ms).slice(0, 3);
}

await main();
