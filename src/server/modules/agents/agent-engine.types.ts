import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import type { MemberFacts } from "#server/modules/members/member-agent-reads.service.ts";
import type { RegistrationFacts } from "#server/modules/registrations/registration-agent-reads.service.ts";
import type { RegistrationStatus } from "#server/modules/registrations/registration-transitions.ts";
import type { AgentAction, AgentActionKind, AgentDefinition, AgentTriggerKind } from "#shared/agents.ts";

// The parts of the agent engine and how they meet (issue 24):
//   trigger (a log entry or a time) → `TriggerFacts` → the planner (`agent-planner.ts`) builds a
//   `RunPlan` from the definition, each action's handler resolving it into concrete `PlannedStep`s
//   without writing anything → the runner (`agent-runner.ts`) stores the plan on the run and applies
//   its steps one transaction each (or proposes them for approval); a dry run (`agent-dry-run.service.ts`)
//   builds the same plans over past triggers and stores only them; undo (`agent-undo.service.ts`) hands
//   each done step's undo record back to its handler.

/** What fired a run, as stored in `agent_run.trigger`: all JSON. */
export type TriggerFacts = {
  kind: AgentTriggerKind;
  /** `agent_run.trigger_key` (see agents.tables.ts). */
  key: string;
  communityId: string;
  /** When it happened (the entry's occurred_at, or the time the time trigger came due), ISO. */
  occurredAt: string;
  /** For log triggers: the entry. */
  log?: { position: number; txId: number; type: string; payload: Record<string, unknown> } | null;
  /** The person the run is about (a member, registrant, payer), if any. */
  subjectUserId: string | null;
  /** Their membership in the community, if any (join request, member joined, inactive). */
  membershipId: string | null;
  eventId: string | null;
  registrationId: string | null;
  paymentId: string | null;
};

/** One concrete effect the run will have: everything `apply` needs, decided at planning. */
export type PlannedStep = {
  kind: AgentActionKind;
  /** JSON: recipients (user ids), rendered subject and body, tag, membership or registration id, url… */
  input: Record<string, unknown>;
  /** Messages it sends (emails, one per recipient), counted against the limits. */
  messages: number;
  /** What it does, in words: `Email "Welcome to Makers" to Ada Lovelace`. */
  summary: string;
  /** Why (the trigger and conditions that led to it), shown in the approvals queue. */
  reason: string;
};

export type LimitName = "messages_per_run" | "messages_per_day" | "model_budget";

/** What one run does: the same shape for a real run and for each trigger of a dry run. */
export type RunPlan = {
  trigger: TriggerFacts;
  /** Why the run does nothing (a condition not met, the subject gone), or null. */
  skipped: string | null;
  steps: PlannedStep[];
  /** The first step a limit stops, and which; the steps before it run. */
  stoppedAt: { index: number; limit: LimitName } | null;
  /** Model use while planning (wording, judgement). */
  modelTokens: number;
  modelCostMicros: number;
};

/** The language model, when one is configured (`agent-model.ts`). Failures and time-outs throw. */
export type AgentModel = {
  /** Words a message from its rendered template and context; the result is only text. */
  word(input: {
    communityId: string;
    subject: string;
    body: string;
    context: Record<string, unknown>;
  }): Promise<{ subject: string; body: string; tokens: number; costMicros: number }>;
  /** Whether `text` (member-provided, treated as data) matches what the admin describes. */
  judge(input: {
    communityId: string;
    instructions: string;
    text: string;
  }): Promise<{ matches: boolean; reason: string; tokens: number; costMicros: number }>;
};

/** What every part of the engine is given by the composition root. */
export type AgentDeps = {
  db: Db;
  emit: Emit;
  clock: () => Date;
  appUrl: string;
  authSecret: string;
  model: AgentModel | null;
  /** The same model for dry runs: it records no spend (`createAgentModel`'s `recordSpend: false`). */
  rehearsalModel?: AgentModel | null;
  webhooks: {
    timeoutMs: number;
    maxResponseBytes: number;
    /** Test setting only: lets a webhook reach a loopback address over plain HTTP. */
    allowLoopback: boolean;
  };
  log: (line: string) => void;
  /** Tells the job runtime that runs became due now (approvals decided), so it need not wait for its poll. */
  wakeRunner?: () => void;
};

/** The parts of `AgentDeps` that stay the same for every request of a process (the request context's `agents`). */
export type AgentParts = Pick<
  AgentDeps,
  "appUrl" | "model" | "rehearsalModel" | "webhooks" | "log" | "wakeRunner"
>;

/** An agent as the engine reads it. */
export type AgentRecord = {
  id: string;
  communityId: string;
  name: string;
  definition: AgentDefinition;
  webhookSecret: string | null;
};

/**
 * What the planner reads about people and registrations in the agent's community: as they are now
 * for a real run (`currentReader`), as they stood at a past trigger's moment for a dry run
 * (`agent-past-state.ts`). Events and the community are read as they are now by both.
 */
export type PlanReader = {
  member(userId: string): Promise<MemberFacts | null>;
  registration(registrationId: string): Promise<RegistrationFacts | null>;
  /** Whether this membership is a join request waiting for a decision. */
  joinRequestPending(membershipId: string): Promise<boolean>;
  /** Whether the person is in the saved segment; null when the segment is gone. */
  inSegment(segmentId: string, userId: string): Promise<boolean | null>;
  /** Which of these people an agent's mail may reach (`subject`: the trigger's own person). */
  mailable(userIds: readonly string[], subject: boolean): Promise<Set<string>>;
  /** The people registered for the event with one of these statuses, by user id. */
  registrants(eventId: string, statuses: readonly RegistrationStatus[]): Promise<string[]>;
  /** The saved segment's members an agent's mail reaches; null when the segment is gone. */
  segmentRecipients(segmentId: string): Promise<string[] | null>;
};

/** What the planner knows when it resolves the actions: read once per run. */
export type PlanContext = {
  agent: AgentRecord;
  trigger: TriggerFacts;
  community: { id: string; name: string; slug: string; timeZone: string; link: string };
  /** The subject person, if any, as a member of the community (null fields when not a member). */
  member: {
    userId: string;
    membershipId: string | null;
    name: string;
    firstName: string;
    email: string;
    tags: string[];
  } | null;
  event: {
    id: string;
    title: string;
    startsAt: string;
    endsAt: string;
    timeZone: string;
    place: string | null;
    link: string;
    paid: boolean;
  } | null;
  registration: { id: string; status: string; answers: string } | null;
  /** A join request's answers, as text. */
  joinAnswers: string | null;
  /** Model use while planning, added to by whatever calls the model (judgement, wording). */
  spend?: { tokens: number; costMicros: number };
  /** Where the actions read people and registrations from (now, or a dry run's past moment). */
  reader: PlanReader;
};

/** The identity of the step being applied. */
export type StepRef = {
  runId: string;
  stepId: string;
  index: number;
  agentId: string;
  communityId: string;
  input: Record<string, unknown>;
};

export type ActionHandler<K extends AgentActionKind = AgentActionKind> = {
  /** Resolves the action for this run into zero or more concrete steps; reads only. */
  plan(deps: AgentDeps, ctx: PlanContext, action: Extract<AgentAction, { kind: K }>): Promise<PlannedStep[]>;
  /**
   * Work outside the database (an HTTP call), done before `apply`'s transaction so no transaction
   * waits on the network; its result is handed to `apply`. Absent for actions that only write.
   */
  external?(deps: AgentDeps, step: StepRef): Promise<Record<string, unknown>>;
  /**
   * Carries the step out inside `tx` (the runner marks it done in the same transaction): its output
   * for the run page and how to take it back (null: it cannot be, e.g. an email).
   */
  apply(
    tx: Db,
    deps: AgentDeps,
    step: StepRef,
    external: Record<string, unknown> | null,
  ): Promise<{ output: Record<string, unknown>; undo: Record<string, unknown> | null }>;
  /** Takes a done step back from its undo record, inside `tx`; returns what it restored. */
  undo?(
    tx: Db,
    deps: AgentDeps,
    step: StepRef,
    undo: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
};
