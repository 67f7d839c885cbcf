import { type SQL, sql } from "drizzle-orm";
import {
  badCursor,
  decodeCursorFields,
  encodeCursor as encodeKeyset,
  PG_TIMESTAMPTZ_TEXT,
} from "#server/db/keyset-cursor.ts";
import { type FieldError, invalidInput } from "#server/errors.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from "./ledger.tables.ts";

/** Which payments of one community the table, its count and its export mean. */
export type PaymentFilter = {
  statuses?: PaymentStatus[] | null;
  purposes?: PaymentPurpose[] | null;
  methods?: PaymentMethod[] | null;
  eventId?: string | null;
  /** Membership payments for one plan. */
  planId?: string | null;
  /** One payer's payments: a member's drawer. */
  payerUserId?: string | null;
  /** From this instant on (included). */
  createdAfter?: Date | null;
  /** Before this instant (excluded). */
  createdBefore?: Date | null;
};

const nonEmpty = <T>(values: readonly T[] | null | undefined): values is readonly T[] =>
  Array.isArray(values) && values.length > 0;

/** The search trimmed (null when empty) and the filter, or BAD_USER_INPUT naming what is wrong. */
export function checkPaymentQuery(
  filter: PaymentFilter | null | undefined,
  search: string | null | undefined,
): { filter: PaymentFilter; search: string | null } {
  const errors: FieldError[] = [];
  const text = search?.trim() || null;
  if (text && text.length > TEXT_LIMITS.paymentSearch)
    errors.push({ field: "search", code: "TOO_LONG", message: tooLongMessage("paymentSearch") });
  const checked = { ...(filter ?? {}) };
  if (checked.createdAfter && checked.createdBefore && checked.createdAfter >= checked.createdBefore)
    errors.push({
      field: "filter.createdBefore",
      code: "REVERSED_RANGE",
      message: "The end of the range must come after its start.",
    });
  if (errors.length > 0) throw invalidInput(errors);
  return { filter: checked, search: text };
}

/** Whether `payment_search_keys_idx` can answer: a run of three ASCII letters or digits. */
export const usesSearchKeys = (search: string) => /[a-z0-9]{3}/i.test(search);

/**
 * The payer's name or address holds the text, any case, wildcards taken literally (`p` is the
 * payment, `t` a row of `payment_search_count`): the test that decides, which alone no index
 * answers, so a walk of the community tests each row it meets. `strpos` rather than LIKE: the same
 * answer, tested in a third to a half less time.
 */
export const payerHolds = (search: string, row: "p" | "t" = "p") =>
  sql`strpos(${sql.raw(row)}.search_text, lower(${search})) > 0`;

/** The same, found through the community's search keys (only when `usesSearchKeys`). */
export const payerKeysMatch = (communityId: string, search: string, row: "p" | "t" = "p") =>
  sql`${payerHolds(search, row)} and payment_search_keys(${sql.raw(row)}.community_id, ${sql.raw(row)}.search_text) @> payment_search_keys(${communityId}, ${search})`;

/** Without a search or filters other than status, the triggers' count per status answers exactly. */
export const countsByStatusOnly = (filter: PaymentFilter) =>
  !filter.purposes?.length &&
  !filter.methods?.length &&
  !filter.eventId &&
  !filter.planId &&
  !filter.payerUserId &&
  !filter.createdAfter &&
  !filter.createdBefore;

/** The filter's conditions on `p`, the search left out. */
export function filterConditions(communityId: string, filter: PaymentFilter): SQL[] {
  const where: SQL[] = [sql`p.community_id = ${communityId}`];
  if (nonEmpty(filter.statuses)) where.push(sql`p.status in ${filter.statuses}`);
  if (nonEmpty(filter.purposes)) where.push(sql`p.purpose in ${filter.purposes}`);
  if (nonEmpty(filter.methods)) where.push(sql`p.method in ${filter.methods}`);
  if (filter.eventId) where.push(sql`p.event_id = ${filter.eventId}`);
  if (filter.planId) where.push(sql`p.plan_id = ${filter.planId}`);
  if (filter.payerUserId) where.push(sql`p.payer_user_id = ${filter.payerUserId}`);
  if (filter.createdAfter) where.push(sql`p.created_at >= ${filter.createdAfter.toISOString()}::timestamptz`);
  if (filter.createdBefore)
    where.push(sql`p.created_at < ${filter.createdBefore.toISOString()}::timestamptz`);
  return where;
}

// Pages are newest first by (created_at, id). A cursor carries the time as PostgreSQL's own text,
// microseconds included, so rows of the same millisecond are neither skipped nor repeated.
type Cursor = { key: string; tie: string };

export const encodeCursor = (cursor: Cursor) => encodeKeyset(cursor);

export function decodeCursor(after: string | null | undefined): Cursor | null {
  const cursor = decodeCursorFields(after, { key: 40, tie: 200 });
  if (cursor && !PG_TIMESTAMPTZ_TEXT.test(cursor.key)) throw badCursor();
  return cursor;
}
