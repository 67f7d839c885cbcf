// The insights page's figures computed the naive way, straight from the raw tables (memberships,
// registrations, events, payments, refunds and, for leaves, the log): what the page would cost
// without its rollups. bench/insights-measure.ts times them beside the rollup reads.

/** A period as the naive SQL needs it: local days, the community's time zone and the bucket unit. */
export type NaivePeriod = { from: string; to: string; timeZone: string; unit: "day" | "week" | "month" };

/** The statements behind each part of the page, for one community and period. */
export function naiveStatements(communityId: string, p: NaivePeriod) {
  const c = `'${communityId}'`;
  const tz = `'${p.timeZone}'`;
  const start = `('${p.from}'::date::timestamp at time zone ${tz})`;
  const end = `(('${p.to}'::date + 1)::timestamp at time zone ${tz})`;
  const within = (ts: string) => `${ts} >= ${start} and ${ts} < ${end}`;
  const bucket = (ts: string) => `date_trunc('${p.unit}', ${ts} at time zone ${tz})::date`;
  const month = (ts: string) => `date_trunc('month', ${ts} at time zone ${tz})::date`;
  const eventsOf = `registration r join event e on e.id = r.event_id and e.community_id = ${c}`;
  const held = `e.community_id = ${c} and e.status = 'published' and ${within("e.ends_at")} and e.ends_at < now()`;

  const rollups = {
    "figures: members, joined, left": [
      `select count(*) filter (where joined_at < ${end}) as members,
         count(*) filter (where ${within("joined_at")}) as joined
       from membership where community_id = ${c} and status = 'active'`,
      `select count(*) from domain_event where community_id = ${c} and type = 'member.left' and ${within("occurred_at")}`,
    ],
    "figures: active people": [
      `select count(distinct r.user_id) from ${eventsOf}
       where ${within("r.created_at")} or ${within("r.checked_in_at")}`,
    ],
    "figures: registrations": [`select count(*) from ${eventsOf} where ${within("r.created_at")}`],
    "figures: revenue": [
      `select currency, sum(amount_minor) from payment
       where community_id = ${c} and succeeded_at is not null and ${within("succeeded_at")} group by currency`,
      `select currency, sum(amount_minor) from payment_refund where community_id = ${c} and ${within("created_at")} group by currency`,
    ],
    "member growth": [
      `with joined as (select ${bucket("joined_at")} as bucket, count(*) as n from membership
         where community_id = ${c} and status = 'active' and ${within("joined_at")} group by 1),
       left_ as (select ${bucket("occurred_at")} as bucket, count(*) as n from domain_event
         where community_id = ${c} and type = 'member.left' and ${within("occurred_at")} group by 1),
       before as (select count(*) as n from membership where community_id = ${c} and status = 'active' and joined_at < ${start})
       select bucket, coalesce(j.n, 0) as joined, coalesce(l.n, 0) as left,
         (select n from before) + sum(coalesce(j.n, 0)) over (order by bucket) as total
       from joined j full join left_ l using (bucket) order by bucket`,
    ],
    "active people per bucket": [
      `select bucket, count(distinct user_id) from (
         select ${bucket("r.created_at")} as bucket, r.user_id from ${eventsOf} where ${within("r.created_at")}
         union all
         select ${bucket("r.checked_in_at")}, r.user_id from ${eventsOf} where ${within("r.checked_in_at")}
       ) as a group by bucket order by bucket`,
    ],
    sources: [
      `select coalesce(r.origin, 'unknown'), count(*) from ${eventsOf} where ${within("r.created_at")} group by 1`,
      `select source, count(*) from membership where community_id = ${c} and ${within("joined_at")} group by 1`,
    ],
    "revenue per bucket": [
      `select ${bucket("succeeded_at")}, currency, purpose, sum(amount_minor) from payment
       where community_id = ${c} and succeeded_at is not null and ${within("succeeded_at")} group by 1, 2, 3`,
      `select ${bucket("f.created_at")}, f.currency, sum(f.amount_minor) from payment_refund f
       where f.community_id = ${c} and ${within("f.created_at")} group by 1, 2`,
    ],
    // Cohorts of the last 24 months of the period: each member's join month against the months
    // they checked in, counted distinct.
    "cohort retention (24 months)": [
      `with m as (select user_id, ${month("joined_at")} as cohort from membership
         where community_id = ${c} and status = 'active' and joined_at < ${end}
           and joined_at >= greatest(${start}, (date_trunc('month', '${p.to}'::date) - interval '23 months')::timestamp at time zone ${tz})),
       a as (select distinct r.user_id, ${month("r.checked_in_at")} as month from ${eventsOf}
         where r.checked_in_at is not null and r.checked_in_at < ${end})
       select m.cohort, a.month, count(*) from m join a using (user_id) where a.month >= m.cohort group by 1, 2`,
      `select ${month("joined_at")}, count(*) from membership
       where community_id = ${c} and status = 'active' and ${within("joined_at")} group by 1`,
    ],
  };

  const events = {
    "events held per bucket": [
      `select ${bucket("e.starts_at")}, count(distinct e.id), count(r.id) filter (where r.status = 'going'),
         count(r.checked_in_at) from event e left join registration r on r.event_id = e.id
       where ${held} group by 1 order by 1`,
    ],
    "top events": [
      `with top as (select e.id, e.title, e.starts_at,
           count(r.id) filter (where r.status in ('going', 'waitlisted', 'pending')) as registrations,
           count(r.id) filter (where r.status = 'going') as going, count(r.checked_in_at) as checked_in
         from event e join registration r on r.event_id = e.id where ${held}
         group by e.id order by registrations desc, e.starts_at desc limit 10)
       select top.id, p.currency, sum(p.amount_minor) - coalesce(sum(f.refunded), 0)
       from top left join payment p on p.event_id = top.id and p.succeeded_at is not null
         left join lateral (select sum(amount_minor) as refunded from payment_refund where payment_id = p.id) f on true
       group by 1, 2`,
    ],
  };
  return { rollups, events };
}
