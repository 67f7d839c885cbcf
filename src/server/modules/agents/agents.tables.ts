import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  AgentApprovalMode,
  AgentDefinition,
  AgentRunStatus,
  AgentStatus,
  AgentStepStatus,
} from "#shared/agents.ts";

// Agents (issue 24): automations of a community, their runs, each run's steps, the approvals
// queue, dry runs, notices to admins and model spend. Community and person ids are plain text,
// like the log they act on: a run's history outlives the agent's subject.

export const agent = pgTable(
  "agent",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id").notNull(),
    name: text("name").notNull(),
    /** The template it started from, if any (`agentTemplates`' key). */
    template: text("template"),
    definition: jsonb("definition").$type<AgentDefinition>().notNull(),
    approvalMode: text("approval_mode").$type<AgentApprovalMode>().notNull(),
    status: text("status").$type<AgentStatus>().notNull().default("off"),
    /** Why it paused itself (a limit, the model budget), shown on its page. */
    pausedReason: text("paused_reason"),
    /** Entries that occurred before this are never acted on: switching on does not replay history. */
    enabledAt: timestamp("enabled_at", { withTimezone: true }),
    /** Time triggers have been looked for up to here. */
    scannedUntil: timestamp("scanned_until", { withTimezone: true }),
    /** The Standard Webhooks signing secret (`whsec_…`), made when a webhook action is first saved. */
    webhookSecret: text("webhook_secret"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("agent_community_idx").on(t.communityId, t.status)],
);

export const agentRun = pgTable(
  "agent_run",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id").notNull(),
    communityId: text("community_id").notNull(),
    /**
     * What fired it, unique per agent: `log:<position>` for a log entry, `inactive:<membershipId>:<day>`,
     * `starts:<eventId>:<startsAt>`, `ended:<eventId>`, `schedule:<iso minute>`. The unique index is
     * what makes each (agent, trigger) run once across processes and restarts.
     */
    triggerKey: text("trigger_key").notNull(),
    /** The trigger's facts: kind, log position and type, payload, subject person, event. */
    trigger: jsonb("trigger").$type<Record<string, unknown>>().notNull(),
    /** The person the run is about, if any (for search and scope). */
    subjectUserId: text("subject_user_id"),
    eventId: text("event_id"),
    status: text("status").$type<AgentRunStatus>().notNull().default("queued"),
    /** The plan the run follows (the same shape a dry run shows), fixed when it is first planned. */
    plan: jsonb("plan").$type<Record<string, unknown>>(),
    attempts: integer("attempts").notNull().default(0),
    /** Due (queued or retrying) from here; a claim pushes it out by a lease. */
    runAfter: timestamp("run_after", { withTimezone: true }).notNull(),
    error: text("error"),
    messagesSent: integer("messages_sent").notNull().default(0),
    modelTokens: integer("model_tokens").notNull().default(0),
    /** Model spend in millionths of a US dollar. */
    modelCostMicros: bigint("model_cost_micros", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    durationMs: integer("duration_ms"),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneBy: text("undone_by"),
  },
  (t) => [
    uniqueIndex("agent_run_trigger_idx").on(t.agentId, t.triggerKey),
    index("agent_run_due_idx").on(t.runAfter).where(sql`${t.status} in ('queued', 'running')`),
    index("agent_run_agent_idx").on(t.agentId, t.createdAt),
    index("agent_run_community_idx").on(t.communityId, t.createdAt),
  ],
);

export const agentStep = pgTable(
  "agent_step",
  {
    id: text("id").primaryKey(),
    runId: text("run_id").notNull(),
    /** Position in the run: one step per planned effect, in order. */
    index: integer("index").notNull(),
    /** The action kind (#shared/agents.ts). */
    kind: text("kind").notNull(),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    output: jsonb("output").$type<Record<string, unknown>>(),
    status: text("status").$type<AgentStepStatus>().notNull().default("pending"),
    /** How to take the effect back; null while not done, or for an effect that cannot be (an email). */
    undo: jsonb("undo").$type<Record<string, unknown>>(),
    reversible: boolean("reversible").notNull().default(false),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("agent_step_run_idx").on(t.runId, t.index)],
);

/** Proposed actions of an agent in "propose" mode, waiting for an admin. */
export const agentApproval = pgTable(
  "agent_approval",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id").notNull(),
    agentId: text("agent_id").notNull(),
    runId: text("run_id").notNull(),
    stepId: text("step_id").notNull().unique(),
    /** Why the agent proposes it, in words. */
    reason: text("reason").notNull(),
    status: text("status").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("agent_approval_pending_idx").on(t.communityId, t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** A dry run: what the agent would have done over a past period; the only thing it writes. */
export const agentDryRun = pgTable(
  "agent_dry_run",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id").notNull(),
    communityId: text("community_id").notNull(),
    requestedBy: text("requested_by").notNull(),
    from: timestamp("from", { withTimezone: true }).notNull(),
    to: timestamp("to", { withTimezone: true }).notNull(),
    /** The definition as it was dry-run. */
    definition: jsonb("definition").$type<AgentDefinition>().notNull(),
    /** One plan per trigger that would have fired, in order, with where limits would have stopped it. */
    plan: jsonb("plan").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("agent_dry_run_agent_idx").on(t.agentId, t.createdAt)],
);

/** What an agent tells the admins (an agent's `notify_admins`, a pause by a limit): the dashboard's badge. */
export const agentNotice = pgTable(
  "agent_notice",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id").notNull(),
    agentId: text("agent_id").notNull(),
    runId: text("run_id"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("agent_notice_unread_idx").on(t.communityId, t.createdAt).where(sql`${t.readAt} is null`)],
);

/** Messages an agent sent per day (UTC), counted under the agent's lock: the per-day limit. */
export const agentMessageDay = pgTable(
  "agent_message_day",
  {
    agentId: text("agent_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);

/** Model spend per community per month (UTC, first day): the monthly budget. */
export const agentModelSpend = pgTable(
  "agent_model_spend",
  {
    communityId: text("community_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
    costMicros: bigint("cost_micros", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.month] })],
);

/** A community's agent settings: the monthly model budget (millionths of a US dollar). */
export const agentSettings = pgTable("agent_settings", {
  communityId: text("community_id").primaryKey(),
  modelBudgetMicros: bigint("model_budget_micros", { mode: "number" }).notNull().default(5_000_000),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
