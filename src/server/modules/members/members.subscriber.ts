import type { Db } from "#server/db/client.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import {
  recordCheckIn,
  recordRegistrationStatus,
  recount,
  touchLastActive,
} from "./member-activity.service.ts";

export const MEMBERS_SUBSCRIBER = "members";

/**
 * Keeps the member table's counters (events registered, attended, checked in) and "last active"
 * from the log. Registrations never call members: this learns of them here, after they commit.
 */
export function membersSubscriber() {
  return {
    name: MEMBERS_SUBSCRIBER,
    async handle(tx: Db, entry: LogEntry): Promise<void> {
      const userId = entry.subjectId;
      if (!userId) return;
      const { communityId } = entry;
      switch (entry.type) {
        case "registration.created":
          await recordRegistrationStatus(
            tx,
            { communityId, userId, eventId: entry.payload.eventId },
            entry.payload.status,
          );
          await touchLastActive(tx, communityId, userId, entry.occurredAt);
          return;
        case "registration.status_changed":
          await recordRegistrationStatus(
            tx,
            { communityId, userId, eventId: entry.payload.eventId },
            entry.payload.to,
          );
          // Only the person's own doing counts as activity, not an organizer's approval.
          if (entry.actorId === userId && entry.payload.to !== "canceled")
            await touchLastActive(tx, communityId, userId, entry.occurredAt);
          return;
        case "registration.checked_in":
          await recordCheckIn(
            tx,
            { communityId, userId, eventId: entry.payload.eventId },
            entry.payload.checkedIn,
          );
          if (entry.payload.checkedIn) await touchLastActive(tx, communityId, userId, entry.occurredAt);
          return;
        case "member.joined":
          // Registering may come before the membership (an event's registration makes the member).
          await recount(tx, communityId, userId);
          await touchLastActive(tx, communityId, userId, entry.occurredAt);
          return;
        default:
          return;
      }
    },
  };
}
