import type { Db } from "#server/db/client.ts";
import { eventTitles } from "#server/modules/events/events.service.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { entriesAboutIn } from "#server/modules/log/log.service.ts";
import { listUsers } from "#server/modules/users/users.service.ts";

export type TimelineEntry = { type: string; occurredAt: Date; summary: string; actorName: string | null };

const role = (value: string) => value.toLowerCase();

/** The event a registration line is about, by its title; its id if the event is gone. */
type TitleOf = (eventId: string) => string;

/** One line a person reads in the member drawer; null for entries that say nothing about them. */
export function summarize(entry: LogEntry, titleOf: TitleOf = () => "an event"): string | null {
  switch (entry.type) {
    case "member.joined":
      return `Became a member (${role(entry.payload.role)})`;
    case "member.requested":
      return "Asked to join";
    case "member.approved":
      return "Request to join approved";
    case "member.declined":
      return entry.payload.message
        ? `Request to join declined: “${entry.payload.message}”`
        : "Request to join declined";
    case "member.request_reopened":
      return entry.payload.from === "active"
        ? "Approval taken back: the request to join waits again"
        : "Decline taken back: the request to join waits again";
    case "member.role_changed":
      return `Role changed from ${role(entry.payload.from)} to ${role(entry.payload.to)}`;
    case "member.tagged": {
      const parts = [
        entry.payload.added.length ? `tagged ${entry.payload.added.join(", ")}` : null,
        entry.payload.removed.length ? `untagged ${entry.payload.removed.join(", ")}` : null,
      ].filter(Boolean);
      return parts.length ? `${parts.join("; ").replace(/^./, (c) => c.toUpperCase())}` : null;
    }
    case "member.banned":
      return "Banned";
    case "member.removed":
      return "Removed from the community";
    case "member.left":
      return "Left the community";
    case "member.ownership_transferred":
      return "Became the owner";
    case "registration.created": {
      const title = titleOf(entry.payload.eventId);
      return entry.payload.status === "going"
        ? `Registered for ${title}`
        : `Registered for ${title} (${entry.payload.status})`;
    }
    case "registration.status_changed":
      return `Registration for ${titleOf(entry.payload.eventId)} changed from ${entry.payload.from} to ${entry.payload.to}`;
    case "registration.checked_in": {
      const title = titleOf(entry.payload.eventId);
      return entry.payload.checkedIn ? `Checked in at ${title}` : `Check-in undone at ${title}`;
    }
    default:
      return null;
  }
}

/**
 * What happened to one person in one community, newest first, read from the domain-event log
 * (docs/decisions/009). The caller has authorized reading this member.
 */
export async function memberTimeline(
  db: Db,
  member: { userId: string; communityId: string },
  first: number,
): Promise<TimelineEntry[]> {
  const limit = Math.min(Math.max(first, 1), 100);
  const entries = await entriesAboutIn(db, member.userId, member.communityId, limit);
  const actorIds = [...new Set(entries.flatMap((e) => (e.actorId ? [e.actorId] : [])))];
  const eventIds = [
    ...new Set(entries.flatMap((e) => (e.type.startsWith("registration.") ? [eventIdOf(e)] : []))),
  ];
  // One read each for the people and the events the lines name, however many lines there are.
  const [people, titles] = await Promise.all([listUsers(db, actorIds), eventTitles(db, eventIds)]);
  const actors = new Map(people.map((u) => [u.id, u.name]));
  const titleOf: TitleOf = (eventId) => {
    const title = titles.get(eventId);
    return title ? `“${title}”` : "a deleted event";
  };
  return entries.flatMap((entry) => {
    const summary = summarize(entry, titleOf);
    if (!summary) return [];
    const actorName =
      entry.actorId && entry.actorId !== member.userId ? (actors.get(entry.actorId) ?? null) : null;
    return [{ type: entry.type, occurredAt: entry.occurredAt, summary, actorName }];
  });
}

function eventIdOf(entry: LogEntry): string {
  const payload = entry.payload as { eventId?: unknown };
  return typeof payload.eventId === "string" ? payload.eventId : "";
}
