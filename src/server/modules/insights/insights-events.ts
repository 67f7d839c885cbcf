import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { CountChange, EventsHeldPoint, RateChange, ResolvedPeriod, TopEvent } from "./insights.types.ts";
import { bucketOf, bucketsOf, rangeBounds } from "./insights-period.ts";

// Events held, read from the events' own rows (docs/decisions/029-insights.md): an event is held
// in a period when it is published (not canceled) and ended within the period, before now. Going
// and checked in are the event row's counters, kept in the same transaction as every registration
// change, so they need no rollup of their own. An event starts before it ends, so bounding
// `starts_at` too lets the (community, status, starts_at) index end the scan at the period's end.

export const TOP_EVENTS_MAX = 10;

/** Payments that took money; a refunded one still counts, less its refunds. */
const TAKEN_STATUSES = sql`('succeeded', 'partially_refunded', 'refunded')`;

export type EventReads = {
  figures: { eventsHeld: CountChange; attendanceRate: RateChange; noShowRate: RateChange };
  eventsHeld: EventsHeldPoint[];
  topEvents: TopEvent[];
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const rate = (checkedIn: number, going: number): number | null => (going > 0 ? checkedIn / going : null);
const noShow = (attendance: number | null): number | null => (attendance === null ? null : 1 - attendance);

type Totals = { events: number; going: number; checkedIn: number };

/**
 * Events held per bucket with the headline figures and their previous values, in one statement,
 * and the period's top events. An event counts in the bucket of its local start day, or the
 * period's first bucket when it began before the period (a long event ending within it).
 */
export async function readEvents(
  db: Db,
  communityId: string,
  period: ResolvedPeriod,
  now: Date,
  options: { revenue: boolean },
): Promise<EventReads> {
  const current = rangeBounds(period.from, period.to, period.timeZone);
  const previous =
    period.previousFrom && period.previousTo
      ? rangeBounds(period.previousFrom, period.previousTo, period.timeZone)
      : null;
  const earliest = previous?.start ?? current.start;
  const rows = rowsOf<{
    day: string;
    current: boolean;
    events: string | number;
    going: string | number;
    checked_in: string | number;
  }>(
    await db.execute(sql`
      select to_char(greatest((starts_at at time zone ${period.timeZone})::date, ${period.from}::date), 'YYYY-MM-DD') as day,
        ends_at >= ${current.start.toISOString()}::timestamptz as current,
        count(*) as events, sum(going_count) as going, sum(checked_in_count) as checked_in
      from event
      where community_id = ${communityId} and status = 'published'
        and ends_at >= ${earliest.toISOString()}::timestamptz
        and ends_at < ${current.end.toISOString()}::timestamptz
        and ends_at <= ${now.toISOString()}::timestamptz
        and starts_at < ${current.end.toISOString()}::timestamptz
      group by 1, 2`),
  );

  const byBucket = new Map<string, Totals>(
    bucketsOf(period).map((b) => [b, { events: 0, going: 0, checkedIn: 0 }]),
  );
  const total: Totals = { events: 0, going: 0, checkedIn: 0 };
  const before: Totals = { events: 0, going: 0, checkedIn: 0 };
  for (const row of rows) {
    const add = (into: Totals) => {
      into.events += Number(row.events);
      into.going += Number(row.going);
      into.checkedIn += Number(row.checked_in);
    };
    if (!row.current) {
      add(before);
      continue;
    }
    add(total);
    const bucket = byBucket.get(bucketOf(row.day, period.granularity));
    if (bucket) add(bucket);
  }
  const attendance = rate(total.checkedIn, total.going);
  const previousAttendance = previous ? rate(before.checkedIn, before.going) : null;
  return {
    figures: {
      eventsHeld: { value: total.events, previous: previous ? before.events : null },
      attendanceRate: { value: attendance, previous: previousAttendance },
      noShowRate: { value: noShow(attendance), previous: noShow(previousAttendance) },
    },
    eventsHeld: [...byBucket].map(([bucket, t]) => ({
      bucket,
      events: t.events,
      going: t.going,
      checkedIn: t.checkedIn,
      attendanceRate: rate(t.checkedIn, t.going),
    })),
    topEvents: await readTopEvents(db, communityId, current, now, options),
  };
}

/**
 * The events held in the period with the most registrations: going, waitlisted and awaiting
 * approval (a seat held for a buyer who has not paid yet is not one). Revenue, when the viewer may
 * see it, is everything taken for the event less its refunds, whenever it was paid.
 */
async function readTopEvents(
  db: Db,
  communityId: string,
  range: { start: Date; end: Date },
  now: Date,
  options: { revenue: boolean },
): Promise<TopEvent[]> {
  const rows = rowsOf<{
    id: string;
    title: string;
    starts_at: string | Date;
    registrations: string | number;
    going: number;
    checked_in: number;
    revenue: { currency: string; net: string | number }[] | null;
  }>(
    await db.execute(sql`
      with top as (
        select id, title, starts_at, going_count + waitlist_count + pending_count as registrations,
          going_count as going, checked_in_count as checked_in
        from event
        where community_id = ${communityId} and status = 'published'
          and ends_at >= ${range.start.toISOString()}::timestamptz
          and ends_at < ${range.end.toISOString()}::timestamptz
          and ends_at <= ${now.toISOString()}::timestamptz
          and starts_at < ${range.end.toISOString()}::timestamptz
        order by registrations desc, starts_at desc, id
        limit ${TOP_EVENTS_MAX}
      )
      select top.*, ${
        options.revenue
          ? sql`(
            select json_agg(json_build_object('currency', m.currency, 'net', m.net) order by m.currency)
            from (
              select p.currency, sum(p.amount_minor) - coalesce(sum(r.refunded), 0) as net
              from payment p
              left join lateral (
                select sum(amount_minor) as refunded from payment_refund where payment_id = p.id
              ) r on true
              where p.community_id = ${communityId} and p.event_id = top.id and p.status in ${TAKEN_STATUSES}
              group by p.currency
            ) m)`
          : sql`null`
      } as revenue
      from top
      order by registrations desc, starts_at desc, id`),
  );
  return rows.map((r) => ({
    eventId: r.id,
    title: r.title,
    startsAt: new Date(r.starts_at),
    registrations: Number(r.registrations),
    going: Number(r.going),
    checkedIn: Number(r.checked_in),
    attendanceRate: rate(Number(r.checked_in), Number(r.going)),
    revenue: options.revenue
      ? (r.revenue ?? []).map((m) => ({ currency: m.currency, netMinor: Number(m.net) }))
      : null,
  }));
}
