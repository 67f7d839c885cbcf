import type { Db } from "#server/db/client.ts";
import { forbidden } from "#server/errors.ts";
import type { DomainEvent } from "#server/modules/log/log.events.ts";
import { appendEvents } from "#server/modules/log/log.service.ts";
import type { MemberSelection } from "#server/modules/members/member-selection.service.ts";
import {
  checkSelection,
  lockSelectedPage,
  type SelectedMembership,
  setRoleOf,
} from "#server/modules/members/member-selection.service.ts";
import { requireMembership } from "#server/modules/members/members.service.ts";
import type { Role } from "#shared/capabilities.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { mayAssign, mayManage } from "./membership.policy.ts";

export type RoleOutcome = "changed" | "unchanged" | "forbidden" | "self" | "not_active";

export type BulkRoleResult = {
  matched: number;
  changed: number;
  /** Every row that was not changed, with why (the owner, an admin for an admin, oneself, ...). */
  skipped: { membershipId: string; userId: string; outcome: Exclude<RoleOutcome, "changed"> }[];
};

const BATCH = 1_000;

function outcomeOf(
  actor: Parameters<typeof mayManage>[0] & { viewer: { id: string } },
  target: SelectedMembership,
  role: Role,
): RoleOutcome {
  if (target.userId === actor.viewer.id) return "self";
  if (!mayManage(actor, target.role, false)) return "forbidden";
  if (target.status !== "active") return "not_active";
  if (target.role === role) return "unchanged";
  return "changed";
}

/**
 * Gives the selected members (by id, or every row of the table's filter) one role, each under the
 * same rules as `setMemberRole`: the owner is untouchable, admins are the owner's to change, nobody
 * changes themselves. One transaction; a `member.role_changed` per changed row.
 */
export async function setMemberRoles(
  ctx: MembershipCtx,
  communityId: string,
  selection: MemberSelection,
  role: Role,
): Promise<BulkRoleResult> {
  const actor = await requireMembership(ctx, communityId);
  if (!mayAssign(actor, role))
    throw forbidden(
      role === "owner"
        ? "Use the transfer of ownership to make someone the owner."
        : role === "admin"
          ? "Only the owner makes admins."
          : "Only admins and the owner change roles.",
    );
  const checked = checkSelection(selection);
  return ctx.db.transaction(async (tx) => {
    const result: BulkRoleResult = { matched: 0, changed: 0, skipped: [] };
    const at = ctx.clock();
    let afterId = "";
    for (;;) {
      const page = await lockSelectedPage(tx as Db, communityId, checked, afterId, BATCH);
      if (page.length === 0) break;
      result.matched += page.length;
      afterId = page.at(-1)?.id ?? afterId;
      const changing: SelectedMembership[] = [];
      for (const target of page) {
        const outcome = outcomeOf(actor, target, role);
        if (outcome === "changed") changing.push(target);
        else result.skipped.push({ membershipId: target.id, userId: target.userId, outcome });
      }
      await setRoleOf(
        tx as Db,
        changing.map((t) => t.id),
        role,
      );
      result.changed += changing.length;
      const events = changing.map(
        (t): DomainEvent => ({
          type: "member.role_changed",
          communityId,
          actorId: actor.viewer.id,
          subjectId: t.userId,
          payload: { userId: t.userId, membershipId: t.id, from: t.role, to: role },
        }),
      );
      const last = events.pop();
      await appendEvents(tx as Db, events, at);
      // The batch's last entry goes through `emit`, which also wakes the log's dispatcher.
      if (last) await ctx.emit(tx as Db, last);
      if (page.length < BATCH) break;
    }
    return result;
  });
}
