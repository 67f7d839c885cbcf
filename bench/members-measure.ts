// Run by bench/members.ts inside scripts/with-postgres.ts (DATABASE_URL set): one community of
// 1,000,000 members among 5,000,000 memberships, filled with generate_series, then the member
// table's five hot reads timed through the service function and beside them the raw SQL
// (EXPLAIN ANALYZE execution time of the same statements). Prints one JSON line last. With
// MEMBERS_REUSE=1 and a DATABASE_URL of a cluster that outlives the run, a second run skips the fill.
import type { Logger } from "drizzle-orm/logger";
import type pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { type MemberQuery, readMembers } from "#server/modules/members/member-list.service.ts";
import { BIG, COMMUNITY, openSeededDatabase } from "./members-seed.ts";

const SAMPLES = 60;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};

async function main() {
  const { databaseUrl, client, seedMs } = await openSeededDatabase((line) =>
    console.error(`members: ${line}`),
  );

  // The statements a read sends, caught on their way out, to EXPLAIN ANALYZE the very same ones.
  let caught: { query: string; params: unknown[] }[] | null = null;
  const logger: Logger = {
    logQuery(query, params) {
      caught?.push({ query, params });
    },
  };
  const database = await openDatabase({ databaseUrl, dataDir: null, logger });
  const { rows: sample } = await client.query<{ name: string; email: string }>(
    `select name, email from "user" where id = $1`,
    [`u${Math.floor(BIG * 0.4242)}`],
  );
  const surname = sample[0]?.name.split(" ")[1] ?? "Kalove";
  const emailPart = `.${Math.floor(BIG * 0.4242)}@`;
  const queries: { label: string; query: MemberQuery }[] = [
    { label: "first page", query: {} },
    {
      label: `search part of a name "${surname.slice(1, 6).toLowerCase()}"`,
      query: { search: surname.slice(1, 6).toLowerCase() },
    },
    { label: `search part of an e-mail "${emailPart}"`, query: { search: emailPart } },
    { label: 'tag filter "vip"', query: { filter: { tags: ["vip"] } } },
    { label: "sort by events attended", query: { sort: { field: "eventsAttended", direction: "desc" } } },
  ];
  const results = [];
  for (const { label, query } of queries) {
    const read = () => readMembers(database.db, COMMUNITY, { first: 50, ...query }, { withEmail: true });
    for (let i = 0; i < 5; i++) await read();
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
    const rawTimes: number[] = [];
    const plans: string[] = [];
    for (let i = 0; i < 10; i++) {
      let sum = 0;
      for (const statement of statements) {
        const { rows } = await client.query<{
          "QUERY PLAN": [{ "Execution Time": number; Plan: { "Node Type": string } }];
        }>(`explain (analyze, format json) ${statement.query}`, statement.params);
        const plan = rows[0]?.["QUERY PLAN"][0];
        sum += plan?.["Execution Time"] ?? 0;
        if (i === 0) plans.push(await planSummary(client, statement));
      }
      rawTimes.push(sum);
    }
    results.push({
      label,
      serviceP95Ms: p95(times),
      rawSqlP95Ms: p95(rawTimes),
      totalCount: last.totalCount,
      rows: last.nodes.length,
      plans,
    });
    console.error(
      `members: ${label}: ${p95(times).toFixed(2)} ms (raw SQL ${p95(rawTimes).toFixed(2)} ms), total ${last.totalCount}`,
    );
  }
  await database.close();
  await client.end();
  console.log(JSON.stringify({ seedMs, results }));
}

/** The scans a statement uses, e.g. "Index Scan Backward using membership_community_joined_idx". */
async function planSummary(client: pg.Client, statement: { query: string; params: unknown[] }) {
  const { rows } = await client.query<{ "QUERY PLAN": string }>(
    `explain ${statement.query}`,
    statement.params,
  );
  return rows
    .map((r) => r["QUERY PLAN"].trim().replace(/^->\s*/, ""))
    .filter((line) => /Scan|Aggregate|Nested Loop|Sort/.test(line))
    .map((line) => line.replace(/\s+\(cost.*$/, ""))
    .slice(0, 4)
    .join(" / ");
}

await main();
