import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type FieldError, invalidInput } from "#server/errors.ts";
import type { DomainEvent, Emit } from "#server/modules/log/log.events.ts";
import { appendEvents } from "#server/modules/log/log.service.ts";
import { COUNT_LIMITS } from "#shared/limits.ts";
import { checkFilter, checkNewTags, checkTags, filterConditions, textArray } from "./member-filter.ts";
import { type MemberSelection, selectionErrors } from "./member-selection.service.ts";
import { type MembersCtx, requireCapability } from "./members.service.ts";

export type MembersWriteCtx = MembersCtx & { emit: Emit; clock: () => Date };

/** The rows a bulk action acts on: the ones selected by id, or every row the table's filter shows. */
export type TagResult = { matched: number; changed: number };

/** Rows per statement: one batch's entries go to the log in one insert. */
const BATCH = 1_000;

type Target = { id: string; user_id: string; old: string[]; new: string[]; changed: boolean };

/**
 * Adds and removes tags on the selected members, in one transaction: a `member.tagged` entry per
 * membership whose tags changed, in the same transaction (one insert per batch).
 */
export async function tagMembers(
  ctx: MembersWriteCtx,
  communityId: string,
  selection: MemberSelection,
  changes: { add: string[]; remove: string[] },
): Promise<TagResult> {
  const me = await requireCapability(ctx, communityId, "members.manage", "Only admins can tag members.");
  const errors: FieldError[] = [];
  const add = checkNewTags("add", changes.add);
  const remove = checkTags("remove", changes.remove);
  errors.push(...add.errors, ...remove.errors);
  if (add.tags.length === 0 && remove.tags.length === 0 && add.errors.length === 0)
    errors.push({ field: "add", code: "REQUIRED", message: "Name a tag to add or remove." });
  errors.push(...selectionErrors(selection));
  if (errors.length > 0) throw invalidInput(errors);
  let where: ReturnType<typeof filterConditions>;
  if ("membershipIds" in selection) {
    where = [sql`m.community_id = ${communityId}`, sql`m.id in ${selection.membershipIds}`];
  } else {
    const search = selection.search?.trim() || null;
    where = filterConditions(communityId, checkFilter(selection.filter, search), search);
  }
  // Tags keep their order; an added tag goes last, a removed one goes wherever it was.
  const next = sql`array(
    select x from unnest(t.old || ${textArray(add.tags)}) with ordinality as e(x, n)
    where x <> all(${textArray(remove.tags)}) group by x order by min(n))`;

  return ctx.db.transaction(async (tx) => {
    let matched = 0;
    let changed = 0;
    let lastId = "";
    const at = ctx.clock();
    for (;;) {
      const rows = (
        (await tx.execute(sql`
          with t as (
            select m.id, m.user_id, m.tags as old from membership m
            where ${sql.join(where, sql` and `)} and m.id > ${lastId}
            order by m.id limit ${BATCH} for update of m
          ), n as (select t.id, ${next} as new from t),
          u as (
            update membership m set tags = n.new from t join n using (id)
            where m.id = t.id and n.new is distinct from t.old
            returning m.id
          )
          select t.id, t.user_id, t.old, n.new, (u.id is not null) as changed
          from t join n using (id) left join u using (id) order by t.id`)) as unknown as { rows: Target[] }
      ).rows;
      if (rows.length === 0) break;
      matched += rows.length;
      lastId = rows.at(-1)?.id ?? lastId;
      const touched = rows.filter((r) => r.changed);
      if (touched.some((r) => r.new.length > COUNT_LIMITS.memberTags))
        throw invalidInput([
          {
            field: "add",
            code: "TOO_MANY",
            message: `A member can carry at most ${COUNT_LIMITS.memberTags} tags.`,
          },
        ]);
      changed += touched.length;
      const events = touched.map(
        (r): DomainEvent => ({
          type: "member.tagged",
          communityId,
          actorId: me.viewer.id,
          subjectId: r.user_id,
          payload: {
            membershipId: r.id,
            userId: r.user_id,
            added: r.new.filter((tag) => !r.old.includes(tag)),
            removed: r.old.filter((tag) => !r.new.includes(tag)),
          },
        }),
      );
      const last = events.pop();
      await appendEvents(tx as Db, events, at);
      // The batch's last entry goes through `emit`, which also wakes the log's dispatcher.
      if (last) await ctx.emit(tx as Db, last);
      if (rows.length < BATCH) break;
    }
    return { matched, changed };
  });
}

export type MembershipTagChange =
  | { outcome: "changed"; userId: string; tags: string[] }
  /** The membership already had (or already lacked) the tag: nothing was written. */
  | { outcome: "unchanged"; userId: string; tags: string[] }
  /** No such membership in the community. */
  | { outcome: "missing" };

/**
 * Adds or removes one tag on one membership of the community, without a signed-in viewer (a
 * community's agents): the same rules and `member.tagged` entry as the bulk action, `actorId: null`.
 * Runs inside the caller's transaction.
 */
export async function tagMembershipBySystem(
  tx: Db,
  actor: { emit: Emit },
  input: { communityId: string; membershipId: string; tag: string; change: "add" | "remove" },
): Promise<MembershipTagChange> {
  const checked = (input.change === "add" ? checkNewTags : checkTags)("tag", [input.tag]);
  const tag = checked.tags[0];
  if (checked.errors.length > 0 || !tag) throw invalidInput(checked.errors);
  const rows = (
    (await tx.execute(sql`
      select id, user_id, tags from membership
      where id = ${input.membershipId} and community_id = ${input.communityId}
      for update`)) as unknown as { rows: { id: string; user_id: string; tags: string[] }[] }
  ).rows;
  const row = rows[0];
  if (!row) return { outcome: "missing" };
  const has = row.tags.includes(tag);
  if (input.change === "add" ? has : !has)
    return { outcome: "unchanged", userId: row.user_id, tags: row.tags };
  // Tags keep their order: an added tag goes last, a removed one leaves its place.
  const tags = input.change === "add" ? [...row.tags, tag] : row.tags.filter((t) => t !== tag);
  if (tags.length > COUNT_LIMITS.memberTags)
    throw invalidInput([
      {
        field: "tag",
        code: "TOO_MANY",
        message: `A member can carry at most ${COUNT_LIMITS.memberTags} tags.`,
      },
    ]);
  await tx.execute(sql`update membership set tags = ${textArray(tags)} where id = ${row.id}`);
  await actor.emit(tx, {
    type: "member.tagged",
    communityId: input.communityId,
    actorId: null,
    subjectId: row.user_id,
    payload: {
      membershipId: row.id,
      userId: row.user_id,
      added: input.change === "add" ? [tag] : [],
      removed: input.change === "remove" ? [tag] : [],
    },
  });
  return { outcome: "changed", userId: row.user_id, tags };
}
