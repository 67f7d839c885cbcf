import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conflict, DomainError, notFound } from "#server/errors.ts";
import {
  adjustMemberCount,
  type CommunityRow,
  findCommunity,
} from "#server/modules/communities/community-lookup.service.ts";
import {
  insertMembership,
  lockMembershipOf,
  type MembershipRecord,
  updateMembership,
} from "#server/modules/members/membership-records.service.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import { tokenHash } from "./invitation-token.ts";
import { type InvitationRow, type InvitationStatus, invitationStatus } from "./invitations.service.ts";
import { banned } from "./join.service.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { invitation } from "./membership.tables.ts";

// The other end of an invitation: what its link shows, and accepting it.

async function findByToken(db: Pick<Db, "select">, token: string): Promise<InvitationRow | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(invitation)
    .where(eq(invitation.tokenHash, tokenHash(token)))
    .limit(1);
  return row ?? null;
}

/** What the link shows before it is accepted: the community's face, the role, the address. */
export type InvitationPreview = {
  invitation: InvitationRow;
  community: CommunityRow;
  status: InvitationStatus;
};

export async function invitationByToken(
  ctx: Pick<MembershipCtx, "db" | "clock">,
  token: string,
): Promise<InvitationPreview | null> {
  const row = await findByToken(ctx.db, token);
  if (!row) return null;
  const community = await findCommunity(ctx.db, row.communityId);
  if (!community) return null;
  return { invitation: row, community, status: invitationStatus(row, ctx.clock()) };
}

/**
 * Makes the signed-in person a member with the invitation's role. The link works once, within its
 * week, unless revoked, and only for the account of the address it was sent to.
 */
export async function acceptInvitation(ctx: MembershipCtx, token: string): Promise<MembershipRecord> {
  const me = requireViewer(ctx.viewer);
  const found = await findByToken(ctx.db, token);
  if (!found) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitation).where(eq(invitation.id, found.id)).for("update");
    if (!row || row.tokenHash !== found.tokenHash) throw notFound();
    const now = ctx.clock();
    const status = invitationStatus(row, now);
    if (status === "revoked")
      throw new DomainError("INVITATION_REVOKED", "This invitation was revoked. Ask for a new one.");
    if (status === "accepted") throw new DomainError("INVITATION_USED", "This invitation was already used.");
    if (status === "expired")
      throw new DomainError("INVITATION_EXPIRED", "This invitation has expired. Ask for a new one.");
    if (me.email.toLowerCase() !== row.email) {
      throw new DomainError(
        "INVITATION_WRONG_ACCOUNT",
        `This invitation was sent to ${row.email}. Sign out and sign in with that address to accept it.`,
      );
    }
    const existing = await lockMembershipOf(tx, row.communityId, me.id);
    if (existing?.status === "banned") throw banned();
    let member: MembershipRecord;
    if (existing?.status === "active") {
      member = existing;
    } else {
      const added = existing
        ? await updateMembership(tx, existing.id, {
            status: "active",
            role: row.role,
            joinedAt: now,
            origin: "invitation",
          })
        : await insertMembership(tx, {
            communityId: row.communityId,
            userId: me.id,
            role: row.role,
            status: "active",
            source: "invited",
            joinedAt: now,
            origin: "invitation",
          });
      if (!added) throw conflict("You joined a moment ago. Reload the page.");
      member = added;
      await adjustMemberCount(tx, row.communityId, 1);
      await ctx.emit(tx, {
        type: "member.joined",
        communityId: row.communityId,
        actorId: me.id,
        subjectId: me.id,
        payload: { userId: me.id, role: row.role, source: "invited", origin: "invitation" },
      });
    }
    await tx.update(invitation).set({ acceptedAt: now, acceptedBy: me.id }).where(eq(invitation.id, row.id));
    return member;
  });
}
