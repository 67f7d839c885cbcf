// The fill for bench/insights-measure.ts: one big community (1,000,000 members, 20,000 events over
// four years, 5,000,000 registrations, 1,000,000 payments at INSIGHTS_SCALE=1) and a few small ones,
// with the domain-event log entries the services would have written for the same history, all with
// generate_series (never row by row) on PostgreSQL or PGlite alike. Every value is a function of the
// row's number, so the tables and the log agree without reading each other back.

/** How much to fill: 1 is the issue's size; the PGlite run takes a twentieth. */
export const SCALE = Number(process.env.INSIGHTS_SCALE ?? 1);
export const COMMUNITY = "bench-insights";
export const TIME_ZONE = "Europe/Berlin";
/** The community's age: four years of history, and events planned six weeks ahead. */
const PAST_DAYS = 1461;
const AHEAD_DAYS = 45;
/** Joins, registrations and payments made before this many days into the history carry no origin, as older log entries do. */
const ORIGIN_RECORDED_AFTER_DAYS = 365;

export type CommunitySpec = {
  id: string;
  timeZone: string;
  members: number;
  /** People who joined and left for good (not members now). */
  left: number;
  events: number;
  perEvent: number;
  payments: number;
};

export const BIG: CommunitySpec = {
  id: COMMUNITY,
  timeZone: TIME_ZONE,
  members: Math.round(1_000_000 * SCALE),
  left: Math.round(50_000 * SCALE),
  events: Math.round(20_000 * SCALE),
  perEvent: 250,
  payments: Math.round(1_000_000 * SCALE),
};

const SMALL: CommunitySpec[] = [
  ["bench-insights-ny", "America/New_York"],
  ["bench-insights-ktm", "Asia/Kathmandu"],
  ["bench-insights-utc", "UTC"],
].map(([id, timeZone]) => ({
  id: id as string,
  timeZone: timeZone as string,
  members: 2_000,
  left: 100,
  events: 40,
  perEvent: 50,
  payments: 2_000,
}));

export const COMMUNITIES = [BIG, ...SMALL];

export type Exec = (statement: string) => Promise<unknown>;

/** A number from 0 to 99 spread evenly by a hash of an integer expression; `salt` gives another one. */
const pct = (x: string, salt = 0) => `mod(mod(hashint4((${x})::int + ${salt}), 100) + 100, 100)`;
const positive = (x: string, salt = 0) => `abs(hashint4((${x})::int + ${salt})::bigint)`;

/** Each statement's times, as SQL over a fixed "now" so every statement sees the same history. */
function clock(now: Date) {
  const nowSql = `'${now.toISOString()}'::timestamptz`;
  const t0 = `(${nowSql} - interval '${PAST_DAYS} days')`;
  const pastS = PAST_DAYS * 86_400;
  const eventsS = (PAST_DAYS + AHEAD_DAYS) * 86_400;
  const at = (seconds: string) => `(${t0} + make_interval(secs => ${seconds}))`;
  return {
    nowSql,
    t0,
    pastS,
    eventsS,
    at,
    /** Before "now", however the arithmetic rounded. */
    past: (ts: string) => `least(${nowSql} - interval '1 minute', ${ts})`,
    recorded: (ts: string) => `(${ts} >= ${t0} + interval '${ORIGIN_RECORDED_AFTER_DAYS} days')`,
  };
}

type Clock = ReturnType<typeof clock>;

/** The SQL of every fill step of one community, in the order each lane must run them. */
function community(c: CommunitySpec, k: Clock, xidCeiling: number) {
  const q = `'${c.id}'`;
  // Numbers are zero-padded so that ids sort as they are generated: each unique index then grows
  // at its right edge instead of taking keys all over the tree.
  const ref = (prefix: string, n: string) => `${q} || ':${prefix}' || lpad((${n})::text, 8, '0')`;
  // Log entries are spread over finished transactions by their time, as a real log's would be.
  const txOf = (ts: string) =>
    `1 + floor(greatest(0, least(1, extract(epoch from (${ts} - ${k.t0})) / ${k.pastS})) * ${Math.max(1, xidCeiling - 2)})::bigint`;
  const logInsert =
    "insert into domain_event (tx_id, type, community_id, actor_id, subject_id, payload, occurred_at)";

  // Members 1..M are members now; M+1..M+L joined and left; every 50th member left once and came back.
  const M = c.members;
  const joinedAt = (i: string) =>
    k.past(`${k.at(`${k.pastS} * sqrt((${i} - 1)::float8 / ${M}) + ${pct(i, 3)} * 60`)}`);
  const firstJoinOfReturner = (i: string) => k.at(`${k.pastS} * sqrt((${i} - 1)::float8 / ${M}) * 0.5`);
  const leaveOfReturner = (i: string) => k.at(`${k.pastS} * sqrt((${i} - 1)::float8 / ${M}) * 0.75`);
  const returner = (i: string) => `(${i} > 1 and mod(${i}, 50) = 7)`;
  const leaverJoin = (j: string) => k.at(`${k.pastS} * 0.9 * (${j} - 0.5) / ${c.left}`);
  const leaverLeave = (j: string) =>
    k.past(`${leaverJoin(j)} + (${k.nowSql} - ${leaverJoin(j)}) * ((${pct(j, 5)} + 1) / 101.0)`);
  const memberOrigin = (i: string) => `case when ${i} = 1 then 'created' else (array['community_page',
    'event_page', 'invitation', 'import', 'agent', 'organizer', 'link:newsletter', 'link:instagram',
    'link:meetup.com', 'unknown'])[1 + least(9, ${pct(i, 11)} / 10)] end`;
  const sourceOf = (
    origin: string,
  ) => `case ${origin} when 'created' then 'created' when 'invitation' then 'invited'
    when 'import' then 'imported' when 'event_page' then 'event' else 'joined' end`;
  const roleOf = (i: string) =>
    `case when ${i} = 1 then 'owner' when mod(${i}, 5000) = 0 then 'organizer' else 'member' end`;
  const joinEntry = (
    user: string,
    at: string,
    origin: string,
    role: string,
  ) => `select ${txOf(at)}, 'member.joined', ${q},
      case when ${origin} in ('import', 'organizer') then 'u00000001' else 'u' || lpad((${user})::text, 8, '0') end, 'u' || lpad((${user})::text, 8, '0'),
      jsonb_strip_nulls(jsonb_build_object('userId', 'u' || lpad((${user})::text, 8, '0'), 'role', ${role},
        'source', ${sourceOf(origin)}, 'origin', case when ${k.recorded(at)} then ${origin} end)),
      ${at}`;

  const members = [
    `insert into membership (id, community_id, user_id, role, status, source, joined_at, last_active_at, search_text)
     select ${ref("m", "i")}, ${q}, 'u' || lpad((i)::text, 8, '0'), ${roleOf("i")}, 'active', ${sourceOf(memberOrigin("i"))},
       ${joinedAt("i")}, ${joinedAt("i")}, 'member ' || i || E'\\nmember' || i || '@example.org'
     from generate_series(1, ${M}) as i`,
    `insert into member_count (community_id, status, members) values (${q}, 'active', ${M})`,
    // First joins: everyone now a member (a returner's first time), and those who left for good.
    `${logInsert}
     ${joinEntry("i", `case when ${returner("i")} then ${firstJoinOfReturner("i")} else ${joinedAt("i")} end`, memberOrigin("i"), roleOf("i"))}
     from generate_series(1, ${M}) as i
     union all
     ${joinEntry(`(${M} + j)`, leaverJoin("j"), memberOrigin("j"), "'member'")}
     from generate_series(1, ${c.left}) as j`,
    `${logInsert}
     select ${txOf(leaverLeave("j"))}, 'member.left', ${q}, 'u' || lpad(((${M} + j))::text, 8, '0'), 'u' || lpad(((${M} + j))::text, 8, '0'),
       jsonb_build_object('userId', 'u' || lpad(((${M} + j))::text, 8, '0'), 'membershipId', ${ref("m", `(${M} + j)`)}, 'role', 'member'),
       ${leaverLeave("j")}
     from generate_series(1, ${c.left}) as j
     union all
     select ${txOf(leaveOfReturner("i"))}, 'member.left', ${q}, 'u' || lpad((i)::text, 8, '0'), 'u' || lpad((i)::text, 8, '0'),
       jsonb_build_object('userId', 'u' || lpad((i)::text, 8, '0'), 'membershipId', ${ref("m", "i")}, 'role', 'member'),
       ${leaveOfReturner("i")}
     from generate_series(1, ${M}) as i where ${returner("i")}`,
    `${logInsert}
     ${joinEntry("i", joinedAt("i"), memberOrigin("i"), roleOf("i"))}
     from generate_series(1, ${M}) as i where ${returner("i")}`,
  ];

  // Registration r of event e (k-th of perEvent): people who had joined by then, one each per event.
  const E = c.events;
  const R = c.perEvent;
  const startsAt = `${k.at(`${k.eventsS} * (e - 0.5) / ${E}`)}`;
  const pool = `least(${M}, greatest(${2 * R}, floor(${M} * power(${k.eventsS} * (e - 0.5) / ${E} / ${k.pastS}, 2))::int))`;
  // h < 4: promoted from the waitlist; < 72 going; < 84 canceled; < 92 waitlisted; < 96 pending; else declined.
  const lateral = `lateral (select (e - 1) * ${R} + n + 1 as r, ${startsAt} as starts_at) as x,
    lateral (select ${pct("r")} as h, 1 + mod(${positive("e", 1)} + n, ${pool}) as person,
      greatest(${k.t0}, ${k.past(`starts_at - make_interval(secs => (${pct("r", 7)} + 1) * 25920)`)}) as created_at,
      (array['event_page', 'community_page', 'invitation', 'agent', 'organizer', 'link:newsletter', 'link:instagram',
        'link:meetup.com', 'unknown', 'event_page'])[1 + ${pct("r", 19)} / 10] as origin_kind) as y,
    lateral (select case when ${k.recorded("created_at")} then origin_kind end as origin,
      case when h < 4 then 'waitlisted' when h < 84 then 'going' else case when h < 92 then 'waitlisted' else 'pending' end end as first_status,
      case when h < 72 then 'going' when h < 84 then 'canceled' when h < 92 then 'waitlisted' when h < 96 then 'pending' else 'declined' end as status,
      h < 72 and mod(e, 50) <> 0 and starts_at + interval '2 hours' < ${k.nowSql} and ${pct("r", 13)} < 64 + mod(e, 15) as checked_in,
      least(${k.nowSql} - interval '30 seconds', created_at + (starts_at - created_at) / 2) as changed_at) as z`;
  const fromRegistrations = (first: number, last: number) =>
    `from generate_series(${first}, ${last}) as e cross join generate_series(0, ${R - 1}) as n, ${lateral}`;
  // One object per entry, written whole: `jsonb_strip_nulls` leaves out an origin nobody recorded.
  const registrationEntry = (type: string, actor: string, fields: string, at: string) =>
    `select ${txOf(at)}, '${type}', ${q}, ${actor}, 'u' || lpad((person)::text, 8, '0'),
       jsonb_strip_nulls(jsonb_build_object('registrationId', ${ref("r", "r")}, 'eventId', ${ref("e", "e")}, ${fields})), ${at}`;

  const events = [
    `insert into event (id, community_id, title, starts_at, ends_at, time_zone, status, capacity, created_at, updated_at, published_at, canceled_at)
     select ${ref("e", "e")}, ${q}, 'Bench event ' || e, ${startsAt}, ${startsAt} + interval '2 hours', '${c.timeZone}',
       case when mod(e, 50) = 0 then 'canceled' else 'published' end, 200,
       ${startsAt} - interval '40 days', ${startsAt} - interval '40 days', ${startsAt} - interval '40 days',
       case when mod(e, 50) = 0 then ${startsAt} - interval '1 day' end
     from generate_series(1, ${E}) as e`,
  ];
  /** The registrations of events first..last and their log entries, in the order they happened. */
  const registrations = (first: number, last: number) => [
    `insert into registration (id, event_id, user_id, status, guest_name, origin, check_in_code, checked_in_at,
       queued_at, created_at, updated_at)
     select ${ref("r", "r")}, ${ref("e", "e")}, 'u' || lpad((person)::text, 8, '0'), status,
       case when ${pct("r", 23)} < 5 then 'Guest ' || r end, origin, ${ref("code", "r")},
       case when checked_in then starts_at + make_interval(mins => ${pct("r", 17)}) end,
       created_at, created_at, case when status = first_status then created_at else changed_at end
     ${fromRegistrations(first, last)}`,
    `${logInsert}
     ${registrationEntry(
       "registration.created",
       "case when origin_kind = 'organizer' then 'u00000001' else 'u' || lpad((person)::text, 8, '0') end",
       `'status', first_status, 'guest', ${pct("r", 23)} < 5, 'origin', origin`,
       "created_at",
     )}
     ${fromRegistrations(first, last)}`,
    `${logInsert}
     ${registrationEntry(
       "registration.status_changed",
       "case when status = 'canceled' then 'u' || lpad((person)::text, 8, '0') when status = 'declined' then 'u00000001' end",
       "'from', first_status, 'to', status",
       "changed_at",
     )}
     ${fromRegistrations(first, last)} where status <> first_status`,
    `${logInsert}
     ${registrationEntry(
       "registration.checked_in",
       "'u00000001'",
       "'checkedIn', true",
       `starts_at + make_interval(mins => ${pct("r", 17)})`,
     )}
     ${fromRegistrations(first, last)} where checked_in`,
  ];

  // Payment p: tickets of the events of the time, memberships and other income, in euros and dollars.
  const P = c.payments;
  const fromPayments = `from generate_series(1, ${P}) as p,
    lateral (select ${k.past(k.at(`${k.pastS} * (p - 0.5) / ${P}`))} as created_at, ${pct("p")} as h,
      case when ${pct("p", 29)} < 88 then 'EUR' else 'USD' end as currency,
      case when ${pct("p", 31)} < 80 then 'stripe' when mod(p, 2) = 0 then 'cash' else 'bank_transfer' end as method,
      case when mod(p, 200) = 0 then 'pending' when mod(p, 50) = 0 then 'failed' when mod(p, 97) = 0 then 'refunded'
        when mod(p, 31) = 0 then 'partially_refunded' else 'succeeded' end as status) as x,
    lateral (select case when h < 65 then 'ticket' when h < 95 then 'membership' else 'other' end as purpose,
      case when h < 65 then 800 when h < 95 then 3000 else 500 end + mod(${positive("p", 37)}, 40) * 100 as amount,
      case when h < 65 then ${ref("e", `least(${E}, 1 + floor(extract(epoch from (created_at - ${k.t0})) / ${k.eventsS} * ${E})::int + mod(p, 3))`)} end as event_id,
      1 + mod(${positive("p", 41)}, ${M}) as payer) as y,
    lateral (select case when method = 'stripe' then amount * 29 / 1000 + 25 else 0 end as fee,
      case when status in ('pending', 'failed') then null else created_at + interval '2 seconds' end as succeeded_at,
      case when status = 'refunded' then amount else amount / 3 end as refund,
      ${k.past("created_at + interval '3 days'")} as refunded_at) as z`;
  const paymentFacts = `jsonb_build_object('paymentId', ${ref("p", "p")}, 'amountMinor', amount, 'currency', currency,
    'method', method, 'purpose', purpose, 'eventId', event_id, 'registrationId', null)`;
  const payments = [
    `insert into payment (id, community_id, payer_user_id, payer_name, payer_email, purpose, event_id, amount_minor,
       fee_minor, currency, status, method, provider_ref, created_at, succeeded_at)
     select ${ref("p", "p")}, ${q}, 'u' || lpad((payer)::text, 8, '0'), 'Member ' || payer, 'member' || payer || '@example.org', purpose,
       event_id, amount, fee, currency, status, method, case when method = 'stripe' then 'pi_' || ${ref("p", "p")} end,
       created_at, succeeded_at
     ${fromPayments}`,
    `insert into payment_refund (id, payment_id, community_id, currency, amount_minor, reason, method, provider_ref, created_at)
     select ${ref("rf", "p")}, ${ref("p", "p")}, ${q}, currency, refund, 'Bench refund', method,
       case when method = 'stripe' then 're_' || ${ref("p", "p")} end, refunded_at
     ${fromPayments} where status in ('refunded', 'partially_refunded')`,
    `${logInsert}
     select ${txOf("succeeded_at")}, 'payment.succeeded', ${q}, 'u' || lpad((payer)::text, 8, '0'), 'u' || lpad((payer)::text, 8, '0'),
       ${paymentFacts} || jsonb_build_object('feeMinor', fee), succeeded_at
     ${fromPayments} where succeeded_at is not null`,
    `${logInsert}
     select ${txOf("refunded_at")}, 'payment.refunded', ${q}, 'u00000001', 'u' || lpad((payer)::text, 8, '0'),
       ${paymentFacts} || jsonb_build_object('refundId', ${ref("rf", "p")}, 'refundMinor', refund,
         'refundedMinor', refund, 'status', status, 'reason', 'Bench refund'),
       refunded_at
     ${fromPayments} where status in ('refunded', 'partially_refunded')`,
  ];
  return { members, events, registrations, payments };
}

/**
 * Fills everything with `lanes` (one executor each, or a single one on PGlite): members and payments
 * in one lane, events and registrations in the other. The statements of a lane keep their order, so
 * each registration's, member's and payment's log entries come in the order they happened.
 */
export async function seedInsights(
  lanes: Exec[],
  log: (line: string) => void,
  options: { now: Date; xidCeiling: number; dropIndexes: { name: string; def: string; keep: boolean }[] },
) {
  const [first] = lanes as [Exec];
  const k = clock(options.now);
  for (const index of options.dropIndexes) await first(`drop index "${index.name}"`);
  const people = Math.max(...COMMUNITIES.map((c) => c.members + c.left));
  let started = performance.now();
  await first(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'u' || lpad((i)::text, 8, '0'), 'Member ' || i, 'member' || lpad((i)::text, 8, '0') || '@example.org', true, ${k.t0}, ${k.t0}
    from generate_series(1, ${people}) as i`);
  await first(`insert into community (id, slug, name, time_zone, currency, visibility, join_policy, member_count, created_at)
    values ${COMMUNITIES.map((c) => `('${c.id}', '${c.id}', 'Bench ${c.id}', '${c.timeZone}', 'EUR', 'public', 'open', ${c.members}, ${k.t0})`).join(", ")}`);
  log(
    `${people.toLocaleString("en")} people and ${COMMUNITIES.length} communities in ${Math.round(performance.now() - started)} ms`,
  );
  // Jobs, each a list of statements run in order, shared out between the lanes as they come free.
  // The big community's registrations go in slices of its events, so both lanes stay busy.
  const jobs: { label: string; statements: string[] }[] = [];
  for (const c of COMMUNITIES) {
    const sql = community(c, k, options.xidCeiling);
    const slices = c === BIG ? 4 : 1;
    const per = Math.ceil(c.events / slices);
    for (let first = 1; first <= c.events; first += per) {
      const last = Math.min(c.events, first + per - 1);
      jobs.push({
        label: `${c.id}: registrations of events ${first}-${last} and their log`,
        statements: sql.registrations(first, last),
      });
    }
    jobs.push({ label: `${c.id}: members and their log`, statements: sql.members });
    jobs.push({ label: `${c.id}: payments and their log`, statements: sql.payments });
    jobs.push({ label: `${c.id}: events`, statements: sql.events });
  }
  started = performance.now();
  await shareOut(lanes, jobs, log);
  // The counters the registration service keeps on each event, written once from the rows.
  await shareOut(
    lanes,
    [
      {
        label: "event counters",
        statements: [
          `update event set going_count = s.going, waitlist_count = s.waitlisted, pending_count = s.pending,
           checked_in_count = s.checked_in
         from (select event_id, count(*) filter (where status = 'going') as going,
           count(*) filter (where status = 'waitlisted') as waitlisted, count(*) filter (where status = 'pending') as pending,
           count(*) filter (where checked_in_at is not null) as checked_in
           from registration group by event_id) as s
         where event.id = s.event_id`,
        ],
      },
    ],
    log,
  );
  log(`rows and log entries in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await shareOut(
    lanes,
    options.dropIndexes
      .filter((index) => index.keep)
      .map((index) => ({ label: `index ${index.name}`, statements: [index.def] })),
    null,
  );
  const tables = [
    "domain_event",
    "registration",
    "membership",
    "user",
    "payment",
    "payment_refund",
    "event",
    "community",
  ];
  await shareOut(
    lanes,
    tables.map((table) => ({ label: `statistics of ${table}`, statements: [`vacuum analyze "${table}"`] })),
    null,
  );
  log(`indexes and statistics in ${Math.round(performance.now() - started)} ms`);
}

/** Runs `jobs` on the lanes, each lane taking the next job as it finishes one. */
async function shareOut(
  lanes: Exec[],
  jobs: { label: string; statements: string[] }[],
  log: ((line: string) => void) | null,
) {
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const started = performance.now();
        for (const statement of job.statements) await lane(statement);
        log?.(`${job.label} in ${Math.round(performance.now() - started)} ms`);
      }
    }),
  );
}
