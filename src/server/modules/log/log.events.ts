import { z } from "zod";
import type { Db } from "#server/db/client.ts";

// The domain events: one typed, validated union. A service appends one with `emit(tx, event)` in
// the transaction that makes the change; subscribers (mail, file clean-up, later timelines,
// insights, agents, payments) learn of the change from here instead of being called.

const id = z.string().min(1);
const values = z.record(z.string(), z.unknown());
const registrationStatus = z.enum(["going", "waitlisted", "pending", "canceled", "declined"]);

const payloads = {
  "community.created": z.object({ after: values }),
  "community.updated": z.object({ before: values, after: values }),
  "community.deleted": z.object({ name: z.string() }),
  "member.joined": z.object({ userId: id, role: z.string(), source: z.string() }),
  "member.tagged": z.object({
    membershipId: id,
    userId: id,
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  "member.requested": z.object({ userId: id, membershipId: id }),
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
  }),
  "member.ownership_transferred": z.object({ fromUserId: id, toUserId: id }),
  "member.announcements_changed": z.object({ userId: id, membershipId: id, subscribed: z.boolean() }),
  "announcement.sent": z.object({ announcementId: id, subject: z.string(), recipientCount: z.number() }),
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
} as const;

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

/** Appends an event to the log inside the caller's transaction. */
export type Emit = (tx: Db, event: DomainEvent) => Promise<void>;
