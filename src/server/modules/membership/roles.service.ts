import type { Db } from "#server/db/client.ts";
import { conflict, forbidden, notFound } from "#server/errors.ts";
import { adjustMemberCount } from "#server/modules/communities/community-lookup.service.ts";
import { requireMembership } from "#server/modules/members/members.service.ts";
import {
  deleteMembership,
  lockMembershipById,
  lockMembershipOf,
  type MembershipRecord,
  updateMembership,
} from "#server/modules/members/membership-records.service.ts";
import { cancelRegistrationsOnBan } from "#server/modules/registrations/registration-bans.service.ts";
import type { Role } from "#shared/capabilities.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { mayAssign, mayManage, mayTransferOwnership } from "./membership.policy.ts";

/**
 * Locks a membership for a change by a member of the same community who may act on its role.
 * Strangers to the community get NOT_FOUND (nothing of it leaks); its members FORBIDDEN.
 */
async function lockTarget(ctx: MembershipCtx, tx: Db, membershipId: string) {
  const target = await lockMembershipById(tx, membershipId);
  if (!target) throw notFound();
  const actor = await requireMembership({ db: tx, viewer: ctx.viewer }, target.communityId);
  const self = target.userId === actor.viewer.id;
  if (!mayManage(actor, target.role, self)) {
    throw forbidden(
      self
        ? "You can't change your own membership here: leave the community instead."
        : target.role === "owner"
          ? "The owner's role changes only by a transfer of ownership."
          : target.role === "admin"
            ? "Only the owner manages admins."
            : "Only admins and the owner manage members.",
    );
  }
  return { target, actor };
}

export async function setMemberRole(
  ctx: MembershipCtx,
  membershipId: string,
  role: Role,
): Promise<MembershipRecord> {
  return ctx.db.transaction(async (tx) => {
    const { target, actor } = await lockTarget(ctx, tx, membershipId);
    if (!mayAssign(actor, role)) {
      throw forbidden(
        role === "owner"
          ? "Use the transfer of ownership to make someone the owner."
          : "Only the owner makes admins.",
      );
    }
    if (target.status !== "active") throw conflict("Only active members have a role to change.");
    if (target.role === role) return target;
    const changed = await updateMembership(tx, membershipId, { role });
    await ctx.emit(tx, {
      type: "member.role_changed",
      communityId: target.communityId,
      actorId: actor.viewer.id,
      subjectId: target.userId,
      payload: { userId: target.userId, membershipId, from: target.role, to: role },
    });
    return changed;
  });
}

/**
 * Bans a member or a requester: they lose their role and can't rejoin, request or register. With
 * `cancelRegistrations` (the default), their registrations to the community's events not yet over
 * are canceled in the same transaction, so their seats, check-in codes and online links go too.
 */
export async function banMember(
  ctx: MembershipCtx,
  membershipId: string,
  options: { cancelRegistrations: boolean } = { cancelRegistrations: true },
): Promise<MembershipRecord> {
  return ctx.db.transaction(async (tx) => {
    const { target, actor } = await lockTarget(ctx, tx, membershipId);
    if (target.status === "banned") return target;
    const now = ctx.clock();
    const row = await updateMembership(tx, membershipId, {
      status: "banned",
      role: "member",
      decidedAt: now,
      decidedBy: actor.viewer.id,
    });
    if (target.status === "active") await adjustMemberCount(tx, target.communityId, -1);
    await ctx.emit(tx, {
      type: "member.banned",
      communityId: target.communityId,
      actorId: actor.viewer.id,
      subjectId: target.userId,
      payload: { userId: target.userId, membershipId, role: target.role },
    });
    if (options.cancelRegistrations)
      await cancelRegistrationsOnBan(tx, {
        communityId: target.communityId,
        userId: target.userId,
        actorId: actor.viewer.id,
        emit: ctx.emit,
        at: now,
      });
    return row;
  });
}

/** Removes a membership; the person may join again (removing a ban lifts it). */
export async function removeMember(ctx: MembershipCtx, membershipId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { target, actor } = await lockTarget(ctx, tx, membershipId);
    await deleteMembership(tx, membershipId);
    if (target.status === "active") await adjustMemberCount(tx, target.communityId, -1);
    await ctx.emit(tx, {
      type: "member.removed",
      communityId: target.communityId,
      actorId: actor.viewer.id,
      subjectId: target.userId,
      payload: { userId: target.userId, membershipId, role: target.role },
    });
  });
}

/** Hands the community to another active member; the old owner stays on as an admin. */
export async function transferOwnership(
  ctx: MembershipCtx,
  communityId: string,
  membershipId: string,
): Promise<MembershipRecord> {
  return ctx.db.transaction(async (tx) => {
    const actor = await requireMembership({ db: tx, viewer: ctx.viewer }, communityId);
    if (!mayTransferOwnership(actor)) throw forbidden("Only the owner can transfer ownership.");
    const target = await lockMembershipById(tx, membershipId);
    if (!target || target.communityId !== communityId) throw notFound();
    if (target.userId === actor.viewer.id) throw conflict("You already own this community.");
    if (target.status !== "active") throw conflict("Transfer ownership to an active member.");
    const own = await lockMembershipOf(tx, communityId, actor.viewer.id);
    if (!own) throw notFound();
    await updateMembership(tx, own.id, { role: "admin" });
    const promoted = await updateMembership(tx, membershipId, { role: "owner" });
    await ctx.emit(tx, {
      type: "member.ownership_transferred",
      communityId,
      actorId: actor.viewer.id,
      subjectId: target.userId,
      payload: { fromUserId: actor.viewer.id, toUserId: target.userId },
    });
    return promoted;
  });
}
