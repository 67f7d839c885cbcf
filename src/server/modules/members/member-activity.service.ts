import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

// The per-member counters of the member table, kept from the domain-event log. Each entry sets
// facts on one (person, event) row of `member_activity`; the counters on `membership` are then
// recounted from those rows, so an entry handled again sets the same facts and the same counts.

/** Registration statuses that hold a place at an event (a live registration). */
const LIVE = ["going", "waitlisted", "pending"];

export async function recordRegistrationStatus(
  tx: Db,
  at: { communityId: string; userId: string; eventId: string },
  status: string,
): Promise<void> {
  await tx.execute(sql`
    insert into member_activity (community_id, user_id, event_id, registration_status)
    values (${at.communityId}, ${at.userId}, ${at.eventId}, ${status})
    on conflict (community_id, user_id, event_id) do update set registration_status = excluded.registration_status`);
  await recount(tx, at.communityId, at.userId);
}

export async function recordCheckIn(
  tx: Db,
  at: { communityId: string; userId: string; eventId: string },
  checkedIn: boolean,
): Promise<void> {
  // A check-in without a known registration (one made before the log began) still counts.
  await tx.execute(sql`
    insert into member_activity (community_id, user_id, event_id, registration_status, checked_in)
    values (${at.communityId}, ${at.userId}, ${at.eventId}, 'going', ${checkedIn})
    on conflict (community_id, user_id, event_id) do update set checked_in = excluded.checked_in`);
  await recount(tx, at.communityId, at.userId);
}

/**
 * The person did something in the community at `at`: joined, registered, was checked in. A row
 * already as recent is left alone: rewriting it would still add a row version and its index entries.
 */
export async function touchLastActive(tx: Db, communityId: string, userId: string, at: Date): Promise<void> {
  await tx.execute(sql`
    update membership set last_active_at = ${at.toISOString()}::timestamptz
    where community_id = ${communityId} and user_id = ${userId}
      and last_active_at < ${at.toISOString()}::timestamptz`);
}

/** Events someone is still going to, not yet settled: the ones the attendance pass asks about. */
export async function unsettledEvents(db: Db, limit = 500): Promise<string[]> {
  const rows = (
    (await db.execute(sql`
      select distinct event_id from member_activity
      where registration_status = 'going' and not went limit ${limit}`)) as unknown as {
      rows: { event_id: string }[];
    }
  ).rows;
  return rows.map((row) => row.event_id);
}

/**
 * The events that ended are settled: whoever was going went. Run by the jobs runtime with the
 * events that ended since its last pass; a second run over the same events changes nothing.
 */
export async function settleEndedEvents(
  tx: Db,
  events: readonly { id: string; endsAt: Date }[],
): Promise<number> {
  if (events.length === 0) return 0;
  const ended = JSON.stringify(events.map((e) => ({ id: e.id, ends_at: e.endsAt.toISOString() })));
  const rows = (
    (await tx.execute(sql`
      update member_activity a set went = true, ended_at = e.ends_at
      from jsonb_to_recordset(${ended}::jsonb) as e(id text, ends_at timestamptz)
      where a.event_id = e.id and a.registration_status = 'going' and not a.went
      returning a.community_id, a.user_id`)) as unknown as {
      rows: { community_id: string; user_id: string }[];
    }
  ).rows;
  const people = new Map(rows.map((r) => [`${r.community_id}\u0000${r.user_id}`, r]));
  for (const person of people.values()) await recount(tx, person.community_id, person.user_id);
  return people.size;
}

/** The counters of one membership, recounted from its activity rows. */
export async function recount(tx: Db, communityId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    update membership m set
      events_registered = a.registered, events_attended = a.attended, check_ins = a.check_ins
    from (
      select count(*) filter (where registration_status in ${LIVE})::int as registered,
             count(*) filter (where checked_in or went)::int as attended,
             count(*) filter (where checked_in)::int as check_ins
      from member_activity where community_id = ${communityId} and user_id = ${userId}
    ) a
    where m.community_id = ${communityId} and m.user_id = ${userId}
      and (m.events_registered, m.events_attended, m.check_ins) is distinct from (a.registered, a.attended, a.check_ins)`);
}
