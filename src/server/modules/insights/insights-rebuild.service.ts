import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { LogPosition } from "#server/modules/log/log.service.ts";

// The insights rollups computed again from the domain-event log in a few set-based statements
// (docs/decisions/029-insights.md, "Rebuild"). Each statement is the set-based twin of a rule in
// insights.subscriber.ts: on the same entries, both give the same rows.

const SUBSCRIBER = "insights";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The rollup tables, children of nothing: a rebuild empties and refills each of them. */
const ROLLUP_TABLES = [
  "insights_member",
  "insights_member_day",
  "insights_registration_day",
  "insights_active_day",
  "insights_active_gap",
  "insights_active_count",
  "insights_attendance",
  "insights_cohort",
  "insights_cohort_size",
  "insights_revenue_day",
  "insights_held_origin",
] as const;

/** Removes one community's rollups (it was deleted). */
export async function deleteRollups(tx: Db, communityId: string): Promise<void> {
  for (const table of ROLLUP_TABLES)
    await tx.execute(sql`delete from ${sql.identifier(table)} where community_id = ${communityId}`);
}

export type RebuildResult = {
  /** The log position the rollups now stand at (the subscriber's). */
  upTo: LogPosition;
  /** Log entries the rebuild read. */
  entries: number;
};

/**
 * Computes the rollups again from the log. All communities: the subscriber's row is locked (it
 * waits for a batch under way), everything settled in the log is read — the entries of
 * transactions older than every running one, the dispatcher's rule — and the subscriber is moved
 * to the last of them, so it goes on from there. One community: up to the subscriber's position,
 * which does not move (other communities' entries after it are still to be handled).
 */
export async function rebuildInsights(
  db: Db,
  options: { communityId?: string } = {},
): Promise<RebuildResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into log_subscriber (name) values (${SUBSCRIBER}) on conflict do nothing`);
    const [row] = rowsOf<{ tx_id: string | number; position: string | number }>(
      await tx.execute(sql`select tx_id, position from log_subscriber where name = ${SUBSCRIBER} for update`),
    );
    let upTo: LogPosition = { txId: Number(row?.tx_id ?? 0), position: Number(row?.position ?? 0) };
    if (options.communityId) {
      const entries = await rebuildCommunityUpTo(tx, options.communityId, upTo);
      return { upTo, entries };
    }
    const [end] = rowsOf<{ tx_id: string | number; position: string | number }>(
      await tx.execute(sql`
        select tx_id, position from domain_event
        where tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        order by tx_id desc, position desc limit 1`),
    );
    if (
      end &&
      (Number(end.tx_id) > upTo.txId ||
        (Number(end.tx_id) === upTo.txId && Number(end.position) > upTo.position))
    )
      upTo = { txId: Number(end.tx_id), position: Number(end.position) };
    for (const table of ROLLUP_TABLES) await tx.execute(sql`delete from ${sql.identifier(table)}`);
    const entries = await recompute(tx, null, upTo);
    await tx.execute(sql`
      update log_subscriber set tx_id = ${upTo.txId}, position = ${upTo.position}, last_error = null,
        updated_at = now()
      where name = ${SUBSCRIBER}`);
    return { upTo, entries };
  });
}

/** One community's rollups from its entries up to `upTo` (inclusive), in the caller's transaction. */
export async function rebuildCommunityUpTo(tx: Db, communityId: string, upTo: LogPosition): Promise<number> {
  await deleteRollups(tx, communityId);
  return recompute(tx, communityId, upTo);
}

/**
 * Vacuums and analyzes the rollup tables, outside any transaction. A full rebuild leaves every old
 * rollup row dead and the planner's statistics stale; until a vacuum, the index-only reads behind
 * the insights page visit the heap for each entry they meet, dead ones included.
 */
export async function vacuumRollups(db: Db): Promise<void> {
  for (const table of ROLLUP_TABLES) await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}

/** Asks the jobs runtime to rebuild one community's rollups, or all of them. */
export async function requestInsightsRebuild(db: Db, options: { communityId?: string } = {}): Promise<void> {
  await db.execute(sql`
    insert into insights_rebuild_request (id, community_id) values (${randomUUID()}, ${options.communityId ?? null})`);
}

/**
 * Runs the rebuilds asked for (the jobs runtime calls it each pass); returns how many requests it
 * answered. A request for all communities answers every request made before it.
 */
export async function runRequestedRebuilds(db: Db): Promise<number> {
  const requests = rowsOf<{ id: string; community_id: string | null }>(
    await db.execute(
      sql`select id, community_id from insights_rebuild_request order by requested_at limit 50`,
    ),
  );
  if (requests.length === 0) return 0;
  const everything = requests.some((r) => r.community_id === null);
  if (everything) {
    await rebuildInsights(db);
    await vacuumRollups(db);
  } else
    for (const communityId of new Set(requests.map((r) => r.community_id as string)))
      await rebuildInsights(db, { communityId });
  await db.execute(sql`delete from insights_rebuild_request where id in ${requests.map((r) => r.id)}`);
  return requests.length;
}

const ORIGIN = sql`coalesce(nullif(payload->>'origin', ''), 'unknown')`;

/**
 * Fills the rollups of one community (or all) from the log's entries up to `upTo`. The relevant
 * entries are read once into a temporary table with their community day; each rollup is then one
 * INSERT … SELECT from it. Entries of communities that no longer exist are left out, as the
 * subscriber leaves them out.
 */
async function recompute(tx: Db, communityId: string | null, upTo: LogPosition): Promise<number> {
  const scope: SQL = communityId ? sql`and d.community_id = ${communityId}` : sql``;
  await tx.execute(sql`drop table if exists insights_rebuild_entry`);
  await tx.execute(sql`
    create temporary table insights_rebuild_entry on commit drop as
    select d.tx_id, d.position, d.type, d.community_id, d.actor_id, d.subject_id, d.payload,
      (d.occurred_at at time zone c.time_zone)::date as day
    from domain_event d join community c on c.id = d.community_id
    where (d.type in ('member.joined', 'member.left', 'member.removed', 'member.banned',
        'registration.created', 'registration.status_changed', 'registration.checked_in',
        'payment.succeeded', 'payment.refunded')
        or (d.type = 'member.request_reopened' and d.payload->>'from' = 'active'))
      and (d.tx_id, d.position) <= (${upTo.txId}, ${upTo.position}) ${scope}`);
  const [count] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`select count(*) as n from insights_rebuild_entry`),
  );
  const entries = Number(count?.n ?? 0);
  if (entries === 0) {
    await tx.execute(sql`drop table insights_rebuild_entry`);
    return 0;
  }

  // Joins and leaves alternate: after a join the person is a member, after a leave they are not,
  // whatever came before. So a join counts when the entry before it (for that person) was no join,
  // and a leave counts when the entry before it was one.
  await tx.execute(sql`
    create temporary table insights_rebuild_member on commit drop as
    select community_id, user_id, day, tx_id, position, is_join,
      case when is_join then origin else 'unknown' end as origin,
      is_join <> coalesce(previous_join, false) as counts
    from (
      select community_id, payload->>'userId' as user_id, day, tx_id, position,
        type = 'member.joined' as is_join, ${ORIGIN} as origin,
        lag(type = 'member.joined') over (
          partition by community_id, payload->>'userId' order by tx_id, position) as previous_join
      from insights_rebuild_entry
      where type in ('member.joined', 'member.left', 'member.removed', 'member.banned',
        'member.request_reopened')
    ) m`);
  await tx.execute(sql`
    insert into insights_member_day (community_id, day, origin, joined, "left")
    select community_id, day, origin, count(*) filter (where is_join), count(*) filter (where not is_join)
    from insights_rebuild_member where counts
    group by community_id, day, origin`);
  await tx.execute(sql`
    insert into insights_member (community_id, user_id, first_joined_on, joined_on)
    select community_id, user_id,
      (array_agg(day order by tx_id, position) filter (where is_join))[1],
      case when (array_agg(is_join order by tx_id desc, position desc))[1]
        then (array_agg(day order by tx_id desc, position desc) filter (where is_join and counts))[1] end
    from insights_rebuild_member
    group by community_id, user_id
    having bool_or(is_join)`);
  await tx.execute(sql`drop table insights_rebuild_member`);
  const members = communityId ? sql`where community_id = ${communityId}` : sql``;
  await tx.execute(sql`
    insert into insights_cohort_size (community_id, cohort, members)
    select community_id, date_trunc('month', first_joined_on)::date, count(*)
    from insights_member ${members}
    group by 1, 2`);

  // A registration counts when it is made, or, made while paying (held), when that checkout
  // leaves held for going, the waitlist or approval, with the origin that checkout was made with.
  // Each held creation is paired with the registration's next entry among held creations and
  // changes out of held: a change to a counted status counts it, any other change (an expired
  // hold) or a later checkout of the same registration ends it, and none leaves it held.
  await tx.execute(sql`
    create temporary table insights_rebuild_held on commit drop as
    select community_id, registration_id, origin,
      case when next_type = 'registration.status_changed' and next_to in ('going', 'waitlisted', 'pending')
        then next_day end as counted_on,
      next_type is null as still_held
    from (
      select community_id, type, payload->>'registrationId' as registration_id,
        ${ORIGIN} as origin,
        lead(type) over w as next_type, lead(payload->>'to') over w as next_to, lead(day) over w as next_day
      from insights_rebuild_entry
      where (type = 'registration.created' and payload->>'status' = 'held')
        or (type = 'registration.status_changed' and payload->>'from' = 'held')
      window w as (partition by payload->>'registrationId' order by tx_id, position)
    ) x
    where type = 'registration.created'`);
  await tx.execute(sql`
    insert into insights_registration_day (community_id, day, origin, registrations)
    select community_id, day, origin, count(*) from (
      select community_id, day, ${ORIGIN} as origin from insights_rebuild_entry
      where type = 'registration.created' and payload->>'status' <> 'held'
      union all
      select community_id, counted_on, origin from insights_rebuild_held where counted_on is not null
    ) r
    group by community_id, day, origin`);
  await tx.execute(sql`
    insert into insights_held_origin (registration_id, community_id, origin)
    select registration_id, community_id, origin from insights_rebuild_held where still_held
    on conflict do nothing`);
  await tx.execute(sql`drop table insights_rebuild_held`);

  // Active: registered (not while paying), changed their own registration (not canceling), or
  // checked in.
  await tx.execute(sql`
    insert into insights_active_day (community_id, user_id, day, previous_day)
    select community_id, subject_id, day, lag(day) over (partition by community_id, subject_id order by day)
    from (
      select distinct community_id, subject_id, day from insights_rebuild_entry
      where subject_id is not null and (
        (type = 'registration.created' and payload->>'status' <> 'held')
        or (type = 'registration.status_changed' and actor_id = subject_id and payload->>'to' <> 'canceled')
        or (type = 'registration.checked_in' and (payload->>'checkedIn')::boolean))
    ) a`);
  const active = communityId ? sql`where community_id = ${communityId}` : sql``;
  await tx.execute(sql`
    insert into insights_active_gap (community_id, day, previous_day, people)
    select community_id, day, coalesce(previous_day, '-infinity'::date), count(*)
    from insights_active_day ${active}
    group by 1, 2, 3`);
  await tx.execute(sql`
    insert into insights_active_count (community_id, unit, bucket, people)
    select community_id, 'day', day, count(*) from insights_active_day ${active} group by 1, 3
    union all
    select community_id, 'week', date_trunc('week', day)::date, count(distinct user_id)
    from insights_active_day ${active} group by 1, 3
    union all
    select community_id, 'month', date_trunc('month', day)::date, count(distinct user_id)
    from insights_active_day ${active} group by 1, 3`);

  // A check-in stands unless the last word on it was its undo; it sits in the month of that last check-in.
  await tx.execute(sql`
    insert into insights_attendance (community_id, user_id, event_id, month)
    select community_id, subject_id, event_id, date_trunc('month', day)::date
    from (
      select distinct on (community_id, subject_id, payload->>'eventId')
        community_id, subject_id, payload->>'eventId' as event_id, day, (payload->>'checkedIn')::boolean as checked_in
      from insights_rebuild_entry
      where type = 'registration.checked_in' and subject_id is not null
      order by community_id, subject_id, payload->>'eventId', tx_id desc, position desc
    ) last
    where checked_in`);
  const scoped = communityId ? sql`and a.community_id = ${communityId}` : sql``;
  await tx.execute(sql`
    insert into insights_cohort (community_id, cohort, month, members)
    select a.community_id, date_trunc('month', m.first_joined_on)::date, a.month, count(distinct a.user_id)
    from insights_attendance a
    join insights_member m on m.community_id = a.community_id and m.user_id = a.user_id
    where a.month >= date_trunc('month', m.first_joined_on)::date ${scoped}
    group by 1, 2, 3`);

  await tx.execute(sql`
    insert into insights_revenue_day
      (community_id, day, currency, purpose, gross_minor, fee_minor, payments, refunded_minor, refunds)
    select community_id, day, payload->>'currency', payload->>'purpose',
      coalesce(sum((payload->>'amountMinor')::bigint) filter (where type = 'payment.succeeded'), 0),
      coalesce(sum((payload->>'feeMinor')::bigint) filter (where type = 'payment.succeeded'), 0),
      count(*) filter (where type = 'payment.succeeded'),
      coalesce(sum((payload->>'refundMinor')::bigint) filter (where type = 'payment.refunded'), 0),
      count(*) filter (where type = 'payment.refunded')
    from insights_rebuild_entry
    where type in ('payment.succeeded', 'payment.refunded')
    group by 1, 2, 3, 4`);
  await tx.execute(sql`drop table insights_rebuild_entry`);
  return entries;
}
