// The ledger's fill for bench/payments-measure.ts: one community with BIG payments over two years
// among OTHERS smaller ones, refunds, and the counts and hourly totals the triggers would have
// kept, written with generate_series on PostgreSQL or PGlite alike.
import { FIRST, LAST } from "./members-names.ts";

export const BIG = Number(process.env.PAYMENTS_BIG ?? 1_000_000);
const OTHERS = Number(process.env.PAYMENTS_OTHERS ?? 200);
const PER_OTHER = Number(process.env.PAYMENTS_PER_OTHER ?? 1_000);
/** People who pay, each about ten times in the big community. */
export const PAYERS = Math.max(10, Math.floor(BIG / 10));
const EVENTS = 500;
/** Two years: one payment every 63 seconds in the big community. */
const SPACING_S = Math.max(1, Math.floor((2 * 365 * 86_400) / BIG));
export const COMMUNITY = "bench-pay-big";

const sqlList = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

/** Payer k's name and address, as the users' fill writes them (a hash of k picks the names). */
const payerName = (k: string) =>
  `(${sqlList(FIRST)})[1 + ((${k})::bigint * 2654435761 % 1000003) % ${FIRST.length}] || ' ' || (${sqlList(LAST)})[1 + ((${k})::bigint * 2654435761 % 1000003) / ${FIRST.length} % ${LAST.length}]`;
const payerEmail = (k: string) =>
  `lower((${sqlList(FIRST)})[1 + ((${k})::bigint * 2654435761 % 1000003) % ${FIRST.length}] || '.' || (${sqlList(LAST)})[1 + ((${k})::bigint * 2654435761 % 1000003) / ${FIRST.length} % ${LAST.length}]) || '.' || (${k}) || '@example.org'`;

/** The payment columns for row i of a community, its payer k among `payers`. */
function paymentSelect(community: string, i: string, payers: number, eventOf: string) {
  const k = `1 + ((${i})::bigint * 7919) % ${payers}`;
  return `
    select ${community} || ':' || ${i}, ${community},
      case when ${i} % 10 = 0 then null else 'pu' || (${k}) end,
      ${payerName(k)}, ${payerEmail(k)},
      case when ${i} % 20 < 14 then 'ticket' when ${i} % 20 < 19 then 'membership' else 'other' end,
      case when ${i} % 20 < 14 then ${eventOf} end,
      amount, case when method = 'stripe' then amount * 29 / 1000 + 25 else 0 end,
      currency,
      case when ${i} % 200 = 0 then 'pending' when ${i} % 50 = 0 then 'failed' when ${i} % 97 = 0 then 'refunded'
        when ${i} % 31 = 0 then 'partially_refunded' else 'succeeded' end,
      method, case when method = 'stripe' then 'pi_' || ${community} || '_' || ${i} end, '',
      at, case when ${i} % 200 = 0 or ${i} % 50 = 0 then null else at + interval '2 seconds' end`;
}

const values = (i: string, at: string) => `lateral (select
    case when ${i} % 100 = 7 then 'JPY' when ${i} % 25 = 3 then 'USD' else 'EUR' end as currency,
    500 + (${i} * 37) % 9500 as amount,
    case when ${i} % 5 < 4 then 'stripe' when ${i} % 5 = 4 and ${i} % 2 = 0 then 'cash' else 'bank_transfer' end as method,
    ${at} as at) as v`;

const COLUMNS = `(id, community_id, payer_user_id, payer_name, payer_email, purpose, event_id, amount_minor, fee_minor,
  currency, status, method, provider_ref, note, created_at, succeeded_at)`;

export type Exec = (statement: string) => Promise<unknown>;

/** Fills the ledger; triggers, foreign keys and secondary indexes are off while the rows go in. */
export async function seedPayments(
  exec: Exec,
  log: (line: string) => void,
  indexes: { name: string; def: string }[],
) {
  for (const index of indexes) await exec(`drop index "${index.name}"`);
  let started = performance.now();
  await exec(`
    insert into community (id, slug, name, time_zone, currency, visibility, join_policy)
    select id, id, 'Bench ' || id, 'UTC', 'EUR', 'public', 'open'
    from (select '${COMMUNITY}' as id union all select 'bench-pay-' || c from generate_series(1, ${OTHERS}) as c) as c`);
  await exec(`
    insert into "user" (id, name, email, email_verified)
    select 'pu' || k, ${payerName("k")}, ${payerEmail("k")}, true from generate_series(1, ${PAYERS}) as k`);
  await exec(`
    insert into event (id, community_id, title, starts_at, ends_at, time_zone, status)
    select 'bench-event-' || e, '${COMMUNITY}', 'Bench event ' || e,
      now() - make_interval(days => 730 - e), now() - make_interval(days => 730 - e) + interval '2 hours', 'UTC', 'published'
    from generate_series(1, ${EVENTS}) as e`);
  await exec("set session_replication_role = replica");
  await exec(`
    insert into payment ${COLUMNS}
    ${paymentSelect(`'${COMMUNITY}'`, "i", PAYERS, `'bench-event-' || (1 + i * ${EVENTS} / ${BIG + 1})`)}
    from generate_series(1, ${BIG}) as i, ${values("i", `now() - make_interval(secs => (${BIG} - i) * ${SPACING_S})`)}`);
  log(`${BIG} payments of one community in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await exec(`
    insert into payment ${COLUMNS}
    ${paymentSelect("'bench-pay-' || c", "j", PAYERS, "null")}
    from generate_series(1, ${OTHERS}) as c, generate_series(1, ${PER_OTHER}) as j,
      ${values("j", `now() - make_interval(secs => (c * ${PER_OTHER} + j) * 311 % 63072000)`)}`);
  await exec(`
    insert into payment_refund (id, payment_id, community_id, currency, amount_minor, reason, method, provider_ref, created_at)
    select 'r:' || id, id, community_id, currency,
      case when status = 'refunded' then amount_minor else amount_minor / 3 end, 'Bench refund', method,
      case when method = 'stripe' then 're_' || id end, least(now(), succeeded_at + interval '3 days')
    from payment where status in ('refunded', 'partially_refunded')`);
  await exec("set session_replication_role = origin");
  await exec(`
    insert into payment_count (community_id, status, payments)
    select community_id, status, count(*) from payment group by 1, 2`);
  await exec(`
    insert into payment_search_count (community_id, search_text, payments)
    select community_id, search_text, count(*) from payment group by 1, 2`);
  log(
    `${OTHERS * PER_OTHER} payments of ${OTHERS} other communities and the refunds in ${Math.round(performance.now() - started)} ms`,
  );
  started = performance.now();
  // The hourly totals as the triggers keep them, written once from the rows.
  await exec(`
    insert into payment_hourly_totals (community_id, hour, currency, gross_minor, fee_minor, refunded_minor, payments, refunds)
    select community_id, hour, currency, sum(gross), sum(fee), sum(refunded), sum(payments), sum(refunds) from (
      select community_id, date_trunc('hour', succeeded_at, 'UTC') as hour, currency,
        amount_minor as gross, fee_minor as fee, 0 as refunded, 1 as payments, 0 as refunds
      from payment where succeeded_at is not null and status in ('succeeded', 'refunded', 'partially_refunded')
      union all
      select community_id, date_trunc('hour', created_at, 'UTC'), currency, 0, 0, amount_minor, 0, 1 from payment_refund
    ) as rows group by 1, 2, 3`);
  for (const index of indexes) await exec(index.def);
  await exec("vacuum analyze payment");
  await exec("vacuum analyze payment_refund");
  await exec("vacuum analyze payment_search_count");
  await exec("vacuum analyze payment_hourly_totals");
  await exec("vacuum analyze payment_daily_totals");
  // The fill's dirty pages written out now: PGlite has no background writer, so otherwise the first
  // reads timed would write them.
  await exec("checkpoint");
  log(`totals, indexes and statistics in ${Math.round(performance.now() - started)} ms`);
}
