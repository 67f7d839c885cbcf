import { builder } from "#server/graphql/builder.ts";
import type { GraphQLContext } from "#server/graphql/context.ts";
import { Community } from "#server/modules/communities/communities.graphql.ts";
import { Event } from "#server/modules/events/events.graphql.ts";
import { getEvent } from "#server/modules/events/events.service.ts";
import type { EventView } from "#server/modules/events/events.views.ts";
import { PersonRef } from "#server/modules/membership/membership.graphql.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import { listUsers, type Person } from "#server/modules/users/users.service.ts";
import { roleCan } from "#shared/capabilities.ts";
import {
  type AgentNoticeRow,
  type AgentSettingsView,
  agentBadgeCount,
  dryRun,
  getAgentSettings,
  getDryRun,
  listNotices,
  markNoticesRead,
  updateAgentSettings,
} from "./agent-admin.service.ts";
import type { DryRunResult, DryRunTotals } from "./agent-dry-run.service.ts";
import {
  type AgentApprovalView,
  type AgentRunPage,
  type AgentRunView,
  type AgentStepRow,
  decideAgentApprovals,
  getRun,
  listRuns,
  pendingApprovals,
  replayAgentRun,
  runsByIds,
  stepsByIds,
  stepsOfRun,
  triggerSummary,
  undoAgentActionsSince,
  undoAgentRun,
} from "./agent-runs.service.ts";
import { AGENT_TEMPLATES, type AgentTemplate } from "./agent-templates.ts";
import {
  type AgentView,
  agentViewsByIds,
  createAgent,
  deleteAgent,
  getAgent,
  listAgents,
  setAgentEnabled,
  updateAgent,
} from "./agents.service.ts";

// Agents over GraphQL (issue 24): thin resolvers over the agents' services. Everything here is for
// holders of `agents.manage`; the services check it on every read and write.

const AgentStatusEnum = builder.enumType("AgentStatus", {
  values: { OFF: { value: "off" }, ON: { value: "on" }, PAUSED: { value: "paused" } } as const,
});

const AgentApprovalModeEnum = builder.enumType("AgentApprovalMode", {
  values: { ACT: { value: "act" }, PROPOSE: { value: "propose" } } as const,
});

const AgentRunStatusEnum = builder.enumType("AgentRunStatus", {
  values: {
    QUEUED: { value: "queued" },
    RUNNING: { value: "running" },
    AWAITING_APPROVAL: { value: "awaiting_approval" },
    SUCCEEDED: { value: "succeeded" },
    FAILED: { value: "failed" },
    SKIPPED: { value: "skipped" },
    STOPPED_BY_LIMIT: { value: "stopped_by_limit" },
  } as const,
});

const AgentStepStatusEnum = builder.enumType("AgentStepStatus", {
  values: {
    PENDING: { value: "pending" },
    DONE: { value: "done" },
    FAILED: { value: "failed" },
    SKIPPED: { value: "skipped" },
    PROPOSED: { value: "proposed" },
    REJECTED: { value: "rejected" },
    UNDONE: { value: "undone" },
  } as const,
});

const AgentApprovalDecision = builder.enumType("AgentApprovalDecision", {
  values: { APPROVE: { value: "approve" }, REJECT: { value: "reject" } } as const,
});

// Reads a request makes over and over (each run's agent, subject and event) are made once per request.
const perRequest = new WeakMap<object, Map<string, Promise<unknown>>>();
function once<T>(ctx: GraphQLContext, key: string, load: () => Promise<T>): Promise<T> {
  let cache = perRequest.get(ctx);
  if (!cache) {
    cache = new Map();
    perRequest.set(ctx, cache);
  }
  let found = cache.get(key) as Promise<T> | undefined;
  if (!found) {
    found = load();
    cache.set(key, found);
  }
  return found;
}

const agentOf = (ctx: GraphQLContext, communityId: string, agentId: string) =>
  once(ctx, `agent:${agentId}`, async () => {
    const found = (await agentViewsByIds(ctx, communityId, [agentId])).get(agentId);
    if (!found) throw new Error("an agent's record without its agent");
    return found;
  });

export const Agent = builder.objectRef<AgentView>("Agent").implement({
  description: "An automation of a community: a trigger, conditions, actions, an approval mode and limits.",
  fields: (t) => ({
    id: t.exposeID("id"),
    communityId: t.exposeID("communityId"),
    name: t.exposeString("name"),
    template: t.exposeString("template", { nullable: true, description: "The template it started from." }),
    definition: t.expose("definition", {
      type: "JSON",
      description: "The AgentDefinition (src/shared/agents.ts) as stored.",
    }),
    description: t.exposeString("description", { description: "What the agent does, in one sentence." }),
    status: t.expose("status", { type: AgentStatusEnum }),
    pausedReason: t.exposeString("pausedReason", { nullable: true }),
    approvalMode: t.expose("approvalMode", { type: AgentApprovalModeEnum }),
    webhookSecret: t.exposeString("webhookSecret", {
      nullable: true,
      description: "The Standard Webhooks signing secret (whsec_…), once a webhook action was saved.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    enabledAt: t.expose("enabledAt", { type: "DateTime", nullable: true }),
    lastRunAt: t.expose("lastRunAt", { type: "DateTime", nullable: true }),
    runCount: t.exposeInt("runCount"),
    pendingApprovalCount: t.exposeInt("pendingApprovalCount"),
    messagesToday: t.exposeInt("messagesToday", {
      description: "Messages sent today (UTC), against the daily limit.",
    }),
  }),
});

const AgentTemplateRef = builder.objectRef<AgentTemplate>("AgentTemplate").implement({
  fields: (t) => ({
    key: t.exposeID("key"),
    name: t.exposeString("name"),
    summary: t.exposeString("summary"),
    definition: t.expose("definition", { type: "JSON" }),
    usesModel: t.exposeBoolean("usesModel"),
  }),
});

const AgentStep = builder.objectRef<AgentStepRow>("AgentStep").implement({
  description: "One effect of a run, in order.",
  fields: (t) => ({
    id: t.exposeID("id"),
    index: t.exposeInt("index"),
    kind: t.exposeString("kind", { description: "The action kind (email, add_tag, …)." }),
    summary: t.string({
      description: "What it does, in words.",
      resolve: (s) => {
        const summary = s.input.summary;
        return typeof summary === "string" ? summary : s.kind;
      },
    }),
    reason: t.string({
      nullable: true,
      resolve: (s) => (typeof s.input.reason === "string" ? s.input.reason : null),
    }),
    input: t.expose("input", { type: "JSON" }),
    output: t.expose("output", { type: "JSON", nullable: true }),
    status: t.expose("status", { type: AgentStepStatusEnum }),
    reversible: t.exposeBoolean("reversible"),
    error: t.exposeString("error", { nullable: true }),
    attempts: t.exposeInt("attempts"),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    undoneAt: t.expose("undoneAt", { type: "DateTime", nullable: true }),
  }),
});

const AgentRun = builder.objectRef<AgentRunView>("AgentRun").implement({
  description: "One run of an agent: what fired it, its plan and its steps.",
  fields: (t) => ({
    id: t.exposeID("id"),
    agent: t.field({ type: Agent, resolve: (r, _args, ctx) => agentOf(ctx, r.communityId, r.agentId) }),
    status: t.expose("status", { type: AgentRunStatusEnum }),
    trigger: t.expose("trigger", {
      type: "JSON",
      description: "The trigger's facts (kind, log entry, subject, event).",
    }),
    triggerSummary: t.string({
      description: "What fired it, in words.",
      resolve: async (r, _args, ctx) => {
        const owner = await agentOf(ctx, r.communityId, r.agentId);
        return triggerSummary(r, owner.definition.trigger);
      },
    }),
    subject: t.field({
      type: PersonRef,
      nullable: true,
      description: "The person the run is about, if any.",
      resolve: (r, _args, ctx) => {
        const userId = r.subjectUserId;
        if (!userId) return null;
        return once<Person | null>(
          ctx,
          `person:${userId}`,
          async () => (await listUsers(ctx.db, [userId]))[0] ?? null,
        );
      },
    }),
    event: t.field({
      type: Event,
      nullable: true,
      resolve: (r, _args, ctx) => {
        const eventId = r.eventId;
        if (!eventId) return null;
        // A deleted event, or one the viewer no longer sees, is simply absent from the run.
        return once<EventView | null>(ctx, `event:${eventId}`, () =>
          getEvent(ctx, eventId).catch(() => null),
        );
      },
    }),
    plan: t.expose("plan", { type: "JSON", nullable: true }),
    replay: t.field({
      type: "JSON",
      nullable: true,
      description:
        "The run's trigger planned again with today's data (a dry run of this one trigger): what the agent would do now. Nothing is sent or written.",
      resolve: (r, _args, ctx) =>
        replayAgentRun(ctx, r).then((plan) => (plan ? (JSON.parse(JSON.stringify(plan)) as object) : null)),
    }),
    steps: t.field({ type: [AgentStep], resolve: (r, _args, ctx) => stepsOfRun(ctx, r.id) }),
    error: t.exposeString("error", { nullable: true }),
    attempts: t.exposeInt("attempts"),
    messagesSent: t.exposeInt("messagesSent"),
    modelTokens: t.exposeInt("modelTokens"),
    modelCostMicros: t.exposeFloat("modelCostMicros", {
      description: "Model spend in millionths of a US dollar.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    durationMs: t.exposeInt("durationMs", { nullable: true }),
    undoneAt: t.expose("undoneAt", { type: "DateTime", nullable: true }),
    undoable: t.exposeBoolean("undoable", {
      description:
        "Whether undoing it would take something back: not undone yet, with a reversible step done.",
    }),
  }),
});

const AgentRunConnection = builder.objectRef<AgentRunPage>("AgentRunConnection").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [AgentRun] }),
    totalCount: t.exposeInt("totalCount"),
    endCursor: t.exposeString("endCursor", { nullable: true }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
  }),
});

const AgentRunFilterInput = builder.inputType("AgentRunFilter", {
  fields: (t) => ({
    statuses: t.field({ type: [AgentRunStatusEnum], required: false }),
    search: t.string({
      required: false,
      description:
        "Matches the subject's name or email, the event's title, the agent's name or a step's summary.",
    }),
    from: t.field({ type: "DateTime", required: false }),
    to: t.field({ type: "DateTime", required: false }),
  }),
});

const AgentApproval = builder.objectRef<AgentApprovalView>("AgentApproval").implement({
  description: "An action an agent in propose mode waits to have approved.",
  fields: (t) => ({
    id: t.exposeID("id"),
    agent: t.field({ type: Agent, resolve: (a, _args, ctx) => agentOf(ctx, a.communityId, a.agentId) }),
    run: t.field({
      type: AgentRun,
      resolve: async (a, _args, ctx) => {
        const run = await once(ctx, `run:${a.runId}`, async () =>
          (await runsByIds(ctx, [a.runId])).get(a.runId),
        );
        if (!run) throw new Error("a proposal without its run");
        return run;
      },
    }),
    step: t.field({
      type: AgentStep,
      resolve: async (a, _args, ctx) => {
        const step = await once(ctx, `step:${a.stepId}`, async () =>
          (await stepsByIds(ctx, [a.stepId])).get(a.stepId),
        );
        if (!step) throw new Error("a proposal without its step");
        return step;
      },
    }),
    reason: t.exposeString("reason"),
    status: t.exposeString("status", { description: "pending, approved or rejected." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const AgentDryRunTotals = builder.objectRef<DryRunTotals>("AgentDryRunTotals").implement({
  fields: (t) => ({
    triggers: t.exposeInt("triggers"),
    acting: t.exposeInt("acting", { description: "Triggers that would have led to at least one action." }),
    messages: t.exposeInt("messages"),
    tagChanges: t.exposeInt("tagChanges"),
    decisions: t.exposeInt("decisions"),
    stoppedByLimit: t.exposeInt("stoppedByLimit"),
  }),
});

const AgentDryRun = builder.objectRef<DryRunResult>("AgentDryRun").implement({
  description: "What an agent would have done over a past period; nothing was sent or changed.",
  fields: (t) => ({
    id: t.exposeID("id"),
    from: t.expose("from", { type: "DateTime" }),
    to: t.expose("to", { type: "DateTime" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    runs: t.expose("runs", {
      type: "JSON",
      description: "One RunPlan per trigger that would have fired, in order.",
    }),
    totals: t.expose("totals", { type: AgentDryRunTotals }),
  }),
});

const AgentNotice = builder.objectRef<AgentNoticeRow>("AgentNotice").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    agent: t.field({
      type: Agent,
      nullable: true,
      resolve: (n, _args, ctx) => agentOf(ctx, n.communityId, n.agentId).catch(() => null),
    }),
    message: t.exposeString("message"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    read: t.boolean({ resolve: (n) => n.readAt !== null }),
  }),
});

const AgentSettings = builder.objectRef<AgentSettingsView>("AgentSettings").implement({
  fields: (t) => ({
    modelConfigured: t.exposeBoolean("modelConfigured", {
      description: "Whether the operator configured a language model (AGENTS_LLM_URL).",
    }),
    modelBudgetMicros: t.exposeFloat("modelBudgetMicros", {
      description: "The monthly model budget, in millionths of a US dollar.",
    }),
    modelSpentMicros: t.exposeFloat("modelSpentMicros", { description: "Spent this month (UTC)." }),
  }),
});

type UndoResult = { runs: number; undoneSteps: number; irreversibleSteps: number; runsInProgress: number };
const UndoAgentActionsResult = builder.objectRef<UndoResult>("UndoAgentActionsResult").implement({
  fields: (t) => ({
    runs: t.exposeInt("runs"),
    undoneSteps: t.exposeInt("undoneSteps"),
    irreversibleSteps: t.exposeInt("irreversibleSteps", {
      description: "Steps that cannot be taken back (emails, webhooks), left as they were.",
    }),
    runsInProgress: t.exposeInt("runsInProgress", {
      description: "Runs in the period still queued or under way, left to finish: undo them once they have.",
    }),
  }),
});

builder.objectField(Community, "agentBadgeCount", (t) =>
  t.int({
    description: "Pending agent proposals plus unread agent notices; 0 for those who do not manage agents.",
    resolve: (c, _args, ctx) =>
      c.viewerRole && roleCan(c.viewerRole, "agents.manage") ? agentBadgeCount(ctx, c.id) : 0,
  }),
);

builder.queryFields((t) => ({
  agents: t.field({
    type: [Agent],
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listAgents(ctx, String(args.communityId)),
  }),
  agent: t.field({
    type: Agent,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getAgent(ctx, String(args.id)),
  }),
  agentTemplates: t.field({
    type: [AgentTemplateRef],
    description: "The agents one can start from.",
    resolve: (_root, _args, ctx) => {
      requireViewer(ctx.viewer);
      return [...AGENT_TEMPLATES];
    },
  }),
  agentRuns: t.field({
    type: AgentRunConnection,
    description: "Runs of one agent (agentId) or of a community's agents (communityId), newest first.",
    args: {
      agentId: t.arg.id({ required: false }),
      communityId: t.arg.id({ required: false }),
      filter: t.arg({ type: AgentRunFilterInput, required: false }),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      listRuns(ctx, {
        agentId: args.agentId == null ? null : String(args.agentId),
        communityId: args.communityId == null ? null : String(args.communityId),
        filter: args.filter ?? null,
        first: args.first ?? null,
        after: args.after ?? null,
      }),
  }),
  agentRun: t.field({
    type: AgentRun,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getRun(ctx, String(args.id)),
  }),
  agentApprovals: t.field({
    type: [AgentApproval],
    description: "Proposals waiting for an admin, oldest first.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => pendingApprovals(ctx, String(args.communityId)),
  }),
  agentDryRun: t.field({
    type: AgentDryRun,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getDryRun(ctx, String(args.id)),
  }),
  agentNotices: t.field({
    type: [AgentNotice],
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listNotices(ctx, String(args.communityId)),
  }),
  agentSettings: t.field({
    type: AgentSettings,
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getAgentSettings(ctx, String(args.communityId)),
  }),
}));

const CreateAgentInput = builder.inputType("CreateAgentInput", {
  fields: (t) => ({
    communityId: t.id({ required: true }),
    name: t.string({ required: true }),
    template: t.string({ required: false, description: "The template's key, when started from one." }),
    definition: t.field({ type: "JSON", required: true, description: "An AgentDefinition." }),
  }),
});

const UpdateAgentInput = builder.inputType("UpdateAgentInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string({ required: false }),
    definition: t.field({ type: "JSON", required: false }),
  }),
});

const DryRunAgentInput = builder.inputType("DryRunAgentInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    definition: t.field({
      type: "JSON",
      required: false,
      description: "The definition being edited, unsaved; absent: the agent's own.",
    }),
    from: t.field({ type: "DateTime", required: true }),
    to: t.field({ type: "DateTime", required: true }),
  }),
});

const DecideAgentApprovalsInput = builder.inputType("DecideAgentApprovalsInput", {
  fields: (t) => ({
    communityId: t.id({ required: true }),
    ids: t.idList({ required: true }),
    decision: t.field({ type: AgentApprovalDecision, required: true }),
  }),
});

const UndoAgentActionsSinceInput = builder.inputType("UndoAgentActionsSinceInput", {
  fields: (t) => ({
    communityId: t.id({ required: true }),
    agentId: t.id({ required: false }),
    since: t.field({ type: "DateTime", required: true }),
  }),
});

const UpdateAgentSettingsInput = builder.inputType("UpdateAgentSettingsInput", {
  fields: (t) => ({
    communityId: t.id({ required: true }),
    modelBudgetMicros: t.float({ required: true }),
  }),
});

builder.mutationFields((t) => ({
  createAgent: t.field({
    type: Agent,
    args: { input: t.arg({ type: CreateAgentInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createAgent(ctx, {
        communityId: String(input.communityId),
        name: input.name,
        template: input.template ?? null,
        definition: input.definition,
      }),
  }),
  updateAgent: t.field({
    type: Agent,
    args: { input: t.arg({ type: UpdateAgentInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      updateAgent(ctx, {
        id: String(input.id),
        name: input.name ?? null,
        definition: input.definition ?? null,
      }),
  }),
  deleteAgent: t.id({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteAgent(ctx, String(args.id)),
  }),
  setAgentEnabled: t.field({
    type: Agent,
    args: { id: t.arg.id({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setAgentEnabled(ctx, String(args.id), args.enabled),
  }),
  dryRunAgent: t.field({
    type: AgentDryRun,
    args: { input: t.arg({ type: DryRunAgentInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      dryRun(ctx, {
        id: String(input.id),
        definition: input.definition ?? null,
        from: input.from,
        to: input.to,
      }),
  }),
  decideAgentApprovals: t.field({
    type: [AgentApproval],
    args: { input: t.arg({ type: DecideAgentApprovalsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      decideAgentApprovals(ctx, {
        communityId: String(input.communityId),
        ids: input.ids.map(String),
        decision: input.decision,
      }),
  }),
  undoAgentRun: t.field({
    type: AgentRun,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => undoAgentRun(ctx, String(args.id)),
  }),
  undoAgentActionsSince: t.field({
    type: UndoAgentActionsResult,
    args: { input: t.arg({ type: UndoAgentActionsSinceInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      undoAgentActionsSince(ctx, {
        communityId: String(input.communityId),
        agentId: input.agentId == null ? null : String(input.agentId),
        since: input.since,
      }),
  }),
  markAgentNoticesRead: t.int({
    description: "Marks the community's agent notices read; returns how many were unread.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => markNoticesRead(ctx, String(args.communityId)),
  }),
  updateAgentSettings: t.field({
    type: AgentSettings,
    args: { input: t.arg({ type: UpdateAgentSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      updateAgentSettings(ctx, {
        communityId: String(input.communityId),
        modelBudgetMicros: input.modelBudgetMicros,
      }),
  }),
}));
