import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Batch } from "#server/modules/log/log.batch.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { deleteRollups, rebuildCommunityUpTo } from "./insights-rebuild.service.ts";

export const INSIGHTS_SUBSCRIBER = "insights";

// Keeps the insights rollups (insights.tables.ts, docs/decisions/029-insights.md) from the log, a
// dispatcher batch at a time: the days of its entries are read in one statement and registrations
// made are summed into one statement, the rest entry by entry, in log order. Every rule here has its set-based twin in insights-rebuild.service.ts, and the
// two must give the same rows: the rebuild test compares them after a random concurrent mix.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What the entry says of where it came from; absent or empty is `unknown`. */
const originOf = (origin: string | undefined) => (origin ? origin : "unknown");

const LEAVES = new Set(["member.left", "member.removed", "member.banned", "member.request_reopened"]);
const COUNTED = new Set(["going", "waitlisted", "pending"]);
const RELEVANT = new Set([
  "member.joined",
  ...LEAVES,
  "registration.created",
  "registration.status_changed",
  "registration.checked_in",
  "payment.succeeded",
  "payment.refunded",
]);

/** Known active days kept in memory at most; past it the set starts again empty. */
const KNOWN_ACTIVE_DAYS = 100_000;

export function insightsSubscriber() {
  // (community, its time zone, person, day) rows known to be in `insights_active_day`: the person
  // was already counted active that day, so a later activity that day changes nothing and needs no
  // statement. A row, once there, is removed only by a rebuild, which gives the same rows again
  // from the log; a changed time zone places days anew, hence the zone in the key. Learned rows
  // join the set only once their batch has committed.
  let knownActive = new Set<string>();
  return {
    name: INSIGHTS_SUBSCRIBER,
    async handleBatch(tx: Db, entries: readonly LogEntry[], batch: Batch): Promise<void> {
      const days = await daysOf(tx, entries);
      const learned = new Set<string>();
      const counts = new Map<
        string,
        { communityId: string; day: string; origin: string; registrations: number }
      >();
      const state: BatchState = {
        countRegistration({ communityId, day }, origin) {
          const key = `${communityId}\u0000${day}\u0000${origin}`;
          const known = counts.get(key);
          if (known) known.registrations++;
          else counts.set(key, { communityId, day, origin, registrations: 1 });
        },
        async markActive(at, userId) {
          const key = `${at.communityId}\u0000${at.timeZone}\u0000${userId}\u0000${at.day}`;
          if (knownActive.has(key) || learned.has(key)) return;
          await markActive(tx, at, userId);
          learned.add(key);
        },
      };
      // Registrations counted so far are written before anything that reads or replaces the rollups.
      const flush = async () => {
        if (counts.size === 0) return;
        await addRegistrations(tx, [...counts.values()]);
        counts.clear();
      };
      for (const entry of entries) {
        if (entry.type === "community.deleted" || entry.type === "community.updated") await flush();
        await handleEntry(tx, entry, days.get(entry.position) ?? null, state);
      }
      await flush();
      batch.afterCommit(() => {
        if (knownActive.size + learned.size > KNOWN_ACTIVE_DAYS) knownActive = new Set();
        for (const key of learned) knownActive.add(key);
      });
    },
  };
}

type BatchState = {
  countRegistration(at: At, origin: string): void;
  markActive(at: At, userId: string): Promise<void>;
};

async function handleEntry(tx: Db, entry: LogEntry, at: At | null, batch: BatchState): Promise<void> {
  const { communityId } = entry;
  if (entry.type === "community.deleted") return deleteRollups(tx, communityId);
  if (entry.type === "community.updated") {
    // Every day was placed in the old time zone: place them all again, up to this entry (the
    // ones after it are still to come through here, in the new zone).
    if ("timeZone" in entry.payload.after)
      await rebuildCommunityUpTo(tx, communityId, { txId: entry.txId, position: entry.position });
    return;
  }
  if (!RELEVANT.has(entry.type)) return;
  // A community deleted since: its rollups go with its `community.deleted` entry.
  if (!at) return;
  const { day } = at;
  switch (entry.type) {
    case "member.joined":
      return memberJoined(tx, at, entry.payload.userId, originOf(entry.payload.origin));
    case "member.left":
    case "member.removed":
    case "member.banned":
      return memberLeft(tx, at, entry.payload.userId);
    // An approval taken back ends the membership it began; a decline taken back began none.
    case "member.request_reopened":
      if (entry.payload.from === "active") await memberLeft(tx, at, entry.payload.userId);
      return;
    case "registration.created":
      if (entry.payload.status === "held") {
        // A checkout tried again (the same registration, revived) counts with its own origin.
        await tx.execute(sql`
          insert into insights_held_origin (registration_id, community_id, origin)
          values (${entry.payload.registrationId}, ${communityId}, ${originOf(entry.payload.origin)})
          on conflict (registration_id) do update set origin = excluded.origin`);
        return;
      }
      batch.countRegistration(at, originOf(entry.payload.origin));
      if (entry.subjectId) await batch.markActive(at, entry.subjectId);
      return;
    case "registration.status_changed": {
      const { from, to, registrationId } = entry.payload;
      if (from === "held") {
        // A registration made while paying counts once it is paid (or waits); leaving held any
        // other way (the hold expired) ends that checkout, which then counts for nothing.
        const [held] = rowsOf<{ origin: string }>(
          await tx.execute(sql`
            delete from insights_held_origin where registration_id = ${registrationId} returning origin`),
        );
        if (held && COUNTED.has(to)) batch.countRegistration(at, held.origin);
      }
      // Only the person's own doing counts as activity, not an organizer's approval.
      if (entry.subjectId && entry.actorId === entry.subjectId && to !== "canceled")
        await batch.markActive(at, entry.subjectId);
      return;
    }
    case "registration.checked_in":
      if (!entry.subjectId) return;
      if (entry.payload.checkedIn) {
        await batch.markActive(at, entry.subjectId);
        await checkIn(tx, at, entry.subjectId, entry.payload.eventId);
      } else await undoCheckIn(tx, communityId, entry.subjectId, entry.payload.eventId);
      return;
    case "payment.succeeded":
      await tx.execute(sql`
        insert into insights_revenue_day
          (community_id, day, currency, purpose, gross_minor, fee_minor, payments)
        values (${communityId}, ${day}, ${entry.payload.currency}, ${entry.payload.purpose},
          ${entry.payload.amountMinor}, ${entry.payload.feeMinor}, 1)
        on conflict (community_id, day, currency, purpose) do update set
          gross_minor = insights_revenue_day.gross_minor + excluded.gross_minor,
          fee_minor = insights_revenue_day.fee_minor + excluded.fee_minor,
          payments = insights_revenue_day.payments + 1`);
      return;
    case "payment.refunded":
      await tx.execute(sql`
        insert into insights_revenue_day (community_id, day, currency, purpose, refunded_minor, refunds)
        values (${communityId}, ${day}, ${entry.payload.currency}, ${entry.payload.purpose},
          ${entry.payload.refundMinor}, 1)
        on conflict (community_id, day, currency, purpose) do update set
          refunded_minor = insights_revenue_day.refunded_minor + excluded.refunded_minor,
          refunds = insights_revenue_day.refunds + 1`);
      return;
    default:
      return;
  }
}

/** Where an entry counts: its community, the community's time zone now, and the entry's day in it. */
type At = { communityId: string; timeZone: string; day: string };

/**
 * The relevant entries' days in their communities' current time zones, by the database's zone rules
 * (as the rebuild), in one statement for the batch; an entry of a community deleted since has none.
 * The zone read here is the one the entries would each have read: a change of zone commits before
 * its own entry can be read from the log, and is the same for the whole batch unless another one
 * commits meanwhile, whose entry then rebuilds the community's days when it comes.
 */
async function daysOf(tx: Db, entries: readonly LogEntry[]): Promise<Map<number, At>> {
  const wanted = entries
    .filter((e) => RELEVANT.has(e.type))
    .map((e) => ({ p: e.position, c: e.communityId, at: new Date(e.occurredAt).toISOString() }));
  const days = new Map<number, At>();
  if (wanted.length === 0) return days;
  const rows = rowsOf<{ p: string | number; community_id: string; time_zone: string; day: string }>(
    await tx.execute(sql`
      select e.p, c.id as community_id, c.time_zone, ((e.at at time zone c.time_zone)::date)::text as day
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as e(p bigint, c text, at timestamptz)
      join community c on c.id = e.c`),
  );
  for (const row of rows)
    days.set(Number(row.p), { communityId: row.community_id, timeZone: row.time_zone, day: row.day });
  return days;
}

async function memberJoined(tx: Db, { communityId, day }: At, userId: string, origin: string) {
  const [row] = rowsOf<{ joined_on: string | null }>(
    await tx.execute(sql`
      select joined_on::text from insights_member
      where community_id = ${communityId} and user_id = ${userId}`),
  );
  // A join while already a member (a repeated entry) changes nothing: joins and leaves alternate.
  if (row && row.joined_on !== null) return;
  if (row) {
    await tx.execute(sql`
      update insights_member set joined_on = ${day}
      where community_id = ${communityId} and user_id = ${userId}`);
  } else {
    await tx.execute(sql`
      insert into insights_member (community_id, user_id, first_joined_on, joined_on)
      values (${communityId}, ${userId}, ${day}, ${day})`);
    await tx.execute(sql`
      insert into insights_cohort_size (community_id, cohort, members)
      values (${communityId}, date_trunc('month', ${day}::date)::date, 1)
      on conflict (community_id, cohort) do update set members = insights_cohort_size.members + 1`);
    // Check-ins from before the first join count for the cohort from its own month on.
    await tx.execute(sql`
      insert into insights_cohort (community_id, cohort, month, members)
      select ${communityId}, date_trunc('month', ${day}::date)::date, a.month, 1
      from (select distinct month from insights_attendance
            where community_id = ${communityId} and user_id = ${userId}) a
      where a.month >= date_trunc('month', ${day}::date)::date
      on conflict (community_id, cohort, month) do update set members = insights_cohort.members + 1`);
  }
  await tx.execute(sql`
    insert into insights_member_day (community_id, day, origin, joined)
    values (${communityId}, ${day}, ${origin}, 1)
    on conflict (community_id, day, origin) do update set joined = insights_member_day.joined + 1`);
}

async function memberLeft(tx: Db, { communityId, day }: At, userId: string) {
  const left = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      update insights_member set joined_on = null
      where community_id = ${communityId} and user_id = ${userId} and joined_on is not null
      returning user_id`),
  );
  // Someone who was not a member as the log tells it (joined before the log began) leaves uncounted.
  if (left.length === 0) return;
  await tx.execute(sql`
    insert into insights_member_day (community_id, day, origin, "left")
    values (${communityId}, ${day}, 'unknown', 1)
    on conflict (community_id, day, origin) do update set "left" = insights_member_day."left" + 1`);
}

/** Registrations made, summed per community, day and origin, added in one statement. */
async function addRegistrations(
  tx: Db,
  counts: { communityId: string; day: string; origin: string; registrations: number }[],
) {
  const rows = JSON.stringify(
    counts.map((r) => ({ c: r.communityId, d: r.day, o: r.origin, n: r.registrations })),
  );
  await tx.execute(sql`
    insert into insights_registration_day (community_id, day, origin, registrations)
    select r.c, r.d, r.o, r.n from jsonb_to_recordset(${rows}::jsonb) as r(c text, d date, o text, n int)
    on conflict (community_id, day, origin) do update
      set registrations = insights_registration_day.registrations + excluded.registrations`);
}

/** The person was active that day: counted once per day, week and month however often. */
async function markActive(tx: Db, { communityId, day }: At, userId: string) {
  const [added] = rowsOf<{ previous_day: string }>(
    await tx.execute(sql`
      insert into insights_active_day (community_id, user_id, day, previous_day)
      values (${communityId}, ${userId}, ${day}, (
        select max(day) from insights_active_day
        where community_id = ${communityId} and user_id = ${userId} and day < ${day}::date))
      on conflict do nothing returning coalesce(previous_day, '-infinity'::date)::text as previous_day`),
  );
  if (!added) return;
  // Entries do not arrive in the order of their days: a day may fall before ones already kept,
  // whose previous day then becomes this one.
  const [next] = rowsOf<{ day: string; previous_day: string }>(
    await tx.execute(sql`
      update insights_active_day n set previous_day = ${day}
      from (
        select day, previous_day from insights_active_day
        where community_id = ${communityId} and user_id = ${userId} and day > ${day}::date
        order by day limit 1
      ) old
      where n.community_id = ${communityId} and n.user_id = ${userId} and n.day = old.day
      returning n.day::text as day, coalesce(old.previous_day, '-infinity'::date)::text as previous_day`),
  );
  // The gap rollup follows: this day arrives after the previous one, and the next day, if any,
  // now follows this one instead of the previous one.
  await addGap(tx, communityId, sql`${day}::date`, sql`${added.previous_day}::date`, 1);
  if (next) {
    await addGap(tx, communityId, sql`${next.day}::date`, sql`${next.previous_day}::date`, -1);
    await addGap(tx, communityId, sql`${next.day}::date`, sql`${day}::date`, 1);
  }
  await tx.execute(sql`
    insert into insights_active_count (community_id, unit, bucket, people)
    select ${communityId}, u.unit, u.bucket, 1
    from (values
      ('day', ${day}::date, ${day}::date + 1),
      ('week', date_trunc('week', ${day}::date)::date, (date_trunc('week', ${day}::date) + interval '1 week')::date),
      ('month', date_trunc('month', ${day}::date)::date, (date_trunc('month', ${day}::date) + interval '1 month')::date)
    ) as u(unit, bucket, next)
    where not exists (
      select 1 from insights_active_day a
      where a.community_id = ${communityId} and a.user_id = ${userId}
        and a.day >= u.bucket and a.day < u.next and a.day <> ${day}::date)
    on conflict (community_id, unit, bucket) do update set people = insights_active_count.people + 1`);
}

/** Moves the count of people active on `day` after `previousDay`; a count reaching zero is deleted. */
async function addGap(tx: Db, communityId: string, day: SQL, previousDay: SQL, by: 1 | -1) {
  if (by === 1) {
    await tx.execute(sql`
      insert into insights_active_gap (community_id, day, previous_day, people)
      values (${communityId}, ${day}, ${previousDay}, 1)
      on conflict (community_id, day, previous_day) do update set people = insights_active_gap.people + 1`);
    return;
  }
  const [left] = rowsOf<{ people: number }>(
    await tx.execute(sql`
      update insights_active_gap set people = people - 1
      where community_id = ${communityId} and day = ${day} and previous_day = ${previousDay}
      returning people`),
  );
  if (left && Number(left.people) === 0)
    await tx.execute(sql`
      delete from insights_active_gap
      where community_id = ${communityId} and day = ${day} and previous_day = ${previousDay}`);
}

async function checkIn(tx: Db, { communityId, day }: At, userId: string, eventId: string) {
  const [before] = rowsOf<{ month: string }>(
    await tx.execute(sql`
      select month::text from insights_attendance
      where community_id = ${communityId} and user_id = ${userId} and event_id = ${eventId}`),
  );
  const [after] = rowsOf<{ month: string }>(
    await tx.execute(sql`
      insert into insights_attendance (community_id, user_id, event_id, month)
      values (${communityId}, ${userId}, ${eventId}, date_trunc('month', ${day}::date)::date)
      on conflict (community_id, user_id, event_id) do update set month = excluded.month
      returning month::text`),
  );
  if (!after || before?.month === after.month) return;
  if (before) await cohortMonthMaybeLost(tx, communityId, userId, before.month);
  await cohortMonthMaybeGained(tx, communityId, userId, eventId, after.month);
}

async function undoCheckIn(tx: Db, communityId: string, userId: string, eventId: string) {
  const [removed] = rowsOf<{ month: string }>(
    await tx.execute(sql`
      delete from insights_attendance
      where community_id = ${communityId} and user_id = ${userId} and event_id = ${eventId}
      returning month::text`),
  );
  if (removed) await cohortMonthMaybeLost(tx, communityId, userId, removed.month);
}

/** The person now attended in `month` through `eventId`: +1 for their cohort unless they already had. */
async function cohortMonthMaybeGained(
  tx: Db,
  communityId: string,
  userId: string,
  eventId: string,
  month: string,
) {
  await tx.execute(sql`
    insert into insights_cohort (community_id, cohort, month, members)
    select ${communityId}, date_trunc('month', m.first_joined_on)::date, ${month}::date, 1
    from insights_member m
    where m.community_id = ${communityId} and m.user_id = ${userId}
      and ${month}::date >= date_trunc('month', m.first_joined_on)::date
      and not exists (
        select 1 from insights_attendance a
        where a.community_id = ${communityId} and a.user_id = ${userId}
          and a.month = ${month}::date and a.event_id <> ${eventId})
    on conflict (community_id, cohort, month) do update set members = insights_cohort.members + 1`);
}

/** The person lost a check-in in `month`: -1 for their cohort if none is left in that month. */
async function cohortMonthMaybeLost(tx: Db, communityId: string, userId: string, month: string) {
  const lowered = rowsOf<{ members: number }>(
    await tx.execute(sql`
      update insights_cohort c set members = c.members - 1
      from insights_member m
      where m.community_id = ${communityId} and m.user_id = ${userId}
        and c.community_id = ${communityId} and c.cohort = date_trunc('month', m.first_joined_on)::date
        and c.month = ${month}::date
        and not exists (
          select 1 from insights_attendance a
          where a.community_id = ${communityId} and a.user_id = ${userId} and a.month = ${month}::date)
      returning c.members`),
  );
  // A rebuild has no row for a count of nobody; neither does this.
  if (lowered[0]?.members === 0)
    await tx.execute(sql`
      delete from insights_cohort where community_id = ${communityId} and month = ${month}::date and members = 0`);
}
