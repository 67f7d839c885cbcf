// What an agent is (issue 24, PRODUCT.md "Agents"): a trigger, optional conditions, actions in
// order, an approval mode and limits. The agent form builds an `AgentDefinition`; the server
// validates every one with its schema (`src/server/modules/agents/agent-definition.ts`), which is
// checked against these types.

/** Triggers read from the domain-event log, one run per matching entry. */
export const LOG_TRIGGER_KINDS = [
  "member_joined",
  "join_requested",
  "event_published",
  "registration_created",
  "registration_status_changed",
  "checked_in",
  "payment_succeeded",
  "payment_failed",
  "membership_started",
  "membership_ended",
] as const;
/** Triggers the job runtime finds by time: one run per (agent, person or event, occurrence). */
export const TIME_TRIGGER_KINDS = ["member_inactive", "event_starts_in", "event_ended", "schedule"] as const;
export const AGENT_TRIGGER_KINDS = [...LOG_TRIGGER_KINDS, ...TIME_TRIGGER_KINDS] as const;
export type AgentTriggerKind = (typeof AGENT_TRIGGER_KINDS)[number];

export const AGENT_REGISTRATION_STATUSES = [
  "going",
  "waitlisted",
  "pending",
  "held",
  "canceled",
  "declined",
] as const;
export type AgentRegistrationStatus = (typeof AGENT_REGISTRATION_STATUSES)[number];

export const AGENT_LIMITS = {
  nameLength: 80,
  subjectLength: 200,
  bodyLength: 20_000,
  tagLength: 40,
  actions: 10,
  inactiveDaysMax: 730,
  startsInHoursMax: 24 * 30,
  messagesPerRunMax: 10_000,
  messagesPerDayMax: 100_000,
  judgementLength: 2_000,
  webhookUrlLength: 2_000,
  keywords: 20,
} as const;

export type AgentTrigger =
  | { kind: "member_joined" }
  | { kind: "join_requested" }
  | { kind: "event_published" }
  | { kind: "registration_created" }
  /** Only changes to one of `to`; empty or absent: any change. */
  | { kind: "registration_status_changed"; to?: AgentRegistrationStatus[] }
  | { kind: "checked_in" }
  | { kind: "payment_succeeded" }
  | { kind: "payment_failed" }
  | { kind: "membership_started" }
  | { kind: "membership_ended" }
  /** A member with no activity (the member table's "last active") for `days` days: once per quiet spell. */
  | { kind: "member_inactive"; days: number }
  /** `hours` before a published event starts: once per event and start time. */
  | { kind: "event_starts_in"; hours: number }
  /** A published event's end passed: once per event. */
  | { kind: "event_ended" }
  /** A five-field cron expression in the community's time zone. */
  | { kind: "schedule"; cron: string };

/** A judgement on the trigger's text (a join request's or a registration's answers). */
export type AgentJudgement =
  /** Rule-based: the answers contain any (or all) of these words, case-insensitively. */
  | { kind: "answers_contain"; words: string[]; match: "any" | "all" }
  /** The language model decides whether the answers match what the admin describes. */
  | { kind: "model_judges"; instructions: string };

export type AgentConditions = {
  /** A saved member segment (`member_segment.id`): the subject must be in it. */
  segmentId?: string | null;
  /** Only events whose title contains this text (case-insensitive). */
  eventTitleContains?: string | null;
  /** Only these events. */
  eventIds?: string[] | null;
  /** Only paid (true) or only free (false) events. */
  eventPaid?: boolean | null;
  judgement?: AgentJudgement | null;
};

/** Who an email goes to: the trigger's person, the event's registrants, or a saved segment's members. */
export const AGENT_EMAIL_AUDIENCES = ["subject", "registrants", "segment"] as const;
export type AgentEmailAudience = (typeof AGENT_EMAIL_AUDIENCES)[number];

export type AgentAction =
  | {
      kind: "email";
      to: AgentEmailAudience;
      /** For `registrants`: which statuses; absent: going. */
      registrantStatuses?: AgentRegistrationStatus[];
      /** For `segment`: the saved segment whose members get it. */
      segmentId?: string | null;
      /** Mustache templates: `{{member.firstName}}`, `{{event.title}}`, `{{event.link}}`, … */
      subject: string;
      body: string;
      /** Let the language model word the message from the template and context (when one is configured). */
      wordWithModel?: boolean;
    }
  | { kind: "add_tag"; tag: string }
  | { kind: "remove_tag"; tag: string }
  | { kind: "notify_admins"; message: string }
  | { kind: "draft_announcement"; subject: string; body: string }
  | { kind: "decide_registration"; decision: "approve" | "decline" }
  /** `message`: for a decline, what the person is told. */
  | { kind: "decide_join_request"; decision: "approve" | "decline"; message?: string | null }
  /** HTTPS only; signed per Standard Webhooks with the agent's secret. */
  | { kind: "webhook"; url: string };
export type AgentActionKind = AgentAction["kind"];
export const AGENT_ACTION_KINDS = [
  "email",
  "add_tag",
  "remove_tag",
  "notify_admins",
  "draft_announcement",
  "decide_registration",
  "decide_join_request",
  "webhook",
] as const satisfies readonly AgentActionKind[];

export const AGENT_APPROVAL_MODES = ["act", "propose"] as const;
export type AgentApprovalMode = (typeof AGENT_APPROVAL_MODES)[number];

export type AgentRunLimits = { messagesPerRun: number; messagesPerDay: number };
export const DEFAULT_AGENT_LIMITS: AgentRunLimits = { messagesPerRun: 100, messagesPerDay: 500 };

/** Everything an agent does, as stored in `agent.definition` and sent by the form. */
export type AgentDefinition = {
  trigger: AgentTrigger;
  conditions: AgentConditions;
  actions: AgentAction[];
  approvalMode: AgentApprovalMode;
  limits: AgentRunLimits;
};

/** An agent's state: off (never switched on, or switched off), on, or paused by a limit or failure. */
export const AGENT_STATUSES = ["off", "on", "paused"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AGENT_RUN_STATUSES = [
  "queued",
  "running",
  "awaiting_approval",
  "succeeded",
  "failed",
  "skipped",
  "stopped_by_limit",
] as const;
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

export const AGENT_STEP_STATUSES = [
  "pending",
  "done",
  "failed",
  "skipped",
  "proposed",
  "rejected",
  "undone",
] as const;
export type AgentStepStatus = (typeof AGENT_STEP_STATUSES)[number];

/** Actions whose effect cannot be taken back (the undo screen says so). */
export const IRREVERSIBLE_ACTIONS: readonly AgentActionKind[] = ["email", "notify_admins", "webhook"];
