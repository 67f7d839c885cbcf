import type { LogEntry } from "#server/modules/log/log.events.ts";
import type { AgentTrigger, AgentTriggerKind } from "#shared/agents.ts";
import type { TriggerFacts } from "./agent-engine.types.ts";

// Which log entries fire which triggers, and the facts a run starts from. One entry fires at most
// one trigger kind; an agent whose trigger has that kind (and whose trigger's own filter accepts
// the entry, e.g. a registration's new status) runs once for it, keyed by the entry's position.

const text = (value: unknown): string | null =>
  typeof value === "string" && value.length > 0 ? value : null;

/** The trigger kind a log entry fires, if any. */
export function triggerKindOf(entry: Pick<LogEntry, "type" | "payload">): AgentTriggerKind | null {
  switch (entry.type) {
    case "member.joined":
      return "member_joined";
    case "member.requested":
      return "join_requested";
    case "event.published":
      return "event_published";
    case "registration.created":
      return "registration_created";
    case "registration.status_changed":
      return "registration_status_changed";
    case "registration.checked_in":
      // Undoing a check-in is logged too; only a check-in fires the trigger.
      return (entry.payload as Record<string, unknown>).checkedIn === true ? "checked_in" : null;
    case "payment.succeeded":
      return "payment_succeeded";
    case "payment.failed":
      return "payment_failed";
    case "membership.started":
      return "membership_started";
    case "membership.ended":
      return "membership_ended";
    default:
      return null;
  }
}

/** The run key of a log trigger: one run per (agent, entry). */
export const logTriggerKey = (position: number): string => `log:${position}`;

/** What a run fired by `entry` is about. */
export function factsFromEntry(kind: AgentTriggerKind, entry: LogEntry): TriggerFacts {
  const payload = entry.payload as Record<string, unknown>;
  return {
    kind,
    key: logTriggerKey(entry.position),
    communityId: entry.communityId,
    occurredAt: entry.occurredAt.toISOString(),
    log: { position: entry.position, txId: entry.txId, type: entry.type, payload },
    subjectUserId: text(payload.userId) ?? entry.subjectId ?? null,
    membershipId: text(payload.membershipId),
    eventId: text(payload.eventId),
    registrationId: text(payload.registrationId),
    paymentId: text(payload.paymentId),
  };
}

/** Whether an agent with `trigger` acts on a log entry that fired `kind`. */
export function triggerAccepts(trigger: AgentTrigger, kind: AgentTriggerKind, entry: LogEntry): boolean {
  if (trigger.kind !== kind) return false;
  if (trigger.kind === "registration_status_changed" && trigger.to && trigger.to.length > 0) {
    const to = (entry.payload as Record<string, unknown>).to;
    return typeof to === "string" && (trigger.to as readonly string[]).includes(to);
  }
  return true;
}

/** Facts of a time trigger (the scanner's): no log entry, the due time as when it happened. */
export function timeFacts(input: {
  kind: AgentTriggerKind;
  key: string;
  communityId: string;
  occurredAt: Date;
  subjectUserId?: string | null;
  membershipId?: string | null;
  eventId?: string | null;
}): TriggerFacts {
  return {
    kind: input.kind,
    key: input.key,
    communityId: input.communityId,
    occurredAt: input.occurredAt.toISOString(),
    log: null,
    subjectUserId: input.subjectUserId ?? null,
    membershipId: input.membershipId ?? null,
    eventId: input.eventId ?? null,
    registrationId: null,
    paymentId: null,
  };
}
