// The member table's fill for the benchmarks at a million members (bench/members-measure.ts and
// bench/members-export-measure.ts): one community of BIG members among TOTAL memberships, with
// generate_series, on the PostgreSQL a pg client points at.
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { FIRST, LAST } from "./members-names.ts";

export const BIG = Number(process.env.MEMBERS_BIG ?? 1_000_000);
const TOTAL = Number(process.env.MEMBERS_TOTAL ?? 5_000_000);
const USERS = BIG * 2;
const PER_OTHER = 1_000;
export const COMMUNITY = "bench-big";

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
  // Foreign keys and the triggers are skipped while filling: member_count is filled after, and
  // each membership's search text is written here as the trigger would.
  await client.query("set session_replication_role = replica");
  started = performance.now();
  await client.query(`
    insert into membership (id, community_id, user_id, role, status, source, joined_at, tags,
      events_registered, events_attended, check_ins, last_active_at, search_text)
    select 'm' || i, '${COMMUNITY}', 'u' || i,
      case when i = 1 then 'owner' when i % 5000 = 0 then 'organizer' else 'member' end,
      case when i % 50 = 0 then 'pending' when i % 997 = 0 then 'banned' else 'active' end,
      (array['joined','invited','imported','event'])[1 + i % 4],
      now() - make_interval(mins => (i * 37) % 500000),
      array_remove(array[case when i % 100 = 0 then 'vip' end, case when i % 20 = 0 then 'volunteer' end,
        case when i % 3 = 0 then 'newsletter' end], null),
      (i * 13) % 60, (i * 31) % 41, (i * 7) % 23,
      now() - make_interval(hours => (i * 11) % 20000), lower(u.name || E'\\n' || u.email)
    from generate_series(1, ${BIG}) as i join "user" u on u.id = 'u' || i`);
  log(`${BIG} memberships of one community in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await client.query(`
    insert into membership (id, community_id, user_id, role, status, source, joined_at, tags, last_active_at,
      search_text)
    select 'o' || k || '-' || j, 'bench-' || k, u.id,
      case when j = 0 then 'owner' else 'member' end, 'active', 'joined',
      now() - make_interval(mins => (k * 1000 + j) % 500000), array['vip'], now(), lower(u.name || E'\\n' || u.email)
    from generate_series(1, ${others}) as k cross join generate_series(0, ${PER_OTHER - 1}) as j
      join "user" u on u.id = 'u' || (1 + ((k::bigint * 7919 + j * 13) % ${USERS}))`);
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

/**
 * Where a measure script starts: the database at DATABASE_URL migrated and filled (or, with
 * MEMBERS_REUSE, left as an earlier run filled it), and a client on it; `seedMs` is the fill's time.
 */
export async function openSeededDatabase(log: (line: string) => void) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  const setup = await openDatabase({ databaseUrl, dataDir: null });
  await setup.migrate();
  await setup.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // As the app's own connections (db/client.ts): the raw SQL beside them must not pay for JIT.
  await client.query("set jit = off");
  const seeding = performance.now();
  if (process.env.MEMBERS_REUSE && (await seeded(client))) log("reusing the seeded data");
  else await seed(client);
  return { databaseUrl, client, seedMs: performance.now() - seeding };
}
