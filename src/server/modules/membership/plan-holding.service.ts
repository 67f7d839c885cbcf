import type { Db } from "#server/db/client.ts";
import { DomainError, invalidInput } from "#server/errors.ts";
import {
  adjustMemberCount,
  type CommunityRow,
} from "#server/modules/communities/community-lookup.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import {
  insertMembership,
  lockMembershipOf,
  type MembershipRecord,
  planColumns,
  updateMembership,
} from "#server/modules/members/membership-records.service.ts";
import type { Origin } from "#shared/origins.ts";
import { isFreeInterval, type PlanStatus } from "#shared/plans.ts";
import { offeredPlans, type Plan, planById } from "./plans.service.ts";

// Holding a plan: which plan a person joins with, and the membership's plan columns as the plan
// starts, changes and ends. Free plans are started here on joining or approval; paid ones by the
// payments module once Stripe confirms the money.

/** The plan a person joins with, and whether an admin decides first; null in a community without plans. */
export async function planForJoining(
  tx: Db,
  community: CommunityRow,
  planId: string | null,
): Promise<{ plan: Plan; needsApproval: boolean } | null> {
  const plans = await offeredPlans(tx, community.id);
  if (plans.length === 0 && !planId) return null;
  if (!planId) throw invalidInput([{ field: "planId", code: "REQUIRED", message: "Choose a plan." }]);
  const plan = plans.find((p) => p.id === planId);
  if (!plan)
    throw invalidInput([
      {
        field: "planId",
        code: "PLAN_UNAVAILABLE",
        message: "This plan is not offered any more. Choose another.",
      },
    ]);
  const needsApproval = community.joinPolicy === "approval" || plan.approvalRequired;
  if (!needsApproval && !isFreeInterval(plan.interval))
    throw new DomainError("PAYMENT_REQUIRED", "This plan is paid: continue to checkout.", [
      { field: "planId", code: "PAYMENT_REQUIRED", message: "This plan is paid: continue to checkout." },
    ]);
  return { plan, needsApproval };
}

export type PlanChange = {
  communityId: string;
  userId: string;
  plan: Plan;
  /** The Stripe purchase behind the change; null for free plans. */
  subscriptionId: string | null;
  at: Date;
  actorId: string | null;
  /** The paid period's end, when there is one. */
  periodEnd?: Date | null;
  /** Where a person joining with the plan came from; a request's own origin when not given. */
  origin?: Origin | null;
};

const factsOf = (membership: MembershipRecord, change: PlanChange) => ({
  membershipId: membership.id,
  userId: change.userId,
  planId: change.plan.id,
  planName: change.plan.name,
  subscriptionId: change.subscriptionId,
});

/**
 * The plan starts: the person becomes an active member if they were not one (a paid plan makes
 * the membership), the plan is theirs with its benefits, and `membership.started` is logged. A
 * banned person stays banned.
 */
export async function startPlan(tx: Db, emit: Emit, change: PlanChange): Promise<MembershipRecord> {
  const { communityId, userId, plan, at } = change;
  const columns = planColumns(plan, "active");
  const existing = await lockMembershipOf(tx, communityId, userId);
  const origin = change.origin ?? existing?.origin ?? null;
  let row: MembershipRecord;
  if (!existing) {
    const inserted = await insertMembership(tx, {
      communityId,
      userId,
      role: "member",
      status: "active",
      source: "joined",
      joinedAt: at,
      origin,
      ...columns,
    });
    if (!inserted) throw new Error(`membership of ${userId} in ${communityId} appeared under its lock`);
    row = inserted;
  } else {
    const joining = existing.status === "pending" || existing.status === "person";
    row = await updateMembership(tx, existing.id, {
      ...columns,
      ...(joining ? { status: "active", joinedAt: at, decidedAt: at, origin } : {}),
    });
  }
  if (row.status === "active" && existing?.status !== "active") {
    await adjustMemberCount(tx, communityId, 1);
    await emit(tx, {
      type: "member.joined",
      communityId,
      actorId: change.actorId,
      subjectId: userId,
      payload: { userId, role: row.role, source: row.source, ...(row.origin ? { origin: row.origin } : {}) },
    });
  }
  await emit(tx, {
    type: "membership.started",
    communityId,
    actorId: change.actorId,
    subjectId: userId,
    payload: {
      ...factsOf(row, change),
      interval: plan.interval,
      amountMinor: plan.priceMinor,
      currency: plan.currency,
    },
  });
  return row;
}

/**
 * Where a member stands with their plan moves (past due, canceling, active again, ended). Nothing
 * happens when the person left or holds another plan now, or already stands there. `ended` takes
 * the plan's benefits away and logs `membership.ended`.
 */
export async function changePlanStatus(
  tx: Db,
  emit: Emit,
  change: PlanChange & { status: Exclude<PlanStatus, "requested"> },
): Promise<MembershipRecord | null> {
  const existing = await lockMembershipOf(tx, change.communityId, change.userId);
  if (!existing || existing.planId !== change.plan.id || existing.planStatus === change.status) return null;
  const row = await updateMembership(tx, existing.id, planColumns(change.plan, change.status));
  const base = { communityId: change.communityId, actorId: change.actorId, subjectId: change.userId };
  if (change.status === "ended") {
    await emit(tx, {
      ...base,
      type: "membership.ended",
      payload: { ...factsOf(row, change), from: existing.planStatus },
    });
  } else {
    await emit(tx, {
      ...base,
      type: "membership.status_changed",
      payload: {
        ...factsOf(row, change),
        from: existing.planStatus,
        to: change.status,
        periodEnd: change.periodEnd?.toISOString() ?? null,
      },
    });
  }
  return row;
}

/**
 * A join request made with a plan was approved: a free plan starts now; a priced one waits for the
 * payment (the approval mail links to it), so nobody is charged before an admin said yes.
 */
export async function settleRequestedPlan(
  tx: Db,
  emit: Emit,
  membership: MembershipRecord,
  actorId: string | null,
  at: Date,
): Promise<MembershipRecord | null> {
  if (membership.planStatus !== "requested" || !membership.planId) return null;
  const plan = await planById(tx, membership.planId);
  if (!plan) return null;
  const change = {
    communityId: membership.communityId,
    userId: membership.userId,
    plan,
    subscriptionId: null,
    at,
    actorId,
  };
  if (isFreeInterval(plan.interval)) return startPlan(tx, emit, change);
  return changePlanStatus(tx, emit, { ...change, status: "awaiting_payment" });
}
