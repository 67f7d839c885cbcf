import type { Db } from "#server/db/client.ts";
import type { LogEntry } from "./log.events.ts";
import { communityEntries, type LogPosition } from "./log.service.ts";

/** One line of a community's audit trail: who did what to which thing, with values before and after. */
export type AuditEntry = {
  position: LogPosition;
  at: Date;
  actorId: string | null;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

function targetOf(entry: LogEntry): Pick<AuditEntry, "target" | "before" | "after"> {
  switch (entry.type) {
    case "community.created":
      return { target: `community:${entry.communityId}`, before: null, after: entry.payload.after };
    case "community.updated":
    case "community.billing_details_changed":
      return {
        target: `community:${entry.communityId}`,
        before: entry.payload.before,
        after: entry.payload.after,
      };
    case "community.deleted":
      return { target: `community:${entry.communityId}`, before: { name: entry.payload.name }, after: null };
    case "user.deleted":
      return { target: `user:${entry.payload.userId}`, before: null, after: null };
    case "member.joined":
      return { target: `user:${entry.payload.userId}`, before: null, after: { role: entry.payload.role } };
    case "member.requested":
      return { target: `user:${entry.payload.userId}`, before: null, after: { status: "pending" } };
    case "member.approved":
      return {
        target: `user:${entry.payload.userId}`,
        before: { status: "pending" },
        after: { status: "active" },
      };
    case "member.declined":
      return { target: `user:${entry.payload.userId}`, before: { status: "pending" }, after: null };
    case "member.request_reopened":
      return {
        target: `user:${entry.payload.userId}`,
        before: entry.payload.from === "active" ? { status: "active" } : null,
        after: { status: "pending" },
      };
    case "member.invited":
      return {
        target: `invitation:${entry.payload.invitationId}`,
        before: null,
        after: { email: entry.payload.email, role: entry.payload.role },
      };
    case "member.invitation_revoked":
      return {
        target: `invitation:${entry.payload.invitationId}`,
        before: { email: entry.payload.email },
        after: null,
      };
    case "member.role_changed":
      return {
        target: `user:${entry.payload.userId}`,
        before: { role: entry.payload.from },
        after: { role: entry.payload.to },
      };
    case "member.banned":
      return {
        target: `user:${entry.payload.userId}`,
        before: { role: entry.payload.role },
        after: { status: "banned" },
      };
    case "member.removed":
    case "member.left":
      return { target: `user:${entry.payload.userId}`, before: { role: entry.payload.role }, after: null };
    case "member.ownership_transferred":
      return {
        target: `user:${entry.payload.toUserId}`,
        before: { owner: entry.payload.fromUserId },
        after: { owner: entry.payload.toUserId },
      };
    case "member.announcements_changed":
      return {
        target: `user:${entry.payload.userId}`,
        before: { announcements: !entry.payload.subscribed },
        after: { announcements: entry.payload.subscribed },
      };
    case "community.followed":
    case "community.unfollowed":
      return {
        target: `user:${entry.payload.userId}`,
        before: { following: entry.type === "community.unfollowed" },
        after: { following: entry.type === "community.followed" },
      };
    case "announcement.sent":
      return {
        target: `announcement:${entry.payload.announcementId}`,
        before: null,
        after: { subject: entry.payload.subject, recipients: entry.payload.recipientCount },
      };
    case "announcement.drafted":
      return {
        target: `announcement-draft:${entry.payload.draftId}`,
        before: null,
        after: { subject: entry.payload.subject },
      };
    case "announcement.draft_deleted":
      return {
        target: `announcement-draft:${entry.payload.draftId}`,
        before: { subject: entry.payload.subject },
        after: null,
      };
    case "member.imported": {
      const { importId, status, ...counts } = entry.payload;
      return { target: `member-import:${importId}`, before: null, after: { status, ...counts } };
    }
    case "member.tagged":
      return {
        target: `user:${entry.payload.userId}`,
        before: { removed: entry.payload.removed },
        after: { added: entry.payload.added },
      };
    case "event.created": {
      const { title, duplicatedFrom } = entry.payload;
      return {
        target: `event:${entry.payload.eventId}`,
        before: null,
        after: duplicatedFrom ? { title, duplicatedFrom } : { title },
      };
    }
    case "event.published":
      return {
        target: `event:${entry.payload.eventId}`,
        before: null,
        after: entry.payload.title === undefined ? null : { title: entry.payload.title },
      };
    case "event.changed":
      return {
        target: `event:${entry.payload.eventId}`,
        before: entry.payload.before,
        after: entry.payload.after,
      };
    case "event.canceled":
    case "event.message_sent":
      return { target: `event:${entry.payload.eventId}`, before: null, after: null };
    case "registration.created":
      return {
        target: `registration:${entry.payload.registrationId}`,
        before: null,
        after: { status: entry.payload.status },
      };
    case "registration.status_changed":
      return {
        target: `registration:${entry.payload.registrationId}`,
        before: { status: entry.payload.from },
        after: { status: entry.payload.to },
      };
    case "registration.checked_in":
      return {
        target: `registration:${entry.payload.registrationId}`,
        before: null,
        after: { checkedIn: entry.payload.checkedIn },
      };
    case "registration.ticket_resent":
      return { target: `registration:${entry.payload.registrationId}`, before: null, after: null };
    case "payment_account.connected":
      return {
        target: `stripe-account:${entry.payload.accountId}`,
        before: null,
        after: { connected: true },
      };
    case "payment_account.updated":
      return {
        target: `stripe-account:${entry.payload.accountId}`,
        before: { status: entry.payload.from },
        after: { status: entry.payload.to },
      };
    case "promo_code.created":
      return { target: `promo-code:${entry.payload.promoCodeId}`, before: null, after: entry.payload.after };
    case "promo_code.updated":
      return {
        target: `promo-code:${entry.payload.promoCodeId}`,
        before: entry.payload.before,
        after: entry.payload.after,
      };
    case "promo_code.deactivated":
    case "promo_code.reactivated":
      return {
        target: `promo-code:${entry.payload.promoCodeId}`,
        before: { active: entry.type !== "promo_code.reactivated" },
        after: { active: entry.type === "promo_code.reactivated" },
      };
    case "membership_plan.created":
      return { target: `plan:${entry.payload.planId}`, before: null, after: entry.payload.after };
    case "membership_plan.updated":
      return {
        target: `plan:${entry.payload.planId}`,
        before: entry.payload.before,
        after: entry.payload.after,
      };
    case "membership_plan.archived":
      return {
        target: `plan:${entry.payload.planId}`,
        before: { archived: false },
        after: { archived: true },
      };
    case "membership.started":
      return {
        target: `user:${entry.payload.userId}`,
        before: null,
        after: { plan: entry.payload.planName, planStatus: "active" },
      };
    case "membership.status_changed":
      return {
        target: `user:${entry.payload.userId}`,
        before: { planStatus: entry.payload.from },
        after: { plan: entry.payload.planName, planStatus: entry.payload.to },
      };
    case "membership.ended":
      return {
        target: `user:${entry.payload.userId}`,
        before: { planStatus: entry.payload.from },
        after: { plan: entry.payload.planName, planStatus: "ended" },
      };
    case "payment.succeeded":
    case "payment.failed":
      return {
        target: `payment:${entry.payload.paymentId}`,
        before: null,
        after: {
          status: entry.type === "payment.succeeded" ? "succeeded" : "failed",
          amountMinor: entry.payload.amountMinor,
          currency: entry.payload.currency,
          method: entry.payload.method,
        },
      };
    case "payment.refunded":
      return {
        target: `payment:${entry.payload.paymentId}`,
        before: null,
        after: {
          status: entry.payload.status,
          refundMinor: entry.payload.refundMinor,
          currency: entry.payload.currency,
          reason: entry.payload.reason,
        },
      };
    case "agent.saved":
      return {
        target: `agent:${entry.payload.agentId}`,
        before: null,
        after: { name: entry.payload.name, change: entry.payload.change },
      };
    case "agent.status_changed":
      return {
        target: `agent:${entry.payload.agentId}`,
        before: { status: entry.payload.from },
        after: { status: entry.payload.to, reason: entry.payload.reason },
      };
    case "agent.undone": {
      const { agentId, runId, since, runs, undoneSteps, irreversibleSteps } = entry.payload;
      return {
        target: runId
          ? `agent-run:${runId}`
          : agentId
            ? `agent:${agentId}`
            : `community:${entry.communityId}`,
        before: null,
        after: { since, runs, undoneSteps, irreversibleSteps },
      };
    }
  }
}

/**
 * The audit trail of a community, oldest first: one reading of the domain-event log rather than a
 * second record of the same changes.
 */
export async function auditTrail(
  db: Db,
  communityId: string,
  options: { after?: LogPosition; limit?: number } = {},
): Promise<AuditEntry[]> {
  const entries = await communityEntries(db, communityId, options);
  return entries.map((entry) => ({
    position: { txId: entry.txId, position: entry.position },
    at: entry.occurredAt,
    actorId: entry.actorId,
    action: entry.type,
    ...targetOf(entry),
  }));
}
