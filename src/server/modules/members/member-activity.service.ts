import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

// The per-member counters of the member table, kept from the domain-event log. Each entry sets
// facts on one (person, event) row of `member_activity`; the counters on `membership` are then
// recounted from those rows, so an entry handled again sets the same facts and the same counts.

/** Registration statuses that hold a place at an event (a live registration). */
const LIVE = ["going", "waitlisted", "pending"];

/** A (person, event) row's latest registration status, or its latest check-in word. */
export type ActivityStatus = { communityId: string; userId: string; eventId: string; status: string };
export type ActivityCheckIn = { communityId: string; userId: string; eventId: string; checkedIn: boolean };
/** A person whose counters are recounted, and when they were last active (null: not touched). */
export type ActivePerson = { communityId: string; userId: string; activeAt: Date | null };

/**
 * Records a batch of log entries' facts, folded by the caller: each (person, event) at most once per
 * kind, with its latest status and latest check-in word, and each person once, with their latest
 * activity. Statuses are written before check-ins, which gives the row that handling the entries one
 * by one gives whatever their order: a check-in inserts `going` only when no status was ever
 * recorded, and otherwise sets only `checked_in`. The counters are then recounted once, from the
 * rows as they end, and "last active" moves to the latest activity.
 */
export async function recordActivities(
  tx: Db,
  facts: { statuses: ActivityStatus[]; checkIns: ActivityCheckIn[]; people: ActivePerson[] },
): Promise<void> {
  if (facts.statuses.length > 0) {
    const rows = JSON.stringify(
      facts.statuses.map((r) => ({ c: r.communityId, u: r.userId, e: r.eventId, s: r.status })),
    );
    await tx.execute(sql`
      insert into member_activity (community_id, user_id, event_id, registration_status)
      select r.c, r.u, r.e, r.s from jsonb_to_recordset(${rows}::jsonb) as r(c text, u text, e text, s text)
      on conflict (community_id, user_id, event_id) do update set registration_status = excluded.registration_status`);
  }
  if (facts.checkIns.length > 0) {
    const rows = JSON.stringify(
      facts.checkIns.map((r) => ({ c: r.communityId, u: r.userId, e: r.eventId, k: r.checkedIn })),
    );
    // A check-in without a known registration (one made before the log began) still counts.
    await tx.execute(sql`
      insert into member_activity (community_id, user_id, event_id, registration_status, checked_in)
      select r.c, r.u, r.e, 'going', r.k from jsonb_to_recordset(${rows}::jsonb) as r(c text, u text, e text, k boolean)
      on conflict (community_id, user_id, event_id) do update set checked_in = excluded.checked_in`);
  }
  if (facts.people.length === 0) return;
  const people = JSON.stringify(
    facts.people.map((p) => ({ c: p.communityId, u: p.userId, at: p.activeAt?.toISOString() ?? null })),
  );
  // "Last active" only moves forward (a null one stays null, as `touchLastActive` leaves it); the
  // row is written only when a counter or that time changes.
  await tx.execute(sql`
    update membership m set
      events_registered = a.registered, events_attended = a.attended, check_ins = a.check_ins,
      last_active_at = case when m.last_active_at < p.at then p.at else m.last_active_at end
    from jsonb_to_recordset(${people}::jsonb) as p(c text, u text, at timestamptz)
    cross join lateral (
      select count(*) filter (where registration_status in ${LIVE})::int as registered,
             count(*) filter (where checked_in or went)::int as attended,
             count(*) filter (where checked_in)::int as check_ins
      from member_activity where community_id = p.c and user_id = p.u
    ) a
    where m.community_id = p.c and m.user_id = p.u
      and ((m.events_registered, m.events_attended, m.check_ins) is distinct from (a.registered, a.attended, a.check_ins)
        or m.last_active_at < p.at)`);
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
