import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { eventMailContext } from "#server/modules/events/event-mail-context.service.ts";
import type { NotificationSettings } from "./notifications.settings.ts";
// The outbox table is declared with the events tables but belongs to this module.
import { outboxMessage } from "./notifications.tables.ts";

// Every function here runs inside the notifications subscriber's transaction (the one that moves its
// place in the domain-event log) and only writes `outbox_message` rows: the mail exists once that
// commits, and the sender (src/server/jobs) carries it out after. `at` is when the change happened
// (the entry's occurred_at), so debounces and reminders count from the change, not from dispatch.

export type RegistrationMailKind =
  | "confirmation"
  | "waitlisted"
  | "pending"
  | "promoted"
  | "approved"
  | "declined"
  | "canceled"
  /** A paid seat is theirs if they pay in time: the mail carries the link to pay. */
  | "offer";

/** Mail to a person about their membership: an invitation, a request approved or declined. */
export type MemberMailPayload =
  | { mail: "invitation"; invitationId: string }
  | { mail: "approved"; communityId: string; userId: string }
  | { mail: "declined"; communityId: string; userId: string; message: string | null }
  /** A membership plan's renewal failed: the member is asked to update their card. */
  | { mail: "plan_past_due"; communityId: string; userId: string; planId: string };

/** Outbox row kinds. The first three are one mail each; the last three expand into `event_mail` rows. */
export const OUTBOX_KINDS = {
  registrationMail: "registration_mail",
  eventMail: "event_mail",
  organizerMessage: "organizer_message",
  eventChanged: "event_changed",
  eventCanceled: "event_canceled",
  eventReminder: "event_reminder",
  organizerPending: "organizer_pending",
  registrationDigest: "registration_digest",
  memberMail: "member_mail",
  announcement: "announcement",
  announcementMail: "announcement_mail",
  /** A public event published: expanded into one `follower_mail` per follower of the community. */
  followerNews: "follower_news",
  followerMail: "follower_mail",
  receipt: "receipt",
  /** An agent's email to one person (notifications.agent-mail.ts). */
  agentMail: "agent_mail",
  /** An agent's note to one of the community's agent admins. */
  agentNoticeMail: "agent_notice_mail",
} as const;

export type EventMailType = "changed" | "canceled" | "reminder";

/** Rows are due, and bursts open, by the injected clock rather than the database's. */
const stamped = (at: Date) => ({ createdAt: at, sendAfter: at });

const stamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function queueRegistrationMail(
  tx: Db,
  input: { registrationId: string; kind: RegistrationMailKind },
  at: Date,
): Promise<void> {
  await queueRegistrationMails(tx, [{ ...input, at }]);
}

/**
 * Several registration mails in one statement, queued in the order given. The rows travel as one
 * JSON parameter, so the statement's text is the same however many there are (it stays prepared).
 */
export async function queueRegistrationMails(
  tx: Db,
  mails: readonly { registrationId: string; kind: RegistrationMailKind; at: Date }[],
): Promise<void> {
  if (mails.length === 0) return;
  const rows = JSON.stringify(
    mails.map((mail) => ({
      id: randomUUID(),
      payload: { registrationId: mail.registrationId, mail: mail.kind },
      at: mail.at.toISOString(),
    })),
  );
  await tx.execute(sql`
    insert into outbox_message (id, kind, payload, send_after, created_at)
    select r.id, ${OUTBOX_KINDS.registrationMail}, r.payload, r.at, r.at
    from rows from (jsonb_to_recordset(${rows}::jsonb) as (id text, payload jsonb, at timestamptz))
      with ordinality as r(id, payload, at, n)
    order by r.n`);
}

/**
 * Debounced: the first change opens a burst (a row due `changeQuietMs` later); each further change
 * pushes it back to `changeQuietMs` after itself, but never past `changeWindowMs` after the burst
 * opened. The mail renders the event as it is when sent, so one mail covers the whole burst.
 */
export async function queueEventChanged(
  tx: Db,
  input: { eventId: string },
  at: Date,
  { changeQuietMs, changeWindowMs }: NotificationSettings,
): Promise<void> {
  const quietUntil = new Date(at.getTime() + changeQuietMs);
  // Locks the open burst; a sender expanding it holds the lock, and once it has started (cursor set)
  // a later change opens a new burst, as those recipients may already have been sent the mail.
  const open = (await tx.execute(sql`
    select id from outbox_message
    where kind = ${OUTBOX_KINDS.eventChanged} and sent_at is null
      and payload->>'eventId' = ${input.eventId} and payload->>'cursor' is null
    order by sequence desc limit 1
    for update`)) as { rows: { id: string }[] };
  const row = open.rows[0];
  if (row) {
    await tx.execute(sql`
      update outbox_message
      set send_after = least(${stamp(quietUntil)}, created_at + make_interval(secs => ${changeWindowMs / 1000}))
      where id = ${row.id}`);
    return;
  }
  const id = randomUUID();
  await tx.execute(sql`
    insert into outbox_message (id, kind, dedupe_key, payload, created_at, send_after)
    values (${id}, ${OUTBOX_KINDS.eventChanged}, ${`changed:${input.eventId}:${id}`},
            ${JSON.stringify({ eventId: input.eventId })}::jsonb, ${stamp(at)}, ${stamp(quietUntil)})`);
}

export async function queueEventCanceled(
  tx: Db,
  input: { eventId: string; message: string | null },
  at: Date,
): Promise<void> {
  // A pending "changed" mail would only confuse people who are about to read that it is canceled.
  await tx.execute(sql`
    delete from outbox_message
    where kind in (${OUTBOX_KINDS.eventChanged}, ${OUTBOX_KINDS.eventReminder}) and sent_at is null
      and payload->>'eventId' = ${input.eventId}`);
  await tx
    .insert(outboxMessage)
    .values({
      id: randomUUID(),
      kind: OUTBOX_KINDS.eventCanceled,
      dedupeKey: `canceled:${input.eventId}`,
      payload: { eventId: input.eventId, message: input.message },
      ...stamped(at),
    })
    .onConflictDoNothing();
}

/**
 * One reminder per start time, `reminderLeadMs` before it, to whoever is going then. Called after
 * any change to an event: it drops the pending reminder and schedules one for the current start.
 * Draft and canceled events get none, and neither does an event whose reminder time has already
 * passed (it starts within the lead): those people just got the confirmation or "changed" mail.
 * The sender re-checks the start time, so a reminder for an old time never goes out.
 */
export async function scheduleReminders(
  tx: Db,
  input: { eventId: string },
  at: Date,
  { reminderLeadMs }: NotificationSettings,
): Promise<void> {
  await tx.execute(sql`
    delete from outbox_message
    where kind = ${OUTBOX_KINDS.eventReminder} and sent_at is null
      and payload->>'eventId' = ${input.eventId} and payload->>'cursor' is null`);
  const event = await eventMailContext(tx, input.eventId);
  if (event?.status !== "published") return;
  const remindAt = new Date(event.startsAt.getTime() - reminderLeadMs);
  if (remindAt.getTime() <= at.getTime()) return;
  await tx
    .insert(outboxMessage)
    .values({
      id: randomUUID(),
      kind: OUTBOX_KINDS.eventReminder,
      dedupeKey: `reminder:${input.eventId}:${event.startsAt.getTime()}`,
      payload: { eventId: input.eventId, startsAt: event.startsAt.getTime() },
      createdAt: at,
      sendAfter: remindAt,
    })
    .onConflictDoNothing();
}

export async function queueOrganizerMessage(
  tx: Db,
  input: { eventId: string; subject: string; body: string; registrationIds: string[] },
  at: Date,
): Promise<void> {
  const messageId = randomUUID();
  const unique = [...new Set(input.registrationIds)];
  for (let i = 0; i < unique.length; i += 500) {
    await tx.insert(outboxMessage).values(
      unique.slice(i, i + 500).map((registrationId) => ({
        id: randomUUID(),
        kind: OUTBOX_KINDS.organizerMessage,
        dedupeKey: `message:${messageId}:${registrationId}`,
        payload: {
          eventId: input.eventId,
          registrationId,
          subject: input.subject,
          body: input.body,
        },
        ...stamped(at),
      })),
    );
  }
}

/** One mail per organizer: a registration of an approval event waits for their decision. */
export async function queuePendingForOrganizers(
  tx: Db,
  input: { registrationId: string; organizerIds: string[] },
  at: Date,
): Promise<void> {
  if (input.organizerIds.length === 0) return;
  await tx.insert(outboxMessage).values(
    input.organizerIds.map((organizerId) => ({
      id: randomUUID(),
      kind: OUTBOX_KINDS.organizerPending,
      payload: { registrationId: input.registrationId, organizerId },
      ...stamped(at),
    })),
  );
}

/** The daily list of new registrations for one organizer and community, covering [from, to). */
export async function queueRegistrationDigest(
  tx: Db,
  input: { organizerId: string; communityId: string; from: Date; to: Date },
  at: Date,
): Promise<void> {
  await tx
    .insert(outboxMessage)
    .values({
      id: randomUUID(),
      kind: OUTBOX_KINDS.registrationDigest,
      dedupeKey: `digest:${input.organizerId}:${input.communityId}:${input.to.getTime()}`,
      payload: {
        organizerId: input.organizerId,
        communityId: input.communityId,
        from: input.from.toISOString(),
        to: input.to.toISOString(),
      },
      ...stamped(at),
    })
    .onConflictDoNothing();
}

export async function queueMemberMail(tx: Db, payload: MemberMailPayload, at: Date): Promise<void> {
  await tx.insert(outboxMessage).values({
    id: randomUUID(),
    kind: OUTBOX_KINDS.memberMail,
    payload,
    ...stamped(at),
  });
}

/** One row per announcement, expanded by the sender into one `announcement_mail` per recipient. */
export async function queueAnnouncement(tx: Db, input: { announcementId: string }, at: Date): Promise<void> {
  await tx
    .insert(outboxMessage)
    .values({
      id: randomUUID(),
      kind: OUTBOX_KINDS.announcement,
      dedupeKey: `announcement:${input.announcementId}`,
      payload: { announcementId: input.announcementId },
      ...stamped(at),
    })
    .onConflictDoNothing();
}

/** The receipt of a card payment for tickets: once per payment, however often it is asked for. */
export async function queueReceipt(tx: Db, input: { paymentId: string }, at: Date): Promise<void> {
  await tx
    .insert(outboxMessage)
    .values({
      id: randomUUID(),
      kind: OUTBOX_KINDS.receipt,
      dedupeKey: `receipt:${input.paymentId}`,
      payload: { paymentId: input.paymentId },
      ...stamped(at),
    })
    .onConflictDoNothing();
}
