import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";

// The domain events: one typed, validated union. A service appends one with `emit(tx, event)` in
// the transaction that makes the change; subscribers (mail, file clean-up, later timelines,
// insights, agents, payments) learn of the change from here instead of being called.

const id = z.string().min(1);
const values = z.record(z.string(), z.unknown());
const registrationStatus = z.enum(["going", "waitlisted", "pending", "held", "canceled", "declined"]);
const paymentAccountStatus = z.enum([
  "not_connected",
  "onboarding_incomplete",
  "charges_enabled",
  "payouts_enabled",
]);
const minor = z.number().int().nonnegative();
const planStatus = z.enum(["requested", "awaiting_payment", "active", "past_due", "canceling", "ended"]);
/** What every membership-plan entry says of the member and the plan. */
const planFacts = {
  membershipId: id,
  userId: id,
  planId: id,
  planName: z.string(),
  /** The Stripe purchase (`member_subscription`); null for a free plan. */
  subscriptionId: id.nullable(),
};
/** What every payment entry says of the payment, so a reader needs no second look at the ledger. */
const paymentFacts = {
  paymentId: id,
  amountMinor: minor,
  currency: z.string().length(3),
  method: z.enum(["stripe", "cash", "bank_transfer", "other"]),
  purpose: z.enum(["ticket", "membership", "other"]),
  eventId: id.nullable(),
  registrationId: id.nullable(),
};

const payloads = {
  "community.created": z.object({ after: values }),
  "community.updated": z.object({ before: values, after: values }),
  "community.deleted": z.object({ name: z.string() }),
  /** What receipts say of the seller (settings → payments): the fields that changed. */
  "community.billing_details_changed": z.object({ before: values, after: values }),
  /** A person deleted their account (under `ACCOUNT_EVENTS`, not a community); the entry names only the id. */
  "user.deleted": z.object({ userId: id }),
  "member.joined": z.object({
    userId: id,
    role: z.string(),
    source: z.string(),
    /** Where the join came from, for insights (an origin of #shared/origins.ts); absent on older entries. */
    origin: z.string().optional(),
  }),
  "member.tagged": z.object({
    membershipId: id,
    userId: id,
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  "member.requested": z.object({ userId: id, membershipId: id }),
  /**
   * A decision on a join request was taken back (an agent's run undone): the request waits again.
   * `from`: what the decision had made of it; an approval taken back ends a membership.
   */
  "member.request_reopened": z.object({ userId: id, membershipId: id, from: z.enum(["active", "declined"]) }),
  "member.approved": z.object({ userId: id, membershipId: id }),
  "member.declined": z.object({ userId: id, membershipId: id, message: z.string().nullable() }),
  "member.invited": z.object({
    invitationId: id,
    email: z.string(),
    role: z.string(),
    /** A resend: a new link (the previous one stops working) and a new expiry. */
    resent: z.boolean(),
  }),
  "member.invitation_revoked": z.object({ invitationId: id, email: z.string() }),
  "member.role_changed": z.object({ userId: id, membershipId: id, from: z.string(), to: z.string() }),
  "member.banned": z.object({ userId: id, membershipId: id, role: z.string() }),
  "member.removed": z.object({ userId: id, membershipId: id, role: z.string() }),
  "member.left": z.object({ userId: id, membershipId: id, role: z.string() }),
  /** A member import's totals so far, after it was started and after each batch. */
  "member.imported": z.object({
    importId: id,
    status: z.enum(["queued", "running", "done", "failed"]),
    added: z.number().int(),
    invited: z.number().int(),
    skipped: z.number().int(),
    rejected: z.number().int(),
    /** The uploaded file in the `member-imports` bucket; removed once the import has ended. */
    filePath: z.string().optional(),
  }),
  "member.ownership_transferred": z.object({ fromUserId: id, toUserId: id }),
  "member.announcements_changed": z.object({ userId: id, membershipId: id, subscribed: z.boolean() }),
  /** Someone follows a community's public events without joining it ("Subscribe" on its page). */
  "community.followed": z.object({ userId: id }),
  "community.unfollowed": z.object({ userId: id }),
  "announcement.sent": z.object({
    announcementId: id,
    subject: z.string(),
    recipientCount: z.number(),
    /** The draft it was sent from, which is gone with the sending. */
    draftId: id.optional(),
  }),
  /** An announcement written for an admin to send (by an agent): listed with the sent ones. */
  "announcement.drafted": z.object({ draftId: id, subject: z.string(), agentId: id.nullable() }),
  "announcement.draft_deleted": z.object({ draftId: id, subject: z.string() }),
  "event.created": z.object({
    eventId: id,
    title: z.string(),
    duplicatedFrom: id.optional(),
  }),
  "event.published": z.object({ eventId: id, title: z.string().optional() }),
  "event.changed": z.object({
    eventId: id,
    before: values,
    after: values,
    /** Status after the change; absent on entries moved from the old audit table. */
    status: z.enum(["draft", "published", "canceled"]).optional(),
    timeOrPlaceChanged: z.boolean().optional(),
    startChanged: z.boolean().optional(),
  }),
  "event.canceled": z.object({
    eventId: id,
    message: z.string().nullable().optional(),
    wasPublished: z.boolean().optional(),
  }),
  "event.message_sent": z.object({
    eventId: id,
    subject: z.string(),
    body: z.string(),
    registrationIds: z.array(id),
  }),
  "registration.created": z.object({
    registrationId: id,
    eventId: id,
    status: registrationStatus,
    guest: z.boolean(),
    /** Where the registration came from, for insights (an origin of #shared/origins.ts); absent on older entries. */
    origin: z.string().optional(),
  }),
  "registration.status_changed": z.object({
    registrationId: id,
    eventId: id,
    from: registrationStatus,
    to: registrationStatus,
  }),
  "registration.checked_in": z.object({
    registrationId: id,
    eventId: id,
    checkedIn: z.boolean(),
  }),
  "registration.ticket_resent": z.object({
    registrationId: id,
    eventId: id,
    status: registrationStatus,
  }),
  /** The community's Stripe account was created (Connect), before its onboarding. */
  "payment_account.connected": z.object({ accountId: id }),
  /** What Stripe's API says of the account changed (onboarding finished, charges or payouts switched). */
  "payment_account.updated": z.object({
    accountId: id,
    from: paymentAccountStatus,
    to: paymentAccountStatus,
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    detailsSubmitted: z.boolean(),
  }),
  /** A promo code of the community, for one event (`eventId`) or all of them. */
  "promo_code.created": z.object({
    promoCodeId: id,
    code: z.string(),
    eventId: id.nullable(),
    after: values,
  }),
  "promo_code.updated": z.object({ promoCodeId: id, code: z.string(), before: values, after: values }),
  "promo_code.deactivated": z.object({ promoCodeId: id, code: z.string() }),
  "membership_plan.created": z.object({ planId: id, name: z.string(), after: values }),
  "membership_plan.updated": z.object({ planId: id, name: z.string(), before: values, after: values }),
  "membership_plan.archived": z.object({ planId: id, name: z.string() }),
  /** A member's plan began: free on joining or approval, paid once Stripe confirmed the payment. */
  "membership.started": z.object({
    ...planFacts,
    interval: z.enum(["month", "year", "once", "free"]),
    amountMinor: minor,
    currency: z.string().length(3),
  }),
  /** Where a member stands with their plan changed (past due, canceling, active again, awaiting payment). */
  "membership.status_changed": z.object({
    ...planFacts,
    from: planStatus.nullable(),
    to: planStatus,
    /** The paid period's end: the renewal, or when a canceled plan stops. */
    periodEnd: z.string().nullable(),
  }),
  /** The plan is over and its benefits stopped. */
  "membership.ended": z.object({ ...planFacts, from: planStatus.nullable() }),
  "promo_code.reactivated": z.object({ promoCodeId: id, code: z.string() }),
  /** Money arrived: recorded by hand, or confirmed by the provider. The subject is the payer's account. */
  "payment.succeeded": z.object({ ...paymentFacts, feeMinor: minor }),
  "payment.failed": z.object({ ...paymentFacts }),
  /** Money given back; `refundedMinor` is everything refunded of the payment so far, this included. */
  "payment.refunded": z.object({
    ...paymentFacts,
    refundId: id,
    refundMinor: minor,
    refundedMinor: minor,
    status: z.enum(["refunded", "partially_refunded"]),
    reason: z.string(),
  }),
  /** An agent was created, edited or deleted by an admin (`agents.manage`). */
  "agent.saved": z.object({
    agentId: id,
    name: z.string(),
    change: z.enum(["created", "updated", "deleted"]),
  }),
  /** An agent was switched on or off by an admin, or paused itself at a limit. */
  "agent.status_changed": z.object({
    agentId: id,
    name: z.string(),
    from: z.enum(["off", "on", "paused"]),
    to: z.enum(["off", "on", "paused"]),
    reason: z.string().nullable(),
  }),
  /** An admin took back what agents did: one run (`runId`), or every run since `since`. */
  "agent.undone": z.object({
    agentId: id.nullable(),
    runId: id.nullable(),
    since: z.string().nullable(),
    runs: z.number().int(),
    undoneSteps: z.number().int(),
    irreversibleSteps: z.number().int(),
  }),
} as const;

/** The `communityId` of entries about an account rather than a community (`user.deleted`). */
export const ACCOUNT_EVENTS = "account";

type Payloads = typeof payloads;
export type DomainEventType = keyof Payloads;
export const DOMAIN_EVENT_TYPES = Object.keys(payloads) as DomainEventType[];

const entryOf = <T extends DomainEventType>(type: T) =>
  z.object({
    type: z.literal(type),
    communityId: id,
    actorId: id.nullable(),
    /** The person the entry is about, when it is about one. */
    subjectId: id.nullable().optional(),
    payload: payloads[type],
  });

const schemas = DOMAIN_EVENT_TYPES.map(entryOf) as unknown as [
  ReturnType<typeof entryOf<DomainEventType>>,
  ...ReturnType<typeof entryOf<DomainEventType>>[],
];

/** What a service emits. */
export type DomainEvent = {
  [T in DomainEventType]: {
    type: T;
    communityId: string;
    actorId: string | null;
    subjectId?: string | null;
    payload: z.infer<Payloads[T]>;
  };
}[DomainEventType];

export const domainEventSchema = z.discriminatedUnion("type", schemas) as unknown as z.ZodType<DomainEvent>;

/** An entry as read back from the log. */
export type LogEntry = DomainEvent & {
  position: number;
  txId: number;
  subjectId: string | null;
  occurredAt: Date;
};

/** An entry to send inside another statement: the caller's write carries it to the log. */
export type LogEntryStatement = {
  /** A data-modifying statement (an `insert … returning`) for a WITH of the caller's statement. */
  sql: SQL;
  /** Tells whoever listens that the entry was appended; call once the statement has run. */
  appended: () => void;
};

/**
 * Appends an event to the log inside the caller's transaction. `statement`, where the log offers
 * it, gives the same entry as part of a statement the caller sends anyway (one round trip less
 * while the caller holds a lock).
 */
export type Emit = ((tx: Db, event: DomainEvent) => Promise<void>) & {
  statement?: (event: DomainEvent) => LogEntryStatement;
};
