// Run by bench/members.ts inside scripts/with-postgres.ts (DATABASE_URL set): one community of
// 1,000,000 members among 5,000,000 memberships, filled with generate_series, then the member
// table's five hot reads timed through the service function and beside them the raw SQL
// (EXPLAIN ANALYZE execution time of the same statements). Prints one JSON line last. With
// MEMBERS_REUSE=1 and a DATABASE_URL of a cluster that outlives the run, a second run skips the fill.
import type { Logger } from "drizzle-orm/logger";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { type MemberQuery, readMembers } from "#server/modules/members/member-list.service.ts";
import { FIRST, LAST } from "./members-names.ts";

const BIG = Number(process.env.MEMBERS_BIG ?? 1_000_000);
const TOTAL = Number(process.env.MEMBERS_TOTAL ?? 5_000_000);
const USERS = BIG * 2;
const PER_OTHER = 1_000;
const SAMPLES = 60;
const COMMUNITY = "bench-big";

const sqlList = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

async function seed(client: pg.Client) {
  const log = (line: string) => console.error(`members: ${line}`);
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("set synchronous_commit = off");
  // Indexes are built once after the rows are in, which is far quicker than row by row.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(`
    select indexname, indexdef from pg_indexes
    where tablename in ('user', 'membership') and indexname not like '%pkey' and indexname not like '%unique%'
      and indexname <> 'membership_community_user_idx'`);
  for (const index of indexes) await client.query(`drop index "${index.indexname}"`);
  let started = performance.now();
  await client.query(`
    insert into "user" (id, name, email, email_verified)
    select 'u' || i,
      (${sqlList(FIRST)})[1 + h % ${FIRST.length}] || ' ' || (${sqlList(LAST)})[1 + (h / ${FIRST.length}) % ${LAST.length}],
      lower((${sqlList(FIRST)})[1 + h % ${FIRST.length}] || '.' || (${sqlList(LAST)})[1 + (h / ${FIRST.length}) % ${LAST.length}])
        || '.' || i || '@' || (array['example.org','mail.test','club.example','post.example'])[1 + i % 4],
      true
    from generate_series(1, ${USERS}) as i, lateral (select (i::bigint * 2654435761) % 1000003 as h) as x`);
  log(`${USERS} people in ${Math.round(performance.now() - started)} ms`);
  const others = Math.floor((TOTAL - BIG) / PER_OTHER);
  await client.query(`
    insert into community (id, slug, name, time_zone, currency, visibility, join_policy)
    select id, id, 'Bench ' || id, 'UTC', 'EUR', 'public', 'open'
    from (select '${COMMUNITY}' as id union all select 'bench-' || k from generate_series(1, ${others}) as k) as c`);
  // Foreign keys and the count triggers are skipped while filling; member_count is filled after.
  await client.query("set session_replication_role = replica");
  started = performance.now();
  await client.query(`
    insert into membership (id, community_id, user_id, role, status, source, joined_at, tags,
      events_registered, events_attended, check_ins, last_active_at)
    select 'm' || i, '${COMMUNITY}', 'u' || i,
      case when i = 1 then 'owner' when i % 5000 = 0 then 'organizer' else 'member' end,
      case when i % 50 = 0 then 'pending' when i % 997 = 0 then 'banned' else 'active' end,
      (array['joined','invited','imported','event'])[1 + i % 4],
      now() - make_interval(mins => (i * 37) % 500000),
      array_remove(array[case when i % 100 = 0 then 'vip' end, case when i % 20 = 0 then 'volunteer' end,
        case when i % 3 = 0 then 'newsletter' end], null),
      (i * 13) % 60, (i * 31) % 41, (i * 7) % 23,
      now() - make_interval(hours => (i * 11) % 20000)
    from generate_series(1, ${BIG}) as i`);
  log(`${BIG} memberships of one community in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await client.query(`
    insert into membership (id, community_id, user_id, role, status, source, joined_at, tags, last_active_at)
    select 'o' || k || '-' || j, 'bench-' || k, 'u' || (1 + ((k::bigint * 7919 + j * 13) % ${USERS})),
      case when j = 0 then 'owner' else 'member' end, 'active', 'joined',
      now() - make_interval(mins => (k * 1000 + j) % 500000), array['vip'], now()
    from generate_series(1, ${others}) as k, generate_series(0, ${PER_OTHER - 1}) as j`);
  await client.query("set session_replication_role = origin");
  await client.query(`
    insert into member_count (community_id, status, members)
    select community_id, status, count(*) from membership group by 1, 2`);
  log(
    `${others * PER_OTHER} memberships of ${others} other communities in ${Math.round(performance.now() - started)} ms`,
  );
  started = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('vacuum analyze "user"');
  await client.query("vacuum analyze membership");
  log(`indexes and statistics in ${Math.round(performance.now() - started)} ms`);
}

/** Whether an earlier run left this size seeded (MEMBERS_REUSE with a DATABASE_URL that outlives the run). */
async function seeded(client: pg.Client) {
  const { rows } = await client.query<{ n: string | null }>(
    "select sum(members) as n from member_count where community_id = $1",
    [COMMUNITY],
  );
  return Number(rows[0]?.n ?? 0) === BIG;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  const setup = await openDatabase({ databaseUrl, dataDir: null });
  await setup.migrate();
  await setup.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seeding = performance.now();
  if (process.env.MEMBERS_REUSE && (await seeded(client))) console.error("members: reusing the seeded data");
  else await seed(client);
  const seedMs = performance.now() - seeding;

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
