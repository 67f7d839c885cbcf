import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { eventMailContext } from "#server/modules/events/event-mail-context.service.ts";
import type { Mail, Mailer } from "#server/modules/mail/mail.service.ts";
import {
  digestContext,
  pendingMailContext,
} from "#server/modules/registrations/organizer-mail-context.service.ts";
import {
  type RegistrationMailContext,
  registrationMailContexts,
  registrationsToNotify,
} from "#server/modules/registrations/registration-mail-context.service.ts";
import type { RegistrationStatus } from "#server/modules/registrations/registration-transitions.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";
import { agentMail, agentNoticeMail } from "./notifications.agent-mail.ts";
import { announcementMail, expandAnnouncementPage } from "./notifications.announcements.ts";
import { expandFollowerNewsPage, followerMail } from "./notifications.followers.ts";
import { memberMail } from "./notifications.member-render.ts";
import { digestMail, pendingOrganizerMail } from "./notifications.organizer-render.ts";
import { renderReceipt } from "./notifications.receipt-render.ts";
import { eventMail, organizerMail, registrationMail } from "./notifications.render.ts";
import {
  type EventMailType,
  type MemberMailPayload,
  OUTBOX_KINDS,
  type RegistrationMailKind,
} from "./notifications.service.ts";
import { outboxMessage } from "./notifications.tables.ts";

// The sender side of the outbox. Two steps, both safe to run in several processes at once:
//  1. expand: an event-wide row becomes one `event_mail` row per recipient, a page per transaction.
//  2. send: claim due rows (FOR UPDATE SKIP LOCKED, pushing send_after out by a lease), read what
//     their mails show in a few statements for the whole claim, send each through SMTP, then mark
//     it sent (rows done while a mark is under way share the next one). A process dying mid-way
//     leaves the rows to be retried after the lease; the only repeat possible is a crash between
//     SMTP accepting a message and its mark.

export type OutboxOptions = {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** The outbox's clock (see notifications.settings.ts); every due time is compared with it. */
  now: () => Date;
  /** Signs the private registration links in the mails. */
  secret: string;
  leaseMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  pageSize: number;
  batchSize: number;
  /** Test-only: rows younger than this are left alone (the crash test kills the server meanwhile). */
  holdMs: number;
  /** Test-only: called after a claim commits and before anything is sent. */
  afterClaim?: () => void;
  /** True once the process is shutting down: claimed mail not yet started is handed back. */
  stopping?: () => boolean;
  log: (line: string) => void;
};

type Row = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** The claim's `send_after` (its lease's end) as PostgreSQL wrote it: the hand-back matches it. */
  lease?: string;
};

const FANOUT_KINDS = [
  OUTBOX_KINDS.eventChanged,
  OUTBOX_KINDS.eventCanceled,
  OUTBOX_KINDS.eventReminder,
  OUTBOX_KINDS.announcement,
  OUTBOX_KINDS.followerNews,
];
const SEND_KINDS = [
  OUTBOX_KINDS.registrationMail,
  OUTBOX_KINDS.eventMail,
  OUTBOX_KINDS.organizerMessage,
  OUTBOX_KINDS.organizerPending,
  OUTBOX_KINDS.registrationDigest,
  OUTBOX_KINDS.memberMail,
  OUTBOX_KINDS.announcementMail,
  OUTBOX_KINDS.followerMail,
  OUTBOX_KINDS.receipt,
  OUTBOX_KINDS.agentMail,
  OUTBOX_KINDS.agentNoticeMail,
];
const NOTIFIED: RegistrationStatus[] = ["going", "waitlisted", "pending"];

const ms = (value: number) => sql`make_interval(secs => ${value / 1000})`;

const nowOf = (o: OutboxOptions) => sql`${o.now().toISOString()}::timestamptz`;

const kindList = (kinds: string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

const dueFilter = (o: OutboxOptions, kinds: string[]) => {
  const now = nowOf(o);
  return sql`
  kind in (${kindList(kinds)}) and sent_at is null and send_after <= ${now}
  and created_at <= ${now} - ${ms(o.holdMs)}`;
};

/** `execute` result rows; PGlite and node-postgres both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const asString = (value: unknown) => (typeof value === "string" ? value : null);

/** Expands due event-wide rows, one page per transaction; returns how many pages it handled. */
export async function expandFanouts(o: OutboxOptions, maxPages = 20): Promise<number> {
  let pages = 0;
  while (pages < maxPages) {
    const handled = await o.db.transaction(async (tx) => {
      const found = rowsOf<Row>(
        await tx.execute(sql`
        select id, kind, payload, attempts from outbox_message
        where ${dueFilter(o, FANOUT_KINDS)}
        order by send_after, sequence limit 1
        for update skip locked`),
      );
      const row = found[0];
      if (!row) return false;
      await expandPage(tx, o, row);
      return true;
    });
    if (!handled) break;
    pages++;
  }
  return pages;
}

async function expandPage(tx: Db, o: OutboxOptions, row: Row): Promise<void> {
  if (row.kind === OUTBOX_KINDS.announcement) return expandAnnouncementPage(tx, o, row);
  if (row.kind === OUTBOX_KINDS.followerNews) return expandFollowerNewsPage(tx, o, row);
  const eventId = asString(row.payload.eventId) ?? "";
  const event = await eventMailContext(tx, eventId);
  const finish = (note: string | null) =>
    tx.execute(
      sql`update outbox_message set sent_at = ${nowOf(o)}, last_error = ${note} where id = ${row.id}`,
    );
  let type: EventMailType;
  let statuses: RegistrationStatus[];
  let keyPrefix: string;
  const extra: Record<string, unknown> = {};
  if (row.kind === OUTBOX_KINDS.eventChanged) {
    if (event?.status !== "published") return void (await finish("skipped: event is not published"));
    type = "changed";
    statuses = NOTIFIED;
    keyPrefix = `changed:${eventId}:${row.id}`;
  } else if (row.kind === OUTBOX_KINDS.eventCanceled) {
    if (event?.status !== "canceled") return void (await finish("skipped: event is not canceled"));
    type = "canceled";
    statuses = NOTIFIED;
    keyPrefix = `canceled:${eventId}`;
    extra.message = row.payload.message ?? null;
  } else {
    const startsAt = Number(row.payload.startsAt);
    if (event?.status !== "published") return void (await finish("skipped: event is not published"));
    if (event.startsAt.getTime() !== startsAt) return void (await finish("skipped: the event was moved"));
    type = "reminder";
    statuses = ["going"];
    keyPrefix = `reminder:${eventId}:${startsAt}`;
    extra.startsAt = startsAt;
  }
  const cursor = asString(row.payload.cursor);
  const recipients = await registrationsToNotify(tx, eventId, statuses, cursor, o.pageSize);
  if (recipients.length > 0) {
    const now = o.now();
    await tx
      .insert(outboxMessage)
      .values(
        recipients.map((r) => ({
          id: randomUUID(),
          kind: OUTBOX_KINDS.eventMail,
          dedupeKey: `${keyPrefix}:${r.registrationId}`,
          payload: { type, eventId, registrationId: r.registrationId, ...extra },
          createdAt: now,
          sendAfter: now,
        })),
      )
      .onConflictDoNothing();
  }
  const last = recipients.at(-1);
  if (recipients.length < o.pageSize || !last) {
    await finish(null);
  } else {
    await tx.execute(sql`
      update outbox_message set payload = payload || ${JSON.stringify({ cursor: last.registrationId })}::jsonb
      where id = ${row.id}`);
  }
}

/** Claims and sends one batch of due mails; returns how many rows it claimed. */
export async function sendDue(o: OutboxOptions): Promise<number> {
  const rows = rowsOf<Row>(
    await o.db.execute(sql`
    update outbox_message
    set send_after = ${nowOf(o)} + ${ms(o.leaseMs)}, attempts = attempts + 1
    where id in (
      select id from outbox_message where ${dueFilter(o, SEND_KINDS)}
      order by send_after, sequence limit ${o.batchSize}
      for update skip locked)
    returning id, kind, payload, attempts, send_after::text as lease`),
  );
  if (rows.length === 0) return 0;
  o.afterClaim?.();
  const batch: Batch = { contexts: registrationContexts(o, rows), marks: doneMarks(o) };
  // A few SMTP conversations at a time: one slow recipient server does not hold up the batch.
  const queue = [...rows];
  const lanes = Array.from({ length: Math.min(4, rows.length) }, async () => {
    while (!o.stopping?.()) {
      const row = queue.shift();
      if (!row) return;
      await sendOne(o, row, batch);
    }
  });
  try {
    await Promise.all(lanes);
  } finally {
    await batch.marks.settled();
  }
  if (queue.length > 0) await handBack(o, queue);
  return rows.length;
}

/** What one claim's mails share: their registrations' contexts, and the marks of those done. */
type Batch = {
  contexts: Promise<Map<string, RegistrationMailContext>>;
  marks: ReturnType<typeof doneMarks>;
};

/** A row sent (`note` null) or skipped (`note` says why). */
type Done = { id: string; note: string | null };

/**
 * The registrations the claim's mails are about, read at once: every row whose payload names one
 * (the registration, event and organizer mails use them; an organizer's pending notice reads its
 * own context and leaves its entry unused).
 */
function registrationContexts(o: OutboxOptions, rows: Row[]): Batch["contexts"] {
  const ids = rows.flatMap((row) => asString(row.payload.registrationId) ?? []);
  const contexts = registrationMailContexts(o.db, ids, o.secret);
  // A failed read fails each mail that needs it (and is retried as such); none may go unhandled.
  contexts.catch(() => {});
  return contexts;
}

/**
 * Marks each row as soon as it is done, the rows done while a mark is under way together in the
 * next statement: a slow SMTP conversation in one lane holds back no other lane's marks (a row
 * left unmarked past its lease would be sent again). `settled` waits for them all and throws the
 * first failure.
 */
function doneMarks(o: OutboxOptions) {
  let waiting: Done[] = [];
  let running: Promise<void> | null = null;
  let failure: unknown = null;
  const run = async () => {
    try {
      while (waiting.length > 0) {
        const byNote = Map.groupBy(waiting, (row) => row.note);
        waiting = [];
        // By their ids (`in (...)`), which the primary key's index finds: a join with the rows
        // as a set read from JSON took five times as long.
        for (const [note, rows] of byNote)
          await o.db
            .update(outboxMessage)
            .set({ sentAt: o.now(), lastError: note })
            .where(
              inArray(
                outboxMessage.id,
                rows.map((row) => row.id),
              ),
            );
      }
    } catch (error) {
      failure ??= error;
    } finally {
      running = null;
    }
  };
  return {
    add(row: Done) {
      waiting.push(row);
      running ??= run();
    },
    async settled() {
      await running;
      if (failure) throw failure;
    },
  };
}

/**
 * Claimed mail the shutting-down process will not start: due again now, its attempt not counted,
 * so another process sends it at its next poll rather than after the lease.
 */
async function handBack(o: OutboxOptions, rows: Row[]): Promise<void> {
  // Only rows this process still holds: were its lease to have run out and another process to
  // have claimed a row again, that claim's attempts and lease differ, and it is left alone.
  const held = sql.join(
    rows.map(
      (row) =>
        sql`(id = ${row.id} and attempts = ${row.attempts} and send_after = ${row.lease ?? null}::timestamptz)`,
    ),
    sql` or `,
  );
  await o.db.execute(sql`update outbox_message
    set send_after = ${nowOf(o)}, attempts = attempts - 1
    where (${held}) and sent_at is null`);
}

async function sendOne(o: OutboxOptions, row: Row, batch: Batch): Promise<void> {
  let mail: Mail | string;
  try {
    mail = await render(o, row, batch);
  } catch (error) {
    return fail(o, row, error);
  }
  // Someone who signed up by phone has no mailbox (src/shared/phone.ts).
  if (typeof mail !== "string" && isPhoneOnlyEmail(mail.to)) mail = "no email address (signed up by phone)";
  if (typeof mail === "string") {
    batch.marks.add({ id: row.id, note: `skipped: ${mail}` });
    return;
  }
  try {
    await o.mailer.send({ ...mail, messageId: `<${row.id}@${new URL(o.appUrl).hostname}>` });
  } catch (error) {
    return fail(o, row, error);
  }
  batch.marks.add({ id: row.id, note: null });
}

async function fail(o: OutboxOptions, row: Row, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (row.attempts >= o.maxAttempts) {
    o.log(`outbox: giving up on ${row.kind} ${row.id} after ${row.attempts} attempts: ${message}`);
    await o.db.execute(sql`update outbox_message
      set send_after = 'infinity', last_error = ${`gave up after ${row.attempts} attempts: ${message}`}
      where id = ${row.id}`);
    return;
  }
  const delay = Math.min(o.retryBaseMs * 2 ** (row.attempts - 1), 60 * 60_000);
  o.log(
    `outbox: ${row.kind} ${row.id} failed (attempt ${row.attempts}), retrying in ${delay} ms: ${message}`,
  );
  await o.db.execute(sql`update outbox_message
    set send_after = ${nowOf(o)} + ${ms(delay)}, last_error = ${message}
    where id = ${row.id}`);
}

const EXPECTED_STATUS: Record<RegistrationMailKind, RegistrationStatus> = {
  confirmation: "going",
  promoted: "going",
  approved: "going",
  waitlisted: "waitlisted",
  pending: "pending",
  declined: "declined",
  canceled: "canceled",
  offer: "held",
};

/** The mail as of now, or why it is no longer worth sending. */
async function render(o: OutboxOptions, row: Row, batch: Batch): Promise<Mail | string> {
  if (row.kind === OUTBOX_KINDS.registrationDigest) return renderDigest(o, row);
  if (row.kind === OUTBOX_KINDS.memberMail) return memberMail(o, row.payload as MemberMailPayload);
  if (row.kind === OUTBOX_KINDS.announcementMail) return announcementMail(o, row.payload);
  if (row.kind === OUTBOX_KINDS.followerMail) return followerMail(o, row.payload);
  if (row.kind === OUTBOX_KINDS.receipt) return renderReceipt(o, asString(row.payload.paymentId) ?? "");
  if (row.kind === OUTBOX_KINDS.agentMail) return agentMail(o, row.payload);
  if (row.kind === OUTBOX_KINDS.agentNoticeMail) return agentNoticeMail(o, row.payload);
  const registrationId = asString(row.payload.registrationId) ?? "";
  if (row.kind === OUTBOX_KINDS.organizerPending) {
    const pending = await pendingMailContext(
      o.db,
      registrationId,
      asString(row.payload.organizerId) ?? "",
      o.secret,
    );
    if (!pending) return "the registration or the organizer is gone";
    if (pending.registration.status !== "pending")
      return `the registration is now ${pending.registration.status}`;
    return pendingOrganizerMail(pending.organizer, pending.registration, o.appUrl);
  }
  const context = (await batch.contexts).get(registrationId);
  if (!context) return "the registration no longer exists";
  const { event } = context;
  if (row.kind === OUTBOX_KINDS.registrationMail) {
    const kind = row.payload.mail as RegistrationMailKind;
    if (context.status !== EXPECTED_STATUS[kind]) return `the registration is now ${context.status}`;
    if (event.status === "canceled" && kind !== "declined") return "the event was canceled";
    return registrationMail(kind, context, o.appUrl);
  }
  if (row.kind === OUTBOX_KINDS.organizerMessage) {
    if (event.id !== row.payload.eventId) return "the registration belongs to another event";
    return organizerMail(
      context,
      { subject: asString(row.payload.subject) ?? "", body: asString(row.payload.body) ?? "" },
      o.appUrl,
    );
  }
  const type = row.payload.type as EventMailType;
  if (type === "canceled") {
    if (event.status !== "canceled") return "the event is no longer canceled";
    return eventMail("canceled", context, o.appUrl, { message: asString(row.payload.message) });
  }
  if (event.status !== "published") return `the event is ${event.status}`;
  if (type === "reminder") {
    if (context.status !== "going") return `the registration is now ${context.status}`;
    if (event.startsAt.getTime() !== Number(row.payload.startsAt)) return "the event was moved";
    return eventMail("reminder", context, o.appUrl);
  }
  if (!NOTIFIED.includes(context.status)) return `the registration is now ${context.status}`;
  return eventMail("changed", context, o.appUrl);
}

async function renderDigest(o: OutboxOptions, row: Row): Promise<Mail | string> {
  const context = await digestContext(o.db, {
    organizerId: asString(row.payload.organizerId) ?? "",
    communityId: asString(row.payload.communityId) ?? "",
    from: new Date(asString(row.payload.from) ?? 0),
    to: new Date(asString(row.payload.to) ?? 0),
  });
  if (!context) return "the organizer no longer manages the community";
  if (context.total === 0) return "no new registrations";
  return digestMail(context, o.appUrl);
}

/** How far the outbox is behind (for /metrics): unsent mail already due, and the oldest one's wait. */
export async function outboxLag(db: Db, now: Date): Promise<{ due: number; oldestDueSeconds: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = rowsOf<{ due: string | number; oldest: string | number | null }>(
    await db.execute(sql`
      select count(*) as due, extract(epoch from (${at} - min(send_after))) as oldest
      from outbox_message where sent_at is null and send_after <= ${at}`),
  );
  return { due: Number(row?.due ?? 0), oldestDueSeconds: Number(row?.oldest ?? 0) };
}
