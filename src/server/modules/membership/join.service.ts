import type { RememberingLoaders } from "#server/db/read-cache.ts";
import { conflict, DomainError, forbidden, invalidInput, notFound } from "#server/errors.ts";
import {
  adjustMemberCount,
  type CommunityRow,
  findCommunity,
  findCommunityBySlug,
} from "#server/modules/communities/community-lookup.service.ts";
import { type CommunityShowcase, communityShowcase } from "#server/modules/events/events.service.ts";
import { type MembersCtx, requireMembership } from "#server/modules/members/members.service.ts";
import {
  countPending,
  deleteMembership,
  insertMembership,
  type JoinRequestRecord,
  lockMembershipById,
  lockMembershipOf,
  type MembershipRecord,
  membershipOf,
  pendingRequests,
  planColumns,
  updateMembership,
} from "#server/modules/members/membership-records.service.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import type { Origin } from "#shared/origins.ts";
import { type AnswerInput, validateAnswers } from "#shared/questions.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { mayManage, mayReviewMembers } from "./membership.policy.ts";
import { planForJoining, settleRequestedPlan, startPlan } from "./plan-holding.service.ts";

/** A membership's origin as the log's `member.joined` carries it: absent when unknown. */
export const originOf = (row: { origin: Origin | null }): { origin?: Origin } =>
  row.origin ? { origin: row.origin } : {};

export const banned = () =>
  new DomainError("BANNED", "You can't join this community: an admin removed you from it.");

/** What `/c/{slug}` may show: everything for public communities and members, the face otherwise. */
export type PublicCommunityView = {
  community: CommunityRow;
  viewerMembership: MembershipRecord | null;
  /** False for a private community seen by someone who is not an active member. */
  full: boolean;
  /** Its public events; null when `full` is false. */
  showcase: CommunityShowcase | null;
};

export async function communityBySlug(
  ctx: Pick<MembershipCtx, "db" | "viewer" | "clock">,
  slug: string,
): Promise<PublicCommunityView | null> {
  const community = await findCommunityBySlug(ctx.db, slug.trim().toLowerCase());
  if (!community) return null;
  const known = ctx.viewer ? await membershipOf(ctx.db, community.id, ctx.viewer.id) : null;
  // One of the community's people is not a member: to the page, they have no membership.
  const viewerMembership = known?.status === "person" ? null : known;
  const full = community.visibility === "public" || viewerMembership?.status === "active";
  const showcase = full ? await communityShowcase(ctx.db, community.id, ctx.clock()) : null;
  return { community, viewerMembership, full, showcase };
}

/**
 * Open communities take the person at once; approval ones file a request with the answers to the
 * join questions; invite-only ones refuse (an invitation is the way in); banned people never get
 * back in. Asking again returns the membership or request already there. A community offering
 * plans is joined with one: a free plan as above (a request when it asks for approval), a priced
 * one through checkout, or as a request when an admin approves first (charged once approved).
 */
export async function joinCommunity(
  ctx: MembershipCtx,
  communityId: string,
  answers: AnswerInput[],
  planId: string | null = null,
  origin: Origin | null = null,
): Promise<MembershipRecord> {
  const me = requireViewer(ctx.viewer);
  return ctx.db.transaction(async (tx) => {
    const community = await findCommunity(tx, communityId);
    if (!community) throw notFound();
    const existing = await lockMembershipOf(tx, communityId, me.id);
    if (existing?.status === "banned") throw banned();
    // Someone known only through events joins like anyone else; their row (counters, tags) stays.
    const person = existing?.status === "person" ? existing : null;
    if (existing && !person) return existing;
    if (community.joinPolicy === "invite") {
      throw new DomainError("INVITE_ONLY", "This community is invite only: ask an admin for an invitation.");
    }
    // With plans on offer, a person joins with one of them (a priced one through checkout).
    const chosen = await planForJoining(tx, community, planId);
    const now = ctx.clock();
    if (chosen && !chosen.needsApproval) {
      return startPlan(tx, ctx.emit, {
        communityId,
        userId: me.id,
        plan: chosen.plan,
        subscriptionId: null,
        at: now,
        actorId: me.id,
        origin,
      });
    }
    if (!chosen && community.joinPolicy === "open") {
      const row = person
        ? await updateMembership(tx, person.id, { status: "active", joinedAt: now, origin })
        : await insertMembership(tx, {
            communityId,
            userId: me.id,
            role: "member",
            status: "active",
            source: "joined",
            joinedAt: now,
            origin,
          });
      if (!row) throw conflict("You joined a moment ago. Reload the page.");
      await adjustMemberCount(tx, communityId, 1);
      await ctx.emit(tx, {
        type: "member.joined",
        communityId,
        actorId: me.id,
        subjectId: me.id,
        payload: { userId: me.id, role: "member", source: row.source, ...originOf(row) },
      });
      return row;
    }
    const checked = validateAnswers(community.joinQuestions, answers);
    if (checked.errors.length > 0) throw invalidInput(checked.errors);
    const request = {
      status: "pending" as const,
      joinedAt: now,
      answers: checked.value,
      origin,
      ...(chosen ? planColumns(chosen.plan, "requested") : {}),
    };
    const row = person
      ? await updateMembership(tx, person.id, request)
      : await insertMembership(tx, {
          communityId,
          userId: me.id,
          role: "member",
          source: "joined",
          ...request,
        });
    if (!row) throw conflict("You asked a moment ago. Reload the page.");
    await ctx.emit(tx, {
      type: "member.requested",
      communityId,
      actorId: me.id,
      subjectId: me.id,
      payload: { userId: me.id, membershipId: row.id },
    });
    return row;
  });
}

const personAgain = {
  status: "person",
  answers: {},
  planId: null,
  planStatus: null,
  planBenefits: null,
} as const satisfies Parameters<typeof updateMembership>[2];

/** Leaving, or withdrawing a request. The owner hands the community over first. */
export async function leaveCommunity(ctx: MembershipCtx, communityId: string): Promise<void> {
  const me = requireViewer(ctx.viewer);
  await ctx.db.transaction(async (tx) => {
    const row = await lockMembershipOf(tx, communityId, me.id);
    // A banned person "leaving" would lift their own ban: to them the membership is not there.
    if (!row || row.status === "banned") throw notFound();
    if (row.role === "owner") {
      throw new DomainError(
        "OWNER_MUST_TRANSFER",
        "You own this community: transfer ownership to another member before leaving.",
      );
    }
    // Withdrawing the request of one of the community's people (source `event`) leaves them one
    // of its people, their event history kept, as declining it does.
    if (row.status === "pending" && row.source === "event") await updateMembership(tx, row.id, personAgain);
    else await deleteMembership(tx, row.id);
    if (row.status === "active") await adjustMemberCount(tx, communityId, -1);
    await ctx.emit(tx, {
      type: "member.left",
      communityId,
      actorId: me.id,
      subjectId: me.id,
      payload: { userId: me.id, membershipId: row.id, role: row.role },
    });
  });
}

/** Locks a pending request for a decision by someone allowed to make it. */
async function lockRequest(ctx: MembershipCtx, tx: MembershipCtx["db"], id: string) {
  const row = await lockMembershipById(tx, id);
  if (!row) throw notFound();
  const actor = await requireMembership({ db: tx, viewer: ctx.viewer }, row.communityId);
  if (!mayManage(actor, row.role, row.userId === actor.viewer.id)) {
    throw forbidden("Only admins and the owner can decide join requests.");
  }
  if (row.status !== "pending") throw conflict("This request was already decided.");
  return { row, actor };
}

export async function approveJoinRequest(ctx: MembershipCtx, id: string): Promise<MembershipRecord> {
  return ctx.db.transaction(async (tx) => {
    const { row, actor } = await lockRequest(ctx, tx, id);
    const now = ctx.clock();
    const approved = await updateMembership(tx, id, {
      status: "active",
      joinedAt: now,
      decidedAt: now,
      decidedBy: actor.viewer.id,
    });
    await adjustMemberCount(tx, row.communityId, 1);
    const base = { communityId: row.communityId, actorId: actor.viewer.id, subjectId: row.userId };
    await ctx.emit(tx, {
      ...base,
      type: "member.approved",
      payload: { userId: row.userId, membershipId: id },
    });
    await ctx.emit(tx, {
      ...base,
      type: "member.joined",
      payload: { userId: row.userId, role: row.role, source: row.source, ...originOf(row) },
    });
    return (await settleRequestedPlan(tx, ctx.emit, approved, actor.viewer.id, now)) ?? approved;
  });
}

/** Declines a request (the person may ask again later); the optional message goes in the mail. */
export async function declineJoinRequest(
  ctx: MembershipCtx,
  id: string,
  message: string | null,
): Promise<void> {
  const note = message?.trim() || null;
  if (note && note.length > TEXT_LIMITS.cancelMessage) {
    throw invalidInput([{ field: "message", code: "TOO_LONG", message: tooLongMessage("cancelMessage") }]);
  }
  await ctx.db.transaction(async (tx) => {
    const { row, actor } = await lockRequest(ctx, tx, id);
    // A request from one of the community's people (source `event`) leaves them one of its people.
    if (row.source === "event") await updateMembership(tx, id, personAgain);
    else await deleteMembership(tx, id);
    await ctx.emit(tx, {
      type: "member.declined",
      communityId: row.communityId,
      actorId: actor.viewer.id,
      subjectId: row.userId,
      payload: { userId: row.userId, membershipId: id, message: note },
    });
  });
}

export type JoinRequestPage = {
  nodes: (JoinRequestRecord & { community: CommunityRow })[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
};

const cursorOf = (row: MembershipRecord) =>
  Buffer.from(`${row.joinedAt.toISOString()}|${row.id}`).toString("base64url");

function readCursor(cursor: string | null | undefined): { joinedAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at = "", id = ""] = Buffer.from(cursor, "base64url").toString().split("|");
  const joinedAt = new Date(at);
  if (!id || Number.isNaN(joinedAt.getTime()))
    throw new DomainError("BAD_CURSOR", "That page no longer exists.");
  return { joinedAt, id };
}

/** The queue of pending requests, oldest first, with the answers given. */
export async function joinRequests(
  ctx: Pick<MembershipCtx, "db" | "viewer">,
  communityId: string,
  first: number,
  after: string | null | undefined,
): Promise<JoinRequestPage> {
  const actor = await requireMembership(ctx, communityId);
  if (!mayReviewMembers(actor)) throw forbidden("Only organizers and admins see join requests.");
  const limit = Math.min(Math.max(first, 1), 100);
  const [rows, totalCount, community] = await Promise.all([
    pendingRequests(ctx.db, communityId, limit + 1, readCursor(after)),
    countPending(ctx.db, communityId),
    findCommunity(ctx.db, communityId),
  ]);
  if (!community) throw notFound();
  const nodes = rows.slice(0, limit).map((row) => ({ ...row, community }));
  const last = nodes.at(-1);
  return { nodes, totalCount, endCursor: last ? cursorOf(last) : null, hasNextPage: rows.length > limit };
}

/** The count for the sidebar badge and the selection card; null for those who cannot review. */
export async function pendingJoinRequestCount(
  ctx: Pick<MembershipCtx, "db" | "viewer"> & {
    loaders?: (NonNullable<MembersCtx["loaders"]> & RememberingLoaders) | null;
  },
  communityId: string,
): Promise<number | null> {
  const actor = await requireMembership(ctx, communityId);
  if (!mayReviewMembers(actor)) return null;
  const count = () => countPending(ctx.db, communityId);
  return ctx.loaders ? ctx.loaders.remember("pending-requests", communityId, count) : count();
}
