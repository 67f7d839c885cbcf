// Run by bench/payments.ts: the ledger filled with one community of 1,000,000 payments among
// others (bench/payments-seed.ts), then the payments page's reads timed through the functions the
// resolvers call: the first page, filtered pages, payer searches and the period totals. On
// PostgreSQL (DATABASE_URL, inside scripts/with-postgres.ts) or, with PAYMENTS_DB=pglite, on a
// PGlite data directory of its own. Prints one JSON line last.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { openDatabase } from "#server/db/client.ts";
import { type PaymentQuery, readPayments } from "#server/modules/payments/payment-list.service.ts";
import { readPaymentTotals } from "#server/modules/payments/payment-totals.service.ts";
import { BIG, COMMUNITY, PAYERS, seedPayments } from "./payments-seed.ts";

const SAMPLES = Number(process.env.PAYMENTS_SAMPLES ?? 60);
const kind = process.env.PAYMENTS_DB === "pglite" ? "pglite" : "postgres";
const log = (line: string) => console.error(`payments (${kind}): ${line}`);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function main() {
  const dataDir = kind === "pglite" ? mkdtempSync(join(tmpdir(), "commons-bench-payments-")) : null;
  const databaseUrl = kind === "postgres" ? (process.env.DATABASE_URL ?? null) : null;
  if (kind === "postgres" && !databaseUrl) throw new Error("DATABASE_URL is not set");
  // The statements a read sends, caught on their way out, to show the plans of the very same ones.
  let caught: { query: string; params: unknown[] }[] | null = null;
  const logger: Logger = {
    logQuery(query, params) {
      caught?.push({ query, params });
    },
  };
  const database = await openDatabase({ databaseUrl, dataDir, logger });
  try {
    await database.migrate();
    const exec = (statement: string) => database.db.execute(sql.raw(statement));
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await exec(`select indexname, indexdef from pg_indexes
        where tablename in ('payment', 'payment_refund', 'payment_search_count')
          and indexname not in (select conname from pg_constraint)`),
    ).map((row) => ({ name: row.indexname, def: row.indexdef }));
    const seeding = performance.now();
    await seedPayments(exec, log, indexes);
    const seedMs = performance.now() - seeding;

    const payer = Math.floor(PAYERS * 0.4242);
    const [sample] = rowsOf<{ name: string }>(await exec(`select name from "user" where id = 'pu${payer}'`));
    const surname = (sample?.name.split(" ")[1] ?? "Kalove").slice(1, 6).toLowerCase();
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const page = (query: PaymentQuery) => () =>
      readPayments(database.db, COMMUNITY, { first: 50, ...query }, {});
    const reads: { label: string; budget: boolean; read: () => Promise<{ rows: number; total: string }> }[] =
      [
        { label: "first page", budget: true, read: counted(page({})) },
        {
          label: "status refunded",
          budget: true,
          read: counted(page({ filter: { statuses: ["refunded"] } })),
        },
        {
          label: "one event's payments",
          budget: true,
          read: counted(page({ filter: { eventId: "bench-event-250" } })),
        },
        {
          label: `payer search by e-mail ".${payer}@"`,
          budget: true,
          read: counted(page({ search: `.${payer}@` })),
        },
        {
          label: `payer search by part of a name "${surname}"`,
          budget: true,
          read: counted(page({ search: surname })),
        },
        {
          label: "totals, last 30 days",
          budget: true,
          read: async () => totalsOf(await readPaymentTotals(database.db, COMMUNITY, days(30), now)),
        },
        {
          label: "totals, last 365 days",
          budget: true,
          read: async () => totalsOf(await readPaymentTotals(database.db, COMMUNITY, days(365), now)),
        },
      ];
    const results = [];
    for (const { label, budget, read } of reads) {
      for (let i = 0; i < 20; i++) await read();
      const times: number[] = [];
      let last = await read();
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        last = await read();
        times.push(performance.now() - t0);
      }
      caught = [];
      await read();
      const statements: { query: string; params: unknown[] }[] = caught;
      caught = null;
      const plans: string[] = [];
      for (const statement of statements) plans.push(await planSummary(database.db, statement));
      const p95Ms = quantile(times, 0.95);
      const medianMs = quantile(times, 0.5);
      results.push({ label, budget, p95Ms, medianMs, rows: last.rows, total: last.total, plans });
      log(
        `${label}: p95 ${p95Ms.toFixed(2)} ms (median ${medianMs.toFixed(2)}), ${last.rows} rows, ${last.total}`,
      );
    }
    console.log(JSON.stringify({ database: kind, payments: BIG, seedMs, results }));
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const counted =
  (read: () => ReturnType<typeof readPayments>) => async (): Promise<{ rows: number; total: string }> => {
    const result = await read();
    return {
      rows: result.nodes.length,
      total: `${result.totalCount.toLocaleString("en")}${result.totalCountCapped ? "+" : ""} match`,
    };
  };

const totalsOf = (totals: Awaited<ReturnType<typeof readPaymentTotals>>) => ({
  rows: totals.length,
  total: totals.map((t) => `${t.currency} ${t.payments.toLocaleString("en")} payments`).join(", "),
});

/** The scans a statement uses, e.g. "Index Scan Backward using payment_community_created_idx". */
async function planSummary(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  statement: { query: string; params: unknown[] },
) {
  // EXPLAIN takes no parameters by number: each is written in as a literal of its own.
  let text = statement.query;
  statement.params.forEach((param, i) => {
    const literal = typeof param === "number" ? String(param) : `'${String(param).replace(/'/g, "''")}'`;
    text = text.replace(new RegExp(`\\$${i + 1}(?!\\d)`, "g"), literal);
  });
  const rows = rowsOf<{ "QUERY PLAN": string }>(await db.execute(sql.raw(`explain ${text}`)));
  return rows
    .map((r) => r["QUERY PLAN"].trim().replace(/^->\s*/, ""))
    .filter((line) => /Scan|Aggregate|Nested Loop|Sort|Append/.test(line))
    .map((line) => line.replace(/\s+\(cost.*$/, ""))
    .slice(0, 5)
    .join(" / ");
}

await main();
