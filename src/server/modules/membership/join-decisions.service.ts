import type { Db } from "#server/db/client.ts";
import { adjustMemberCount } from "#server/modules/communities/community-lookup.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import {
  deleteMembership,
  insertMembership,
  lockMembershipById,
  lockMembershipOf,
  type MembershipRecord,
  updateMembership,
} from "#server/modules/members/membership-records.service.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import type { Origin } from "#shared/origins.ts";
import type { Answers } from "#shared/questions.ts";
import { settleRequestedPlan } from "./plan-holding.service.ts";

// Join requests decided without a signed-in viewer (a community's agents, issue 24): the same
// writes and log entries as an admin's decision in join.service.ts, with `actorId: null`, inside
// the caller's transaction; and the way back to pending when such a decision is undone.

export type SystemActor = { emit: Emit; at: Date };

/** What a decided request was, so that undoing the decision can put it back as it stood. */
export type JoinRequestSnapshot = {
  membershipId: string;
  userId: string;
  role: MembershipRecord["role"];
  source: MembershipRecord["source"];
  requestedAt: string;
  answers: Answers;
  origin: Origin | null;
  planId: string | null;
  planStatus: MembershipRecord["planStatus"];
};

export type JoinDecision =
  | { outcome: "decided"; decision: "approve" | "decline"; userId: string; request: JoinRequestSnapshot }
  /** Nothing changed: the membership is gone, of another community, or not a pending request. */
  | { outcome: "unchanged"; status: MembershipRecord["status"] | null };

const snapshotOf = (row: MembershipRecord): JoinRequestSnapshot => ({
  membershipId: row.id,
  userId: row.userId,
  role: row.role,
  source: row.source,
  requestedAt: row.joinedAt.toISOString(),
  answers: row.answers,
  origin: row.origin,
  planId: row.planId,
  planStatus: row.planStatus,
});

/** Approves or declines a pending join request of the community, as an admin's decision does. */
export async function decideJoinRequestBySystem(
  tx: Db,
  actor: SystemActor,
  input: {
    communityId: string;
    membershipId: string;
    decision: "approve" | "decline";
    message?: string | null;
  },
): Promise<JoinDecision> {
  const row = await lockMembershipById(tx, input.membershipId);
  if (!row || row.communityId !== input.communityId) return { outcome: "unchanged", status: null };
  if (row.status !== "pending") return { outcome: "unchanged", status: row.status };
  const request = snapshotOf(row);
  const base = { communityId: row.communityId, actorId: null, subjectId: row.userId };
  if (input.decision === "approve") {
    const approved = await updateMembership(tx, row.id, {
      status: "active",
      joinedAt: actor.at,
      decidedAt: actor.at,
      decidedBy: null,
    });
    await adjustMemberCount(tx, row.communityId, 1);
    await actor.emit(tx, {
      ...base,
      type: "member.approved",
      payload: { userId: row.userId, membershipId: row.id },
    });
    await actor.emit(tx, {
      ...base,
      type: "member.joined",
      // The join keeps where the request came from, as an admin's approval does; one the request
      // does not say came through the agent.
      payload: { userId: row.userId, role: row.role, source: row.source, origin: row.origin ?? "agent" },
    });
    await settleRequestedPlan(tx, actor.emit, approved, null, actor.at);
  } else {
    const note = input.message?.trim().slice(0, TEXT_LIMITS.cancelMessage) || null;
    // A request from one of the community's people (source `event`) leaves them one of its people.
    if (row.source === "event")
      await updateMembership(tx, row.id, {
        status: "person",
        answers: {},
        planId: null,
        planStatus: null,
        planBenefits: null,
      });
    else await deleteMembership(tx, row.id);
    await actor.emit(tx, {
      ...base,
      type: "member.declined",
      payload: { userId: row.userId, membershipId: row.id, message: note },
    });
  }
  return { outcome: "decided", decision: input.decision, userId: row.userId, request };
}

export type JoinReopening = { outcome: "reopened" } | { outcome: "moved_on"; reason: string };

/**
 * Puts a request an agent decided back in the queue, pending as it was asked, while nothing has
 * happened to it since: an approved member still active, with the role they joined with and no
 * plan started by the approval; a declined person not in the community again.
 */
export async function reopenJoinRequestBySystem(
  tx: Db,
  actor: SystemActor,
  input: { communityId: string; decision: "approve" | "decline"; request: JoinRequestSnapshot },
): Promise<JoinReopening> {
  const { request } = input;
  const pendingAgain = {
    status: "pending",
    joinedAt: new Date(request.requestedAt),
    decidedAt: null,
    decidedBy: null,
    answers: request.answers,
    origin: request.origin,
  } as const;
  if (input.decision === "approve") {
    const row = await lockMembershipById(tx, request.membershipId);
    if (!row || row.communityId !== input.communityId || row.status !== "active")
      return { outcome: "moved_on", reason: "they are no longer a member" };
    if (row.role !== request.role) return { outcome: "moved_on", reason: "their role has changed" };
    if (request.planStatus === "requested" || row.planStatus !== request.planStatus)
      return { outcome: "moved_on", reason: "the plan they asked for has started" };
    await updateMembership(tx, row.id, pendingAgain);
    await adjustMemberCount(tx, row.communityId, -1);
  } else {
    const row = await lockMembershipOf(tx, input.communityId, request.userId);
    if (row && !(row.id === request.membershipId && row.status === "person"))
      return { outcome: "moved_on", reason: "they are in the community again" };
    const plan = { planId: request.planId, planStatus: request.planStatus, planBenefits: null };
    if (row) await updateMembership(tx, row.id, { ...pendingAgain, ...plan });
    else
      await insertMembership(tx, {
        id: request.membershipId,
        communityId: input.communityId,
        userId: request.userId,
        role: request.role,
        status: "pending",
        source: request.source,
        joinedAt: new Date(request.requestedAt),
        answers: request.answers,
        origin: request.origin,
        ...plan,
      });
  }
  await actor.emit(tx, {
    type: "member.request_reopened",
    communityId: input.communityId,
    actorId: null,
    subjectId: request.userId,
    payload: {
      userId: request.userId,
      membershipId: request.membershipId,
      from: input.decision === "approve" ? "active" : "declined",
    },
  });
  return { outcome: "reopened" };
}
