import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { membershipOf } from "#server/modules/members/membership-records.service.ts";
import { listUsers } from "#server/modules/users/users.service.ts";
import type { Role } from "#shared/capabilities.ts";
import { invitationPath, invitationToken } from "./invitation-token.ts";
import { invitationStatus } from "./invitations.service.ts";
import { invitation } from "./membership.tables.ts";

// What the outbox needs to render membership mail as things stand when it is sent, or why the
// mail is no longer worth sending.

export type CommunityFace = { id: string; name: string; slug: string };

export type InvitationMailContext = {
  to: string;
  community: CommunityFace;
  inviterName: string | null;
  role: Role;
  expiresAt: Date;
  /** The link, with the current token (a resend's, when there was one). */
  path: string;
};

export async function invitationMailContext(
  db: Db,
  invitationId: string,
  secret: string,
  now: Date,
): Promise<InvitationMailContext | string> {
  const [row] = await db.select().from(invitation).where(eq(invitation.id, invitationId)).limit(1);
  if (!row) return "the invitation no longer exists";
  const status = invitationStatus(row, now);
  if (status !== "pending") return `the invitation is ${status}`;
  const community = await findCommunity(db, row.communityId);
  if (!community) return "the community no longer exists";
  const [inviter] = row.invitedBy ? await listUsers(db, [row.invitedBy]) : [];
  return {
    to: row.email,
    community: { id: community.id, name: community.name, slug: community.slug },
    inviterName: inviter?.name || null,
    role: row.role,
    expiresAt: row.expiresAt,
    path: invitationPath(invitationToken(secret, row.id, row.issuedAt)),
  };
}

export type DecisionMailContext = { to: string; name: string; community: CommunityFace };

/** For the approved and declined mails: `approved` needs the person to still be an active member. */
export async function decisionMailContext(
  db: Db,
  communityId: string,
  userId: string,
  decision: "approved" | "declined",
): Promise<DecisionMailContext | string> {
  const [person] = await listUsers(db, [userId]);
  if (!person) return "the person no longer exists";
  const community = await findCommunity(db, communityId);
  if (!community) return "the community no longer exists";
  if (decision === "approved") {
    const membership = await membershipOf(db, communityId, userId);
    if (membership?.status !== "active") return "the person is no longer a member";
  }
  return {
    to: person.email,
    name: person.name,
    community: { id: community.id, name: community.name, slug: community.slug },
  };
}
