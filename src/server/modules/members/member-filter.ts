import { type SQL, sql } from "drizzle-orm";
import { type FieldError, invalidInput } from "#server/errors.ts";
import type { Role } from "#shared/capabilities.ts";
import { COUNT_LIMITS, isTooLong, TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import type { PlanStatus } from "#shared/plans.ts";
import { searchConditions } from "./member-search.ts";
import type { MembershipSource, MembershipStatus } from "./members.tables.ts";

/** Which members of one community the table, a bulk action or a segment means. */
export type MemberFilter = {
  roles?: Role[] | null;
  statuses?: MembershipStatus[] | null;
  /** Members carrying every one of these tags. */
  tags?: string[] | null;
  sources?: MembershipSource[] | null;
  joinedAfter?: Date | null;
  joinedBefore?: Date | null;
  eventsAttendedAtLeast?: number | null;
  checkInsAtLeast?: number | null;
  lastActiveAfter?: Date | null;
  lastActiveBefore?: Date | null;
  /** Members holding (or asking for) one of these plans. */
  plans?: string[] | null;
  planStatuses?: PlanStatus[] | null;
  /**
   * At their latest ended event where they held a going place, and which checked people in, they
   * were not checked in (docs/decisions/028).
   */
  noShowLastTime?: boolean | null;
};

export const MEMBER_SORT_FIELDS = ["name", "joined", "eventsAttended", "checkIns", "lastActive"] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];
export type MemberSort = { field: MemberSortField; direction: "asc" | "desc" };
export const DEFAULT_MEMBER_SORT: MemberSort = { field: "joined", direction: "desc" };

/** A tag as stored: trimmed, inner runs of white space made one space. */
export const normalizeTag = (tag: string) => tag.trim().replace(/\s+/g, " ");

/** Trimmed, de-duplicated tags, or field errors naming what is wrong. */
export function checkTags(field: string, tags: readonly string[]): { tags: string[]; errors: FieldError[] } {
  const out = [...new Set(tags.map(normalizeTag))];
  const errors: FieldError[] = [];
  if (out.some((tag) => tag === ""))
    errors.push({ field, code: "REQUIRED", message: "A tag cannot be empty." });
  if (out.some((tag) => tag.length > TEXT_LIMITS.memberTag))
    errors.push({ field, code: "TOO_LONG", message: tooLongMessage("memberTag") });
  if (out.length > COUNT_LIMITS.tagsPerAction)
    errors.push({
      field,
      code: "TOO_MANY",
      message: `Use at most ${COUNT_LIMITS.tagsPerAction} tags at once.`,
    });
  return { tags: out.filter((tag) => tag !== ""), errors };
}

/**
 * Tags about to be given to members: as `checkTags`, and refused when they carry line breaks or
 * invisible characters (the tags returned leave those out, for callers that skip bad ones).
 */
export function checkNewTags(
  field: string,
  tags: readonly string[],
): { tags: string[]; errors: FieldError[] } {
  const checked = checkTags(field, tags);
  if (!tags.some(hasUnsafeNameCharacters)) return checked;
  return {
    tags: checkTags(
      field,
      tags.filter((tag) => !hasUnsafeNameCharacters(tag)),
    ).tags,
    errors: [...checked.errors, { field, code: "INVALID_CHARACTERS", message: INVALID_CHARACTERS_MESSAGE }],
  };
}

/** The filter with its tags normalized; BAD_USER_INPUT on impossible values. */
export function checkFilter(filter: MemberFilter | null | undefined, search?: string | null): MemberFilter {
  const errors: FieldError[] = [];
  const checked = { ...(filter ?? {}) };
  if (checked.tags) {
    const tags = checkTags("filter.tags", checked.tags);
    errors.push(...tags.errors);
    checked.tags = tags.tags;
  }
  for (const key of ["eventsAttendedAtLeast", "checkInsAtLeast"] as const) {
    const value = checked[key];
    if (value != null && (!Number.isInteger(value) || value < 0))
      errors.push({
        field: `filter.${key}`,
        code: "OUT_OF_RANGE",
        message: "Use a whole number, 0 or more.",
      });
  }
  const ranges = [
    ["joinedAfter", "joinedBefore"],
    ["lastActiveAfter", "lastActiveBefore"],
  ] as const;
  for (const [from, to] of ranges) {
    const a = checked[from];
    const b = checked[to];
    if (a && b && a > b)
      errors.push({
        field: `filter.${to}`,
        code: "OUT_OF_RANGE",
        message: "The end comes before the start.",
      });
  }
  if (isTooLong("memberSearch", search))
    errors.push({ field: "search", code: "TOO_LONG", message: tooLongMessage("memberSearch") });
  if (errors.length > 0) throw invalidInput(errors);
  return checked;
}

const nonEmpty = <T>(list: readonly T[] | null | undefined): list is readonly T[] =>
  Array.isArray(list) && list.length > 0;

/** The filter's conditions on `m` (membership), the search's included. */
export function filterConditions(communityId: string, filter: MemberFilter, search: string | null): SQL[] {
  const where: SQL[] = [sql`m.community_id = ${communityId}`];
  if (nonEmpty(filter.roles)) where.push(sql`m.role in ${filter.roles}`);
  if (nonEmpty(filter.statuses)) where.push(sql`m.status in ${filter.statuses}`);
  if (nonEmpty(filter.sources)) where.push(sql`m.source in ${filter.sources}`);
  // Each answered by its partial index (community, plan or plan status, joined_at, id).
  if (nonEmpty(filter.plans)) where.push(sql`m.plan_id in ${filter.plans.map(String)}`);
  if (nonEmpty(filter.planStatuses)) where.push(sql`m.plan_status in ${filter.planStatuses}`);
  if (nonEmpty(filter.tags)) {
    // The second form is what membership_tag_keys_idx answers (migration 0009); the first is exact.
    where.push(sql`m.tags @> ${textArray(filter.tags)}`);
    where.push(
      sql`member_tag_keys(m.community_id, m.tags) @> member_tag_keys(${communityId}, ${textArray(filter.tags)})`,
    );
  }
  if (filter.joinedAfter) where.push(sql`m.joined_at >= ${filter.joinedAfter.toISOString()}::timestamptz`);
  if (filter.joinedBefore) where.push(sql`m.joined_at < ${filter.joinedBefore.toISOString()}::timestamptz`);
  if (filter.lastActiveAfter)
    where.push(sql`m.last_active_at >= ${filter.lastActiveAfter.toISOString()}::timestamptz`);
  if (filter.lastActiveBefore)
    where.push(sql`m.last_active_at < ${filter.lastActiveBefore.toISOString()}::timestamptz`);
  if (filter.eventsAttendedAtLeast != null)
    where.push(sql`m.events_attended >= ${filter.eventsAttendedAtLeast}::int`);
  if (filter.checkInsAtLeast != null) where.push(sql`m.check_ins >= ${filter.checkInsAtLeast}::int`);
  if (filter.noShowLastTime) where.push(noShowLastTime);
  if (search) where.push(...searchConditions(communityId, search));
  return where;
}

// The person's settled events (member_activity's primary key leads with community and person), the
// latest by its end; the event counts only if it checked anyone in, so events without a door check
// make nobody a no-show.
const noShowLastTime = sql`exists (
  select 1 from (
    select a.event_id, a.checked_in from member_activity a
    where a.community_id = m.community_id and a.user_id = m.user_id and a.went
    order by a.ended_at desc nulls last, a.event_id desc limit 1) last
  where not last.checked_in
    and exists (select 1 from member_activity b where b.event_id = last.event_id and b.checked_in))`;

/** A text[] value built from bound parameters. */
export const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/** Whether the count can come from `member_count` instead of counting rows. */
export function countsByStatusOnly(filter: MemberFilter, search: string | null): boolean {
  if (search) return false;
  const { statuses, ...rest } = filter;
  return Object.values(rest).every(
    (value) => value == null || value === false || (Array.isArray(value) && value.length === 0),
  );
}
