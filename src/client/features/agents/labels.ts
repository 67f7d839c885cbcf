import type { AgentRunStatus, AgentStepStatus } from "#client/gql/graphql.ts";
import type {
  AgentActionKind,
  AgentEmailAudience,
  AgentRegistrationStatus,
  AgentTriggerKind,
} from "#shared/agents.ts";

export const TRIGGER_LABELS: Record<AgentTriggerKind, string> = {
  member_joined: "Someone joins the community",
  join_requested: "Someone asks to join",
  event_published: "An event is published",
  registration_created: "Someone registers for an event",
  registration_status_changed: "A registration's status changes",
  checked_in: "Someone checks in at an event",
  payment_succeeded: "A payment succeeds",
  payment_failed: "A payment fails",
  membership_started: "A paid membership starts",
  membership_ended: "A paid membership ends",
  member_inactive: "A member has been inactive for some days",
  event_starts_in: "An event starts in some hours",
  event_ended: "An event has ended",
  schedule: "On a schedule",
};

export const ACTION_LABELS: Record<AgentActionKind, string> = {
  email: "Send an email",
  add_tag: "Add a tag",
  remove_tag: "Remove a tag",
  notify_admins: "Notify admins",
  draft_announcement: "Draft an announcement",
  decide_registration: "Approve or decline the registration",
  decide_join_request: "Approve or decline the join request",
  webhook: "Call a webhook",
};

export const AUDIENCE_LABELS: Record<AgentEmailAudience, string> = {
  subject: "The person who triggered it",
  registrants: "The event's registrants",
  segment: "Members of a saved segment",
};

export const REGISTRATION_STATUS_LABELS: Record<AgentRegistrationStatus, string> = {
  going: "Going",
  waitlisted: "Waitlisted",
  pending: "Pending approval",
  held: "Held for payment",
  canceled: "Canceled",
  declined: "Declined",
};

export const RUN_STATUS_LABELS: Record<AgentRunStatus, string> = {
  QUEUED: "Queued",
  RUNNING: "Running",
  AWAITING_APPROVAL: "Awaiting approval",
  SUCCEEDED: "Succeeded",
  FAILED: "Failed",
  SKIPPED: "Skipped",
  STOPPED_BY_LIMIT: "Stopped by a limit",
};

export const RUN_STATUSES = Object.keys(RUN_STATUS_LABELS) as AgentRunStatus[];

export const STEP_STATUS_LABELS: Record<AgentStepStatus, string> = {
  PENDING: "Pending",
  DONE: "Done",
  FAILED: "Failed",
  SKIPPED: "Skipped",
  PROPOSED: "Proposed",
  REJECTED: "Rejected",
  UNDONE: "Undone",
};

/** The fields a subject or message may use, as the server's templates fill them. */
export const TEMPLATE_FIELDS = [
  "member.firstName",
  "member.name",
  "community.name",
  "community.link",
  "event.title",
  "event.link",
  "event.date",
  "event.place",
  "registration.status",
  "agent.name",
] as const;

/** Whether a trigger has an event behind it (event filters apply, registrants can be emailed). */
export const EVENT_TRIGGERS: readonly AgentTriggerKind[] = [
  "event_published",
  "registration_created",
  "registration_status_changed",
  "checked_in",
  "event_starts_in",
  "event_ended",
];

/** Triggers with text to judge: a join request's or a registration's answers. */
export const ANSWER_TRIGGERS: readonly AgentTriggerKind[] = [
  "join_requested",
  "registration_created",
  "registration_status_changed",
];

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export const formatWhen = (iso: string | null | undefined): string =>
  iso ? dateTime.format(new Date(iso)) : "Never";

export function formatDuration(ms: number | null | undefined): string {
  if (ms == null) return "—";
  if (ms < 1000) return `${ms} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Model cost in millionths of the currency unit, shown as dollars to the cent (or finer when tiny). */
export function formatMicros(micros: number): string {
  const value = micros / 1_000_000;
  return value > 0 && value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;
}
