import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { membershipOf } from "#server/modules/members/membership-records.service.ts";
import { listUsers } from "#server/modules/users/users.service.ts";
import type { Role } from "#shared/capabilities.ts";
import type { PlanInterval } from "#shared/plans.ts";
import { invitationPath, invitationToken } from "./invitation-token.ts";
import { invitationStatus } from "./invitations.service.ts";
import { invitation } from "./membership.tables.ts";
import { type Plan, planById } from "./plans.service.ts";

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

export type PlanFace = {
  id: string;
  name: string;
  priceMinor: number;
  currency: string;
  interval: PlanInterval;
};

export type DecisionMailContext = {
  to: string;
  name: string;
  community: CommunityFace;
  /** Approved with a priced plan: the plan to pay for before it starts. */
  planToPay: PlanFace | null;
};

const faceOf = (plan: Plan): PlanFace => ({
  id: plan.id,
  name: plan.name,
  priceMinor: plan.priceMinor,
  currency: plan.currency,
  interval: plan.interval,
});

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
  let planToPay: PlanFace | null = null;
  if (decision === "approved") {
    const membership = await membershipOf(db, communityId, userId);
    if (membership?.status !== "active") return "the person is no longer a member";
    const plan =
      membership.planId && membership.planStatus === "awaiting_payment"
        ? await planById(db, membership.planId)
        : null;
    planToPay = plan ? faceOf(plan) : null;
  }
  return {
    to: person.email,
    name: person.name,
    community: { id: community.id, name: community.name, slug: community.slug },
    planToPay,
  };
}

export type PlanMailContext = { to: string; name: string; community: CommunityFace; plan: PlanFace };

/** For the mail about a failed renewal: only while the member still holds the plan and it is past due. */
export async function pastDueMailContext(
  db: Db,
  communityId: string,
  userId: string,
  planId: string,
): Promise<PlanMailContext | string> {
  const [person] = await listUsers(db, [userId]);
  if (!person) return "the person no longer exists";
  const community = await findCommunity(db, communityId);
  if (!community) return "the community no longer exists";
  const membership = await membershipOf(db, communityId, userId);
  if (membership?.planId !== planId || membership.planStatus !== "past_due")
    return "the plan is no longer past due";
  const plan = await planById(db, planId);
  if (!plan) return "the plan no longer exists";
  return {
    to: person.email,
    name: person.name,
    community: { id: community.id, name: community.name, slug: community.slug },
    plan: faceOf(plan),
  };
}
