import type { Db } from "#server/db/client.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { entriesAboutIn } from "#server/modules/log/log.service.ts";
import { listUsers } from "#server/modules/users/users.service.ts";

export type TimelineEntry = { type: string; occurredAt: Date; summary: string; actorName: string | null };

const role = (value: string) => value.toLowerCase();

/** One line a person reads in the member drawer; null for entries that say nothing about them. */
export function summarize(entry: LogEntry): string | null {
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
    case "registration.created":
      return entry.payload.status === "going"
        ? "Registered for an event"
        : `Registered for an event (${entry.payload.status})`;
    case "registration.status_changed":
      return `Registration changed from ${entry.payload.from} to ${entry.payload.to}`;
    case "registration.checked_in":
      return entry.payload.checkedIn ? "Checked in at an event" : "Check-in undone at an event";
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
  const actors = new Map((await listUsers(db, actorIds)).map((u) => [u.id, u.name]));
  return entries.flatMap((entry) => {
    const summary = summarize(entry);
    if (!summary) return [];
    const actorName =
      entry.actorId && entry.actorId !== member.userId ? (actors.get(entry.actorId) ?? null) : null;
    return [{ type: entry.type, occurredAt: entry.occurredAt, summary, actorName }];
  });
}
