import type { Db } from "#server/db/client.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import {
  type ActivePerson,
  type ActivityCheckIn,
  type ActivityStatus,
  recordActivities,
} from "./member-activity.service.ts";

export const MEMBERS_SUBSCRIBER = "members";

/**
 * Keeps the member table's counters (events registered, attended, checked in) and "last active"
 * from the log. Registrations never call members: this learns of them here, after they commit.
 * A batch of entries is folded first and written with one statement per kind
 * (`recordActivities`): the rows end as handling the entries one by one leaves them.
 */
export function membersSubscriber() {
  return {
    name: MEMBERS_SUBSCRIBER,
    async handleBatch(tx: Db, entries: readonly LogEntry[]): Promise<void> {
      const statuses = new Map<string, ActivityStatus>();
      const checkIns = new Map<string, ActivityCheckIn>();
      const people = new Map<string, ActivePerson>();
      const keyOf = (...parts: string[]) => parts.join("\u0000");
      /** The person's counters are recounted; `at`: they did something then. */
      const person = (communityId: string, userId: string, at: Date | null) => {
        const key = keyOf(communityId, userId);
        const known = people.get(key);
        if (!known) people.set(key, { communityId, userId, activeAt: at });
        else if (at && (!known.activeAt || known.activeAt < at)) known.activeAt = at;
      };
      const status = (communityId: string, userId: string, eventId: string, value: string) => {
        statuses.set(keyOf(communityId, userId, eventId), { communityId, userId, eventId, status: value });
      };
      for (const entry of entries) {
        const userId = entry.subjectId;
        if (!userId) continue;
        const { communityId } = entry;
        const at = new Date(entry.occurredAt);
        switch (entry.type) {
          case "registration.created":
            status(communityId, userId, entry.payload.eventId, entry.payload.status);
            person(communityId, userId, at);
            break;
          case "registration.status_changed":
            status(communityId, userId, entry.payload.eventId, entry.payload.to);
            // Only the person's own doing counts as activity, not an organizer's approval.
            person(
              communityId,
              userId,
              entry.actorId === userId && entry.payload.to !== "canceled" ? at : null,
            );
            break;
          case "registration.checked_in": {
            const { eventId, checkedIn } = entry.payload;
            checkIns.set(keyOf(communityId, userId, eventId), { communityId, userId, eventId, checkedIn });
            person(communityId, userId, checkedIn ? at : null);
            break;
          }
          case "member.joined":
            // Registering may come before the membership (an event's registration makes the member).
            person(communityId, userId, at);
            break;
          default:
            break;
        }
      }
      await recordActivities(tx, {
        statuses: [...statuses.values()],
        checkIns: [...checkIns.values()],
        people: [...people.values()],
      });
    },
  };
}
