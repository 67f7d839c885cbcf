import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { countsByStatusOnly, type PaymentFilter, payerKeysMatch, usesSearchKeys } from "./payment-filter.ts";

/**
 * A search matching at most this many of the community's payments sorts those; with more,
 * walking the community newest first meets enough matches sooner (as member-search.ts).
 */
export const FEW_MATCHES = 1_000;

/**
 * How a search reads (docs/decisions/018-payments-ledger.md, as member-search.ts): the search keys
 * of the community find its matching payments, the filter applied; while there are few, the page
 * and the count read those by id. With many, matches are common enough that walking the
 * community newest first fills a page sooner than sorting them all, and the count is "1,000+".
 * A search without a run of three ASCII letters or digits has no keys: it walks, and counts up to
 * the cap by walking too. Deciding first keeps each statement small to plan, which on PGlite
 * costs more than running it.
 */
export type SearchPlan = { kind: "none" } | { kind: "walk"; many: boolean } | { kind: "few"; ids: string[] };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * One payer's payments (a member's drawer) are read through `payment_payer_idx` first, as the
 * few matches of a search are: the planner could otherwise walk the whole community newest first
 * looking for them. A payer with more than FEW_MATCHES of them is read as any filter is.
 */
async function planPayer(db: Db, communityId: string, payerUserId: string): Promise<SearchPlan> {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from payment p
      where p.payer_user_id = ${payerUserId} and p.community_id = ${communityId} limit ${FEW_MATCHES + 1}`),
  ).map((row) => row.id);
  return ids.length > FEW_MATCHES ? { kind: "none" } : { kind: "few", ids };
}

/**
 * Whether more than FEW_MATCHES payments of the community hold the search, told from its counts
 * per search text (`payment_search_count`): the running sum stops at the first text past the mark.
 * A payer pays again and again under one text, so a common search tests about a hundred texts
 * where its payments would be a thousand rows read from the heap, one page each.
 */
const manyByText = (communityId: string, search: string) => sql`exists (
  select from (
    select sum(t.payments) over (rows unbounded preceding) as matched from payment_search_count t
    where t.community_id = ${communityId} and ${payerKeysMatch(communityId, search, "t")}) as running
  where matched > ${FEW_MATCHES})`;

/** The filter narrows nothing but the community: the counts per search text answer for it. */
const searchOnly = (filter: PaymentFilter) => countsByStatusOnly(filter) && !filter.statuses?.length;

/** `where` is the filter's conditions on `p`, without the search and the cursor. */
export async function planSearch(
  db: Db,
  communityId: string,
  search: string | null,
  filter: PaymentFilter,
  where: SQL[],
): Promise<SearchPlan> {
  if (!search) return filter.payerUserId ? planPayer(db, communityId, filter.payerUserId) : { kind: "none" };
  if (!usesSearchKeys(search)) return { kind: "walk", many: false };
  // One statement, one row per id while the matches are few, else one null row: "many". With a
  // filter the texts' counts cannot answer, and up to FEW_MATCHES + 1 payments are tested instead;
  // with none, the payments are read only when the texts' counts said they are few.
  const many = searchOnly(filter) ? manyByText(communityId, search) : sql`false`;
  const rows = rowsOf<{ id: string | null }>(
    await db.execute(sql`
      with many as materialized (select ${many} as yes),
      hits as materialized (
        select p.id from payment p
        where not (select yes from many) and ${sql.join(where, sql` and `)}
          and ${payerKeysMatch(communityId, search)}
        limit ${FEW_MATCHES + 1})
      select id from hits where (select count(*) from hits) <= ${FEW_MATCHES}
      union all
      select null where (select yes from many) or (select count(*) from hits) > ${FEW_MATCHES}`),
  );
  return rows.length === 1 && rows[0]?.id === null
    ? { kind: "walk", many: true }
    : { kind: "few", ids: rows.map((row) => row.id as string) };
}
