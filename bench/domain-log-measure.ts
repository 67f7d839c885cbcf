// Run by bench/domain-log.ts inside scripts/with-postgres.ts (DATABASE_URL set): fills the
// domain-event log with generate_series to two sizes and times the log's two hot reads at each.
// Prints one JSON line last.
import { sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client.ts";
import { entriesAbout, entriesAfter } from "#server/modules/log/log.service.ts";

const SIZES = (process.env.DOMAIN_LOG_SIZES ?? "200000,2000000").split(",").map(Number);
const SAMPLES = 40;
/** Entries per person: "latest 50 about X" returns a full page at every size. */
const PER_PERSON = 60;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await database.migrate();
  const { db } = database;
  await db.execute(sql`truncate domain_event`);
  // Entries of finished transactions only: spread over transaction ids below the current one.
  const [current] = rowsOf<{ xid: string }>(
    await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xid`),
  );
  const xidCeiling = Number(current?.xid ?? 2) - 1;
  const results: { rows: number; nextMs: number; aboutMs: number; nextPlan: string; aboutPlan: string }[] =
    [];
  let filled = 0;
  for (const size of SIZES) {
    const started = performance.now();
    // Constants of this script, inlined: generate_series needs typed bounds, not text parameters.
    const n = (value: number) => sql.raw(String(Math.trunc(value)));
    const total = SIZES.at(-1) ?? size;
    await db.execute(sql`
      insert into domain_event (tx_id, type, community_id, actor_id, subject_id, payload, occurred_at)
      select 1 + (i::bigint * ${n(xidCeiling - 1)}) / ${n(total)},
             'member.joined', 'c' || (i % 1000), 'u' || (i / ${n(PER_PERSON)}), 'u' || (i / ${n(PER_PERSON)}),
             jsonb_build_object('userId', 'u' || (i / ${n(PER_PERSON)}), 'role', 'member', 'source', 'bench'),
             now() - make_interval(secs => ${n(total)} - i)
      from generate_series(${n(filled + 1)}, ${n(size)}) as i`);
    await db.execute(sql`analyze domain_event`);
    filled = size;
    console.error(`domain-log: filled ${size} rows in ${Math.round(performance.now() - started)} ms`);

    const [middle] = rowsOf<{ tx_id: string; position: string }>(
      await db.execute(
        sql`select tx_id, position from domain_event where position = ${Math.floor(size / 2)}`,
      ),
    );
    const after = { txId: Number(middle?.tx_id ?? 0), position: Number(middle?.position ?? 0) };
    const nextTimes: number[] = [];
    const aboutTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const next = await entriesAfter(db, after, 500);
      nextTimes.push(performance.now() - t0);
      if (next.length !== 500) throw new Error(`expected 500 entries after P, got ${next.length}`);
      const person = `u${1 + ((i * 7919) % Math.floor(size / PER_PERSON - 1))}`;
      const t1 = performance.now();
      const about = await entriesAbout(db, person, 50);
      aboutTimes.push(performance.now() - t1);
      if (about.length !== 50) throw new Error(`expected 50 entries about ${person}, got ${about.length}`);
    }
    const plan = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ "QUERY PLAN": string }>(await db.execute(query))
        .map((r) => r["QUERY PLAN"])
        .find((line) => /Scan/.test(line))
        ?.trim() ?? "";
    results.push({
      rows: size,
      nextMs: median(nextTimes),
      aboutMs: median(aboutTimes),
      nextPlan: await plan(sql`explain select * from domain_event
        where (tx_id, position) > (${after.txId}, ${after.position})
          and tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        order by tx_id, position limit 500`),
      aboutPlan: await plan(sql`explain select * from domain_event where subject_id = 'u42'
        order by tx_id desc, position desc limit 50`),
    });
  }
  await db.execute(sql`truncate domain_event`);
  await database.close();
  console.log(JSON.stringify(results));
}

await main();
