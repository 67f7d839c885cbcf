import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from "./ledger.tables.ts";
import {
  checkPaymentQuery,
  countsByStatusOnly,
  decodeCursor,
  encodeCursor,
  filterConditions,
  type PaymentFilter,
  payerHolds,
} from "./payment-filter.ts";
import { type PaymentsCtx, type PaymentView, requirePayments } from "./payment-reads.service.ts";
import { planSearch, type SearchPlan } from "./payment-search.ts";

export type PaymentPage = {
  nodes: PaymentView[];
  endCursor: string | null;
  hasNextPage: boolean;
  totalCount: number;
  /** More payments match than were counted: `totalCount` is then COUNT_CAP, shown as "1,000+". */
  totalCountCapped: boolean;
};

export type PaymentQuery = {
  first?: number | null;
  after?: string | null;
  search?: string | null;
  filter?: PaymentFilter | null;
};

export const MAX_PAGE = 200;
/** Where counting stops, as for the member table (docs/decisions/012): each counted row is a heap visit. */
export const COUNT_CAP = 1_000;

// What was refunded is summed per row of the page only (the projection runs after the LIMIT), and
// only where the status says there are refunds (ledger-rules.ts: a refund always moves it there).
// The event's title comes through the events module's join handle, in the same statement, looked
// up per row of the page: PGlite runs no autovacuum, so unanalyzed it guesses how many events
// there are, and for a join its planner chose to test every event against every row.
const COLUMNS = sql`p.id, p.community_id, p.payer_user_id, p.payer_name, p.payer_email, p.purpose, p.event_id,
  p.registration_id, p.plan_id, p.amount_minor, p.fee_minor, p.currency, p.status, p.method, p.provider_ref, p.note,
  p.created_at, p.succeeded_at, p.created_by, p.created_at::text as sort_key,
  case when p.status in ('refunded', 'partially_refunded')
    then (select coalesce(sum(r.amount_minor), 0) from payment_refund r where r.payment_id = p.id) else 0
  end as refunded_minor,
  (select ${eventsForJoin.title} from ${eventsForJoin} where ${eventsForJoin.id} = p.event_id) as event_title`;
const ORDER = sql`p.created_at desc, p.id desc`;

/**
 * A page newest first. A search walks the community's newest-first index, which carries the
 * search text: without other filters it reads no payment until it has the page's ids.
 */
function pageStatement(search: string | null, where: SQL[], limit: number): SQL {
  const conditions = sql.join(where, sql` and `);
  if (!search)
    return sql`select ${COLUMNS} from payment p where ${conditions} order by ${ORDER} limit ${limit}`;
  return sql`
    with found as (
      select p.id from payment p where ${conditions} and ${payerHolds(search)} order by ${ORDER} limit ${limit})
    select ${COLUMNS} from found join payment p on p.id = found.id order by ${ORDER}`;
}

function fewStatement(
  ids: string[],
  where: SQL[],
  cursor: { key: string; tie: string } | null,
  limit: number,
): SQL {
  const after = cursor ? sql`where (created_at, id) < (${cursor.key}::timestamptz, ${cursor.tie})` : sql``;
  return sql`
    select * from (
      select ${COLUMNS}, count(*) over () as total from payment p
      where ${sql.join(where, sql` and `)} and p.id in ${ids}) as found
    ${after} order by created_at desc, id desc limit ${limit}`;
}

function countStatement(
  communityId: string,
  plan: SearchPlan,
  search: string,
  filter: PaymentFilter,
  where: SQL[],
): SQL {
  if (plan.kind === "none" && countsByStatusOnly(filter))
    return sql`select coalesce(sum(payments), 0) as n from payment_count
      where community_id = ${communityId} ${filter.statuses?.length ? sql`and status in ${filter.statuses}` : sql``}`;
  const conditions = sql.join(where, sql` and `);
  const narrow =
    plan.kind === "few"
      ? sql`and p.id in ${plan.ids}`
      : plan.kind === "walk"
        ? sql`and ${payerHolds(search)}`
        : sql``;
  return sql`select count(*) as n from (
    select from payment p where ${conditions} ${narrow} limit ${COUNT_CAP + 1}) as counted`;
}

type Row = {
  id: string;
  community_id: string;
  payer_user_id: string | null;
  payer_name: string;
  payer_email: string | null;
  purpose: PaymentPurpose;
  event_id: string | null;
  registration_id: string | null;
  plan_id: string | null;
  amount_minor: string | number;
  fee_minor: string | number;
  currency: string;
  status: PaymentStatus;
  method: PaymentMethod;
  provider_ref: string | null;
  note: string;
  created_at: string | Date;
  succeeded_at: string | Date | null;
  created_by: string | null;
  sort_key: string;
  refunded_minor: string | number;
  event_title: string | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The payments table of a community: admins and owners. Keyset pages, newest first. */
export async function listPayments(ctx: PaymentsCtx, communityId: string, query: PaymentQuery) {
  await requirePayments(ctx, communityId);
  return readPayments(ctx.db, communityId, query, {});
}

/** The table's read, authorization done: the bench, the export and the service share it. */
export async function readPayments(
  db: Db,
  communityId: string,
  query: PaymentQuery,
  options: { withCount?: boolean },
): Promise<PaymentPage> {
  const { filter, search } = checkPaymentQuery(query.filter, query.search);
  const first = Math.min(Math.max(query.first ?? 50, 1), MAX_PAGE);
  const cursor = decodeCursor(query.after);
  const where = filterConditions(communityId, filter);
  const pageWhere = cursor
    ? [...where, sql`(p.created_at, p.id) < (${cursor.key}::timestamptz, ${cursor.tie})`]
    : where;
  const plan = await planSearch(db, communityId, search, filter, where);
  if (plan.kind === "few" && plan.ids.length === 0)
    return { nodes: [], hasNextPage: false, endCursor: null, totalCount: 0, totalCountCapped: false };
  let all: (Row & { total?: string | number })[];
  let counted: number;
  if (plan.kind === "few") {
    // At most FEW_MATCHES rows: the page and the count in one statement, counted before the cursor.
    all = rowsOf(await db.execute(fewStatement(plan.ids, where, cursor, first + 1)));
    counted =
      all.length > 0 || !cursor || options.withCount === false
        ? Number(all[0]?.total ?? 0)
        : Number(
            rowsOf<{ n: string | number }>(
              await db.execute(countStatement(communityId, plan, "", filter, where)),
            )[0]?.n ?? 0,
          );
  } else {
    // A search that matches more than FEW_MATCHES (>= COUNT_CAP) has the total "1,000+" uncounted.
    const [result, total] = await Promise.all([
      db.execute(pageStatement(plan.kind === "walk" ? search : null, pageWhere, first + 1)),
      options.withCount === false || (plan.kind === "walk" && plan.many)
        ? null
        : db.execute(countStatement(communityId, plan, search ?? "", filter, where)),
    ]);
    all = rowsOf<Row>(result);
    counted =
      plan.kind === "walk" && plan.many
        ? COUNT_CAP + 1
        : total
          ? Number(rowsOf<{ n: string | number }>(total)[0]?.n ?? 0)
          : 0;
  }
  const page = all.slice(0, first);
  const last = page.at(-1);
  // Rows are counted up to COUNT_CAP + 1; the triggers' count per status and the few matches of a
  // search are exact.
  const exactCount = plan.kind === "few" || (plan.kind === "none" && countsByStatusOnly(filter));
  return {
    nodes: viewsOf(page),
    hasNextPage: all.length > first,
    endCursor: last ? encodeCursor({ key: last.sort_key, tie: last.id }) : null,
    totalCount: exactCount ? counted : Math.min(counted, COUNT_CAP),
    totalCountCapped: !exactCount && counted > COUNT_CAP,
  };
}

function viewsOf(rows: Row[]): PaymentView[] {
  return rows.map((r) => ({
    id: r.id,
    communityId: r.community_id,
    payerUserId: r.payer_user_id,
    payerName: r.payer_name,
    payerEmail: r.payer_email,
    purpose: r.purpose,
    eventId: r.event_id,
    registrationId: r.registration_id,
    planId: r.plan_id,
    amountMinor: Number(r.amount_minor),
    feeMinor: Number(r.fee_minor),
    currency: r.currency,
    status: r.status,
    method: r.method,
    providerRef: r.provider_ref,
    note: r.note,
    createdAt: new Date(r.created_at),
    succeededAt: r.succeeded_at ? new Date(r.succeeded_at) : null,
    createdBy: r.created_by,
    refundedMinor: Number(r.refunded_minor),
    eventTitle: r.event_title,
  }));
}

/**
 * The payments a CSV export holds, page by page in the table's order. Authorization and the
 * filter are checked before the first page, so a refusal or bad input answers before any byte.
 */
export async function exportPayments(
  ctx: PaymentsCtx,
  communityId: string,
  query: Omit<PaymentQuery, "first" | "after">,
): Promise<AsyncGenerator<PaymentView[]>> {
  await requirePayments(ctx, communityId);
  const read = (after: string | null) =>
    readPayments(ctx.db, communityId, { ...query, first: MAX_PAGE, after }, { withCount: false });
  const first = await read(null);
  return (async function* () {
    let page = first;
    for (;;) {
      if (page.nodes.length > 0) yield page.nodes;
      if (!page.hasNextPage || !page.endCursor) return;
      page = await read(page.endCursor);
    }
  })();
}
