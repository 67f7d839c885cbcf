import type { Db } from "#server/db/client.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { peopleWith } from "#server/modules/members/members.service.ts";
import type { RegistrationStatus } from "#server/modules/registrations/registration-transitions.ts";
import { queueFollowerNews } from "./notifications.followers.ts";
import {
  queueAnnouncement,
  queueEventCanceled,
  queueEventChanged,
  queueMemberMail,
  queueOrganizerMessage,
  queuePendingForOrganizers,
  queueReceipt,
  queueRegistrationMails,
  type RegistrationMailKind,
  scheduleReminders,
} from "./notifications.service.ts";
import type { NotificationSettings } from "./notifications.settings.ts";

// Turns domain events into outbox rows, inside the dispatcher's transaction for this subscriber.

export const NOTIFICATIONS_SUBSCRIBER = "notifications";

const MAIL_FOR_STATUS: Partial<Record<RegistrationStatus, RegistrationMailKind>> = {
  going: "confirmation",
  waitlisted: "waitlisted",
  pending: "pending",
};

/** The mail a status change sends, if any. */
function mailForChange(from: RegistrationStatus, to: RegistrationStatus): RegistrationMailKind | null {
  // Seats held for a payment: paid brings the ticket; a hold that ran out was never a registration.
  if (from === "held") return to === "going" ? "confirmation" : null;
  if (to === "held") return from === "waitlisted" || from === "pending" ? "offer" : null;
  if (to === "canceled") return "canceled";
  if (to === "declined") return "declined";
  if (from === "pending" && to === "going") return "approved";
  if (from === "pending" && to === "waitlisted") return "waitlisted";
  if (from === "waitlisted" && to === "going") return "promoted";
  return null;
}

type RegistrationMail = { registrationId: string; kind: RegistrationMailKind; at: Date };

/** The registration mail the entry sends, if any. */
function registrationMailOf(entry: LogEntry): RegistrationMail | null {
  const at = entry.occurredAt;
  let kind: RegistrationMailKind | null | undefined = null;
  switch (entry.type) {
    case "registration.created":
      kind = MAIL_FOR_STATUS[entry.payload.status];
      break;
    case "registration.status_changed":
      kind = mailForChange(entry.payload.from, entry.payload.to);
      break;
    case "registration.ticket_resent":
      kind = MAIL_FOR_STATUS[entry.payload.status];
      break;
    default:
      return null;
  }
  return kind ? { registrationId: entry.payload.registrationId, kind, at } : null;
}

export function notificationsSubscriber(settings: NotificationSettings) {
  return {
    name: NOTIFICATIONS_SUBSCRIBER,
    /**
     * Registration mails, the most common by far, are gathered and queued in one statement, before
     * any other row the batch queues: the outbox's rows keep the log's order.
     */
    async handleBatch(tx: Db, entries: readonly LogEntry[]): Promise<void> {
      let mails: RegistrationMail[] = [];
      for (const entry of entries) {
        const mail = registrationMailOf(entry);
        if (mail) mails.push(mail);
        if (!hasOtherEffects(entry)) continue;
        await queueRegistrationMails(tx, mails);
        mails = [];
        await handleOtherEffects(tx, entry, settings);
      }
      await queueRegistrationMails(tx, mails);
    },
  };
}

/** Whether the entry queues something besides its registration mail. */
function hasOtherEffects(entry: LogEntry): boolean {
  if (entry.type === "registration.created") return entry.payload.status === "pending";
  return !(entry.type === "registration.status_changed" || entry.type === "registration.ticket_resent");
}

/** What the entry queues besides its registration mail (`registrationMailOf`). */
async function handleOtherEffects(tx: Db, entry: LogEntry, settings: NotificationSettings): Promise<void> {
  const at = entry.occurredAt;
  switch (entry.type) {
    case "registration.created": {
      const { registrationId, status } = entry.payload;
      if (status === "pending") {
        const managers = await peopleWith(tx, entry.communityId, "registrations.manage");
        await queuePendingForOrganizers(tx, { registrationId, organizerIds: managers.map((m) => m.id) }, at);
      }
      return;
    }
    case "event.message_sent": {
      const { eventId, subject, body, registrationIds } = entry.payload;
      await queueOrganizerMessage(tx, { eventId, subject, body, registrationIds }, at);
      return;
    }
    case "event.published":
      await scheduleReminders(tx, { eventId: entry.payload.eventId }, at, settings);
      await queueFollowerNews(tx, { eventId: entry.payload.eventId }, at);
      return;
    case "event.changed": {
      const { eventId, status, timeOrPlaceChanged, startChanged } = entry.payload;
      if (status !== "published") return;
      if (timeOrPlaceChanged) await queueEventChanged(tx, { eventId }, at, settings);
      if (startChanged) await scheduleReminders(tx, { eventId }, at, settings);
      return;
    }
    case "event.canceled":
      if (entry.payload.wasPublished) {
        await queueEventCanceled(
          tx,
          { eventId: entry.payload.eventId, message: entry.payload.message ?? null },
          at,
        );
      }
      return;
    case "member.invited":
      await queueMemberMail(tx, { mail: "invitation", invitationId: entry.payload.invitationId }, at);
      return;
    case "member.approved":
      await queueMemberMail(
        tx,
        { mail: "approved", communityId: entry.communityId, userId: entry.payload.userId },
        at,
      );
      return;
    case "member.declined":
      await queueMemberMail(
        tx,
        {
          mail: "declined",
          communityId: entry.communityId,
          userId: entry.payload.userId,
          message: entry.payload.message,
        },
        at,
      );
      return;
    case "membership.status_changed":
      if (entry.payload.to === "past_due")
        await queueMemberMail(
          tx,
          {
            mail: "plan_past_due",
            communityId: entry.communityId,
            userId: entry.payload.userId,
            planId: entry.payload.planId,
          },
          at,
        );
      return;
    case "payment.succeeded":
      // Card payments for tickets get a receipt; one recorded by hand is the organizer's to confirm.
      if (entry.payload.method === "stripe" && entry.payload.purpose === "ticket")
        await queueReceipt(tx, { paymentId: entry.payload.paymentId }, at);
      return;
    case "announcement.sent":
      await queueAnnouncement(tx, { announcementId: entry.payload.announcementId }, at);
      return;
    default:
      return;
  }
}
