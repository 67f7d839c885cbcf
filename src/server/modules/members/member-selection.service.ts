import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type FieldError, invalidInput } from "#server/errors.ts";
import type { Role } from "#shared/capabilities.ts";
import { COUNT_LIMITS } from "#shared/limits.ts";
import { checkFilter, filterConditions, type MemberFilter } from "./member-filter.ts";
import type { MembershipStatus } from "./members.tables.ts";

/** The members a bulk action applies to: picked rows, or everything the table's filter matches. */
export type MemberSelection =
  | { membershipIds: string[] }
  | { filter: MemberFilter | null | undefined; search?: string | null };

export type SelectedMembership = { id: string; userId: string; role: Role; status: MembershipStatus };

/** What is wrong with a selection: none, too many ids, or neither ids nor a filter. */
export function selectionErrors(selection: MemberSelection): FieldError[] {
  if (!("membershipIds" in selection)) {
    return selection.filter
      ? []
      : [{ field: "filter", code: "REQUIRED", message: "Select members, or act on the table's filter." }];
  }
  const errors: FieldError[] = [];
  if (selection.membershipIds.length === 0)
    errors.push({ field: "membershipIds", code: "REQUIRED", message: "Select at least one member." });
  if (selection.membershipIds.length > COUNT_LIMITS.selectedMembers)
    errors.push({
      field: "membershipIds",
      code: "TOO_MANY",
      message: `Select at most ${COUNT_LIMITS.selectedMembers.toLocaleString("en-US")} members, or act on the whole filter.`,
    });
  return errors;
}

/** The selection checked: BAD_USER_INPUT for none, too many ids, or neither ids nor a filter. */
export function checkSelection(selection: MemberSelection): MemberSelection {
  const errors = selectionErrors(selection);
  if (errors.length > 0) throw invalidInput(errors);
  if ("membershipIds" in selection) return { membershipIds: [...new Set(selection.membershipIds)] };
  const search = selection.search?.trim() || null;
  return { filter: checkFilter(selection.filter, search), search };
}

/**
 * A checked selection as conditions on `m` (membership). A search means what the member table's
 * does: part of the name or e-mail, any case.
 */
export function selectionSql(communityId: string, selection: MemberSelection): SQL[] {
  if ("membershipIds" in selection)
    return [sql`m.community_id = ${communityId}`, sql`m.id in ${selection.membershipIds}`];
  return filterConditions(communityId, selection.filter ?? {}, selection.search ?? null);
}

/**
 * The next page (by id, after `afterId`) of the selected memberships of one community, locked
 * for the caller's transaction. Ids of another community's members never match.
 */
export async function lockSelectedPage(
  tx: Db,
  communityId: string,
  selection: MemberSelection,
  afterId: string,
  limit: number,
): Promise<SelectedMembership[]> {
  const where = selectionSql(communityId, selection);
  const result = (await tx.execute(sql`
    select m.id, m.user_id as "userId", m.role, m.status from membership m
    where ${sql.join(where, sql` and `)} and m.id > ${afterId}
    order by m.id limit ${limit} for update of m`)) as unknown as { rows: SelectedMembership[] };
  return result.rows;
}

/** Gives these memberships one role (the caller has checked each may be given it). */
export async function setRoleOf(tx: Db, ids: readonly string[], role: Role): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update membership set role = ${role} where id in ${ids}`);
}
