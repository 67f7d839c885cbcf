import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { RememberingLoaders } from "#server/db/read-cache.ts";
import { invalidInput } from "#server/errors.ts";
import { netMinor, TAKEN_STATUSES } from "./ledger-rules.ts";
import { type PaymentsCtx, requirePayments, seesPayments } from "./payment-reads.service.ts";

/** A period's money in one currency: taken (gross), given back, the provider's fees, and what is left. */
export type CurrencyTotals = {
  currency: string;
  grossMinor: number;
  refundsMinor: number;
  feesMinor: number;
  netMinor: number;
  payments: number;
  refunds: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The longest period asked for at once: about ten years of hourly rows per currency. */
export const MAX_PERIOD_DAYS = 3_660;

const floor = (date: Date, unit: number) => new Date(Math.floor(date.getTime() / unit) * unit);
const ceil = (date: Date, unit: number) => new Date(Math.ceil(date.getTime() / unit) * unit);
const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type Span = [Date, Date];
const nonEmpty = (spans: Span[]) => spans.filter(([a, b]) => a < b);

/**
 * [from, to) cut into whole UTC days, the whole hours left at either end, and the part hours left
 * at either end (a period may start at any minute, as a community's midnight in Kathmandu does).
 */
export function periodParts(from: Date, to: Date): { days: Span[]; hours: Span[]; rows: Span[] } {
  const hourStart = ceil(from, HOUR_MS);
  const hourEnd = floor(to, HOUR_MS);
  if (hourStart >= hourEnd) return { days: [], hours: [], rows: [[from, to]] };
  const rows = nonEmpty([
    [from, hourStart],
    [hourEnd, to],
  ]);
  const dayStart = ceil(hourStart, DAY_MS);
  const dayEnd = floor(hourEnd, DAY_MS);
  if (dayStart >= dayEnd) return { days: [], hours: [[hourStart, hourEnd]], rows };
  return {
    days: [[dayStart, dayEnd]],
    hours: nonEmpty([
      [hourStart, dayStart],
      [dayEnd, hourEnd],
    ]),
    rows,
  };
}

/**
 * The totals of [from, to): whole UTC days from `payment_daily_totals`, whole hours from
 * `payment_hourly_totals` (both kept by triggers), and the rows themselves in the part hours at
 * either end. Exact whatever the period; a year of a million payments reads a few hundred rows
 * per currency.
 */
function totalsStatement(communityId: string, from: Date, to: Date): SQL {
  const { days, hours, rows } = periodParts(from, to);
  // One branch per source, its spans ORed: fewer branches are quicker to plan, which on PGlite
  // costs more than reading a year of daily rows.
  const within = (column: string, spans: Span[]) =>
    sql.join(
      spans.map(([a, b]) => sql`(${sql.raw(column)} >= ${iso(a)} and ${sql.raw(column)} < ${iso(b)})`),
      sql` or `,
    );
  const rollup = (table: string, column: string, spans: Span[]) => sql`
      select currency, gross_minor as gross, fee_minor as fee, refunded_minor as refunded, payments, refunds
      from ${sql.raw(table)} where community_id = ${communityId} and (${within(column, spans)})`;
  const parts: SQL[] = [];
  if (days.length > 0) parts.push(rollup("payment_daily_totals", "day", days));
  if (hours.length > 0) parts.push(rollup("payment_hourly_totals", "hour", hours));
  if (rows.length > 0)
    parts.push(
      sql`
      select currency, amount_minor as gross, fee_minor as fee, 0 as refunded, 1 as payments, 0 as refunds
      from payment
      where community_id = ${communityId} and (${within("succeeded_at", rows)}) and status in ${TAKEN_STATUSES}`,
      sql`
      select currency, 0 as gross, 0 as fee, amount_minor as refunded, 0 as payments, 1 as refunds
      from payment_refund where community_id = ${communityId} and (${within("created_at", rows)})`,
    );
  return sql`
    select currency, sum(gross) as gross, sum(fee) as fee, sum(refunded) as refunded,
      sum(payments) as payments, sum(refunds) as refunds
    from (${sql.join(parts, sql` union all `)}) as period
    group by currency having sum(payments) > 0 or sum(refunds) > 0 order by currency`;
}

type Row = Record<"currency" | "gross" | "fee" | "refunded" | "payments" | "refunds", string | number>;

/** Per currency, authorization done: the bench and the services share it. */
export async function readPaymentTotals(
  db: Db,
  communityId: string,
  from: Date,
  to: Date,
): Promise<CurrencyTotals[]> {
  return totalsOf(await db.execute(totalsStatement(communityId, from, to)));
}

function totalsOf(result: unknown): CurrencyTotals[] {
  return (result as { rows: Row[] }).rows.map((r) => {
    const gross = Number(r.gross);
    const fees = Number(r.fee);
    const refunds = Number(r.refunded);
    return {
      currency: String(r.currency),
      grossMinor: gross,
      refundsMinor: refunds,
      feesMinor: fees,
      netMinor: netMinor(gross, fees, refunds),
      payments: Number(r.payments),
      refunds: Number(r.refunds),
    };
  });
}

/** The payments page's totals for a period [from, to): admins and owners. */
export async function paymentTotals(
  ctx: PaymentsCtx,
  communityId: string,
  from: Date,
  to: Date,
): Promise<CurrencyTotals[]> {
  await requirePayments(ctx, communityId);
  if (from >= to)
    throw invalidInput([
      { field: "to", code: "REVERSED_RANGE", message: "The period must end after it starts." },
    ]);
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS)
    throw invalidInput([
      { field: "from", code: "OUT_OF_RANGE", message: "Choose a period of at most ten years." },
    ]);
  return readPaymentTotals(ctx.db, communityId, from, to);
}

/**
 * Everything one payer paid the community, per currency, whenever it was: a member's drawer. Their
 * payments are read through `payment_payer_idx`, refunds summed per payment that succeeded.
 */
export async function payerTotals(
  ctx: PaymentsCtx,
  communityId: string,
  payerUserId: string,
): Promise<CurrencyTotals[]> {
  await requirePayments(ctx, communityId);
  return totalsOf(
    await ctx.db.execute(sql`
      select p.currency, sum(p.amount_minor) as gross, sum(p.fee_minor) as fee,
        coalesce(sum(r.refunded), 0) as refunded, count(*) as payments, coalesce(sum(r.refunds), 0) as refunds
      from payment p
      left join lateral (
        select sum(amount_minor) as refunded, count(*) as refunds from payment_refund where payment_id = p.id
      ) r on true
      where p.payer_user_id = ${payerUserId} and p.community_id = ${communityId} and p.status in ${TAKEN_STATUSES}
      group by p.currency order by p.currency`),
  );
}

export type Revenue = { currency: string; amountMinor: number };

type RevenueCtx = PaymentsCtx & { loaders?: (PaymentsCtx["loaders"] & RememberingLoaders) | null };

/**
 * The overview's revenue of the last 30 days by the server's clock: what succeeded less what was
 * refunded, per currency. Null for those who do not see payments.
 */
export async function revenueLast30Days(ctx: RevenueCtx, communityId: string): Promise<Revenue[] | null> {
  if (!(await seesPayments(ctx, communityId))) return null;
  const to = ctx.clock();
  const from = new Date(to.getTime() - 30 * DAY_MS);
  const load = async () =>
    (await readPaymentTotals(ctx.db, communityId, from, to)).map((t) => ({
      currency: t.currency,
      amountMinor: t.grossMinor - t.refundsMinor,
    }));
  return ctx.loaders ? ctx.loaders.remember("revenue-30-days", communityId, load) : load();
}
