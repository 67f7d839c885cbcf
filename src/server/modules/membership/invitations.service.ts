import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { RememberingLoaders } from "#server/db/read-cache.ts";
import { DomainError, forbidden, invalidInput, notFound } from "#server/errors.ts";
import { hit } from "#server/modules/auth/throttle.service.ts";
import { type MembersCtx, requireMembership } from "#server/modules/members/members.service.ts";
import { lockMembershipOf } from "#server/modules/members/membership-records.service.ts";
import { usersByEmail } from "#server/modules/users/users.service.ts";
import type { Role } from "#shared/capabilities.ts";
import { EMAIL_PATTERN } from "#shared/email.ts";
import { INVITATION_TTL_MS, invitationToken, tokenHash } from "./invitation-token.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { mayAssign, mayReviewMembers } from "./membership.policy.ts";
import { invitation } from "./membership.tables.ts";

export type InvitationRow = typeof invitation.$inferSelect;
export type InvitationStatus = "pending" | "expired" | "accepted" | "revoked";

export const invitationStatus = (row: InvitationRow, now: Date): InvitationStatus =>
  row.revokedAt ? "revoked" : row.acceptedAt ? "accepted" : row.expiresAt <= now ? "expired" : "pending";

/** How many addresses one paste may hold; bigger lists go through the CSV import. */
export const MAX_INVITES_PER_CALL = 200;
/** Sends of invitations (pastes and resends) per community: generous for people, a stop to mail floods. */
export const INVITE_SENDS = { max: 30, windowSeconds: 60 * 60 };

async function limitSends(db: Db, communityId: string): Promise<void> {
  const result = await hit(db, { key: `invite:${communityId}`, ...INVITE_SENDS });
  if (result.allowed) return;
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  throw new DomainError(
    "RATE_LIMITED",
    `This community has sent many invitations in the last hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  );
}

export type InviteOutcome = {
  email: string;
  result: "invited" | "already_member" | "banned" | "invalid";
  invitation: InvitationRow | null;
};

/** A fresh link and a new week for an invitation row (new ones, resends, re-invites alike). */
export function issue(secret: string, id: string, now: Date) {
  return {
    issuedAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    tokenHash: tokenHash(invitationToken(secret, id, now)),
  };
}

/**
 * Invites each pasted address with `role`, answering per address. An address with an open
 * invitation gets it again (new link, new expiry, the new role); members and banned people are
 * reported, not invited.
 */
export async function inviteMembers(
  ctx: MembershipCtx,
  communityId: string,
  emails: string[],
  role: Role,
): Promise<InviteOutcome[]> {
  const actor = await requireMembership(ctx, communityId);
  if (!mayAssign(actor, role)) {
    throw forbidden(
      role === "owner"
        ? "Ownership is handed over by a transfer, not an invitation."
        : "You can't invite people with that role.",
    );
  }
  const cleaned = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (cleaned.length === 0)
    throw invalidInput([{ field: "emails", code: "REQUIRED", message: "Add at least one email address." }]);
  if (cleaned.length > MAX_INVITES_PER_CALL) {
    throw invalidInput([
      {
        field: "emails",
        code: "TOO_LONG",
        message: `Invite at most ${MAX_INVITES_PER_CALL} people at once, or import a CSV file.`,
      },
    ]);
  }
  await limitSends(ctx.db, communityId);
  return ctx.db.transaction(async (tx) => {
    const accounts = await usersByEmail(
      tx,
      cleaned.filter((e) => EMAIL_PATTERN.test(e)),
    );
    const outcomes: InviteOutcome[] = [];
    for (const email of cleaned) {
      if (!EMAIL_PATTERN.test(email) || email.length > 254) {
        outcomes.push({ email, result: "invalid", invitation: null });
        continue;
      }
      const account = accounts.get(email);
      const existing = account ? await lockMembershipOf(tx, communityId, account.id) : null;
      if (existing?.status === "banned") {
        outcomes.push({ email, result: "banned", invitation: null });
        continue;
      }
      if (existing?.status === "active") {
        outcomes.push({ email, result: "already_member", invitation: null });
        continue;
      }
      const row = await upsertInvitation(ctx, tx, { communityId, email, role, invitedBy: actor.viewer.id });
      outcomes.push({ email, result: "invited", invitation: row });
    }
    return outcomes;
  });
}

export async function upsertInvitation(
  ctx: Pick<MembershipCtx, "clock" | "authSecret" | "emit">,
  tx: Db,
  input: { communityId: string; email: string; role: Role; invitedBy: string | null },
): Promise<InvitationRow> {
  const now = ctx.clock();
  const [open] = await tx
    .select()
    .from(invitation)
    .where(
      and(
        eq(invitation.communityId, input.communityId),
        eq(invitation.email, input.email),
        isNull(invitation.acceptedAt),
        isNull(invitation.revokedAt),
      ),
    )
    .for("update");
  let row: InvitationRow | undefined;
  if (open) {
    [row] = await tx
      .update(invitation)
      .set({ role: input.role, invitedBy: input.invitedBy, ...issue(ctx.authSecret, open.id, now) })
      .where(eq(invitation.id, open.id))
      .returning();
  } else {
    const id = randomUUID();
    [row] = await tx
      .insert(invitation)
      .values({ id, ...input, createdAt: now, ...issue(ctx.authSecret, id, now) })
      .returning();
  }
  if (!row) throw new Error("invitation write returned no row");
  await ctx.emit(tx, {
    type: "member.invited",
    communityId: input.communityId,
    actorId: input.invitedBy,
    payload: { invitationId: row.id, email: row.email, role: row.role, resent: Boolean(open) },
  });
  return row;
}

/** An invitation locked for a change by someone who may manage its role; NOT_FOUND for outsiders. */
async function lockForManager(ctx: MembershipCtx, tx: Db, id: string) {
  const [row] = await tx.select().from(invitation).where(eq(invitation.id, id)).for("update");
  if (!row) throw notFound();
  const actor = await requireMembership({ db: tx, viewer: ctx.viewer }, row.communityId);
  if (!mayAssign(actor, row.role)) throw forbidden("You can't manage invitations with that role.");
  if (row.acceptedAt) throw new DomainError("INVITATION_USED", "This invitation was already accepted.");
  if (row.revokedAt) throw new DomainError("INVITATION_REVOKED", "This invitation was revoked.");
  return { row, actor };
}

/** Sends the invitation again with a new link (the old one stops working) and a new week. */
export async function resendInvitation(ctx: MembershipCtx, id: string): Promise<InvitationRow> {
  const [found] = await ctx.db
    .select({ communityId: invitation.communityId })
    .from(invitation)
    .where(eq(invitation.id, id));
  if (!found) throw notFound();
  await requireMembership(ctx, found.communityId);
  await limitSends(ctx.db, found.communityId);
  return ctx.db.transaction(async (tx) => {
    const { row, actor } = await lockForManager(ctx, tx, id);
    return upsertInvitation(ctx, tx, {
      communityId: row.communityId,
      email: row.email,
      role: row.role,
      invitedBy: actor.viewer.id,
    });
  });
}

export async function revokeInvitation(ctx: MembershipCtx, id: string): Promise<InvitationRow> {
  return ctx.db.transaction(async (tx) => {
    const { row, actor } = await lockForManager(ctx, tx, id);
    const [revoked] = await tx
      .update(invitation)
      .set({ revokedAt: ctx.clock() })
      .where(eq(invitation.id, id))
      .returning();
    if (!revoked) throw notFound();
    await ctx.emit(tx, {
      type: "member.invitation_revoked",
      communityId: row.communityId,
      actorId: actor.viewer.id,
      payload: { invitationId: id, email: row.email },
    });
    return revoked;
  });
}

/** Invitations not yet accepted or revoked (expired ones included, to resend), newest first. */
export async function openInvitations(
  ctx: Pick<MembershipCtx, "db" | "viewer">,
  communityId: string,
): Promise<InvitationRow[]> {
  const actor = await requireMembership(ctx, communityId);
  if (!mayReviewMembers(actor)) throw forbidden("Only organizers and admins see invitations.");
  return ctx.db
    .select()
    .from(invitation)
    .where(
      and(
        eq(invitation.communityId, communityId),
        isNull(invitation.acceptedAt),
        isNull(invitation.revokedAt),
      ),
    )
    .orderBy(desc(invitation.issuedAt), desc(invitation.id))
    .limit(500);
}

/**
 * Whether anyone was ever invited (accepted, revoked and expired invitations count), for the
 * overview's first steps; null for those who do not review members.
 */
export async function invitedAnyone(
  ctx: Pick<MembershipCtx, "db" | "viewer"> & {
    loaders?: (NonNullable<MembersCtx["loaders"]> & RememberingLoaders) | null;
  },
  communityId: string,
): Promise<boolean | null> {
  if (!mayReviewMembers(await requireMembership(ctx, communityId))) return null;
  const load = async () => {
    const rows = await ctx.db
      .select({ id: invitation.id })
      .from(invitation)
      .where(eq(invitation.communityId, communityId))
      .limit(1);
    return rows.length > 0;
  };
  return ctx.loaders ? ctx.loaders.remember("invited-anyone", communityId, load) : load();
}
