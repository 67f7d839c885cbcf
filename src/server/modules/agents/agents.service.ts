import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, max } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, type FieldError, invalidInput, notFound } from "#server/errors.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { listSegments } from "#server/modules/members/member-segments.service.ts";
import { type MembersCtx, requireCapability } from "#server/modules/members/members.service.ts";
import { type AgentNames, describeAgent } from "#shared/agent-describe.ts";
import type { AgentDefinition, AgentStatus } from "#shared/agents.ts";
import type { AgentDeps, AgentParts, AgentRecord } from "./agent-engine.types.ts";
import { forgetAgents } from "./agent-erasure.service.ts";
import { definitionNeedsModel, templateByKey } from "./agent-templates.ts";
import { checkDefinition, nameErrors } from "./agent-validation.ts";
import { AGENTS_REFUSAL } from "./agents.policy.ts";
import { agent, agentApproval, agentMessageDay, agentRun } from "./agents.tables.ts";

// Agents as admins see and change them (issue 24): list, read, create (from scratch or a
// template), edit, delete, switch on and off. Runs, approvals and undo are `agent-runs.service.ts`;
// notices, settings and the badge are `agent-admin.service.ts`.

/** What the agents' services need of the request. */
export type AgentsCtx = MembersCtx & {
  clock: () => Date;
  emit: Emit;
  authSecret: string;
  agents: AgentParts;
};

export type AgentRow = typeof agent.$inferSelect;

export type AgentView = AgentRow & {
  description: string;
  lastRunAt: Date | null;
  runCount: number;
  pendingApprovalCount: number;
  messagesToday: number;
};

/** The engine's parts for this request: the request's database, log and clock, the process's model. */
export const agentDeps = (ctx: AgentsCtx): AgentDeps => ({
  db: ctx.db,
  emit: ctx.emit,
  clock: ctx.clock,
  authSecret: ctx.authSecret,
  ...ctx.agents,
});

export const agentRecord = (row: AgentRow): AgentRecord => ({
  id: row.id,
  communityId: row.communityId,
  name: row.name,
  definition: row.definition,
  webhookSecret: row.webhookSecret,
});

/** The viewer may manage the community's agents: NOT_FOUND for strangers, FORBIDDEN for other members. */
export const requireAgentsManager = (ctx: MembersCtx, communityId: string) =>
  requireCapability(ctx, communityId, "agents.manage", AGENTS_REFUSAL);

/** An agent the viewer manages, optionally locked for a change; NOT_FOUND when there is none to them. */
export async function requireAgent(
  ctx: MembersCtx,
  id: string,
  tx: Db = ctx.db,
  lock = false,
): Promise<AgentRow> {
  const query = tx.select().from(agent).where(eq(agent.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  await requireAgentsManager(ctx, row.communityId);
  return row;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const segmentNamesOf = async (ctx: MembersCtx, communityId: string) =>
  Object.fromEntries((await listSegments(ctx, communityId)).map((s) => [s.id, s.name]));

/** Names of the segments and events the definitions name, read once for a list. */
async function namesFor(
  ctx: MembersCtx,
  communityId: string,
  definitions: AgentDefinition[],
): Promise<AgentNames> {
  const usesSegments = definitions.some(
    (d) => d.conditions?.segmentId || d.actions.some((a) => a.kind === "email" && a.segmentId),
  );
  const eventIds = [...new Set(definitions.flatMap((d) => d.conditions?.eventIds ?? []))];
  const [segments, events] = await Promise.all([
    usesSegments ? segmentNamesOf(ctx, communityId) : {},
    eventIds.length > 0
      ? ctx.db
          .select({ id: eventsForJoin.id, title: eventsForJoin.title })
          .from(eventsForJoin)
          .where(and(eq(eventsForJoin.communityId, communityId), inArray(eventsForJoin.id, eventIds)))
          .then((rows) => Object.fromEntries(rows.map((r) => [r.id, r.title])))
      : {},
  ]);
  return { segments, events };
}

/** Agents' rows with their runs, pending proposals and today's messages, all of one community. */
export async function agentViews(
  ctx: AgentsCtx,
  communityId: string,
  rows: AgentRow[],
): Promise<AgentView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [runs, pending, today, names] = await Promise.all([
    ctx.db
      .select({ agentId: agentRun.agentId, runs: count(), last: max(agentRun.createdAt) })
      .from(agentRun)
      .where(inArray(agentRun.agentId, ids))
      .groupBy(agentRun.agentId),
    ctx.db
      .select({ agentId: agentApproval.agentId, pending: count() })
      .from(agentApproval)
      .where(and(inArray(agentApproval.agentId, ids), eq(agentApproval.status, "pending")))
      .groupBy(agentApproval.agentId),
    ctx.db
      .select({ agentId: agentMessageDay.agentId, count: agentMessageDay.count })
      .from(agentMessageDay)
      .where(and(inArray(agentMessageDay.agentId, ids), eq(agentMessageDay.day, utcDay(ctx.clock())))),
    namesFor(
      ctx,
      communityId,
      rows.map((r) => r.definition),
    ),
  ]);
  const runsBy = new Map(runs.map((r) => [r.agentId, r]));
  const pendingBy = new Map(pending.map((p) => [p.agentId, p.pending]));
  const todayBy = new Map(today.map((t) => [t.agentId, t.count]));
  return rows.map((row) => ({
    ...row,
    description: describeAgent(row.definition, names),
    lastRunAt: runsBy.get(row.id)?.last ?? null,
    runCount: runsBy.get(row.id)?.runs ?? 0,
    pendingApprovalCount: pendingBy.get(row.id) ?? 0,
    messagesToday: todayBy.get(row.id) ?? 0,
  }));
}

const viewOf = async (ctx: AgentsCtx, row: AgentRow): Promise<AgentView> => {
  const [view] = await agentViews(ctx, row.communityId, [row]);
  if (!view) throw notFound();
  return view;
};

/** The community's agents, newest first. */
export async function listAgents(ctx: AgentsCtx, communityId: string): Promise<AgentView[]> {
  await requireAgentsManager(ctx, communityId);
  const rows = await ctx.db
    .select()
    .from(agent)
    .where(eq(agent.communityId, communityId))
    .orderBy(desc(agent.createdAt), desc(agent.id));
  return agentViews(ctx, communityId, rows);
}

/** One agent, or null when it is not there to the viewer (FORBIDDEN for members who may not manage). */
export async function getAgent(ctx: AgentsCtx, id: string): Promise<AgentView | null> {
  const [row] = await ctx.db.select().from(agent).where(eq(agent.id, id)).limit(1);
  if (!row) return null;
  await requireAgentsManager(ctx, row.communityId);
  return viewOf(ctx, row);
}

/** Agents by id for other reads (a run's, an approval's), each checked against the viewer's community. */
export async function agentViewsByIds(
  ctx: AgentsCtx,
  communityId: string,
  ids: string[],
): Promise<Map<string, AgentView>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(agent)
    .where(and(eq(agent.communityId, communityId), inArray(agent.id, [...new Set(ids)])));
  return new Map((await agentViews(ctx, communityId, rows)).map((v) => [v.id, v]));
}

const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;
const hasWebhook = (definition: AgentDefinition) => definition.actions.some((a) => a.kind === "webhook");

const modelNotConfigured = () =>
  new DomainError(
    "MODEL_NOT_CONFIGURED",
    "This agent asks the language model to judge, and none is configured: judge by words in the answers instead, or ask the operator to configure a model.",
  );

/** The definition for this community, or BAD_USER_INPUT naming every field to change. */
export async function validDefinition(
  ctx: AgentsCtx,
  communityId: string,
  raw: unknown,
  more: FieldError[] = [],
): Promise<AgentDefinition> {
  const checked = await checkDefinition(ctx.db, communityId, raw, () => segmentNamesOf(ctx, communityId));
  const errors = [...more, ...checked.errors];
  if (errors.length > 0 || !checked.definition) throw invalidInput(errors);
  return checked.definition;
}

export async function createAgent(
  ctx: AgentsCtx,
  input: { communityId: string; name: string; template?: string | null; definition: unknown },
): Promise<AgentView> {
  const me = (await requireAgentsManager(ctx, input.communityId)).viewer;
  const errors = nameErrors(input.name);
  if (input.template && !templateByKey(input.template))
    errors.push({ field: "template", code: "NOT_FOUND", message: "There is no such template." });
  const definition = await validDefinition(ctx, input.communityId, input.definition, errors);
  const now = ctx.clock();
  const row: AgentRow = {
    id: randomUUID(),
    communityId: input.communityId,
    name: input.name.trim(),
    template: input.template ?? null,
    definition,
    approvalMode: definition.approvalMode,
    status: "off",
    pausedReason: null,
    enabledAt: null,
    scannedUntil: null,
    webhookSecret: hasWebhook(definition) ? newWebhookSecret() : null,
    createdBy: me.id,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.transaction(async (tx) => {
    await tx.insert(agent).values(row);
    await ctx.emit(tx, {
      type: "agent.saved",
      communityId: row.communityId,
      actorId: me.id,
      payload: { agentId: row.id, name: row.name, change: "created" },
    });
  });
  return viewOf(ctx, row);
}

export async function updateAgent(
  ctx: AgentsCtx,
  input: { id: string; name?: string | null; definition?: unknown },
): Promise<AgentView> {
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await requireAgent({ ...ctx, db: tx }, input.id, tx, true);
    const errors = input.name == null ? [] : nameErrors(input.name);
    const definition =
      input.definition === undefined || input.definition === null
        ? row.definition
        : await validDefinition({ ...ctx, db: tx }, row.communityId, input.definition, errors);
    if (errors.length > 0) throw invalidInput(errors);
    if (row.status === "on" && definitionNeedsModel(definition) && !ctx.agents.model)
      throw modelNotConfigured();
    const next: AgentRow = {
      ...row,
      name: input.name == null ? row.name : input.name.trim(),
      definition,
      approvalMode: definition.approvalMode,
      webhookSecret: row.webhookSecret ?? (hasWebhook(definition) ? newWebhookSecret() : null),
      updatedAt: ctx.clock(),
    };
    await tx
      .update(agent)
      .set({
        name: next.name,
        definition: next.definition,
        approvalMode: next.approvalMode,
        webhookSecret: next.webhookSecret,
        updatedAt: next.updatedAt,
      })
      .where(eq(agent.id, row.id));
    await ctx.emit(tx, {
      type: "agent.saved",
      communityId: row.communityId,
      actorId: ctx.viewer?.id ?? null,
      payload: { agentId: row.id, name: next.name, change: "updated" },
    });
    return next;
  });
  return viewOf(ctx, updated);
}

/** Deletes the agent with its history: runs, steps, proposals, notices, dry runs, message counts. */
export async function deleteAgent(ctx: AgentsCtx, id: string): Promise<string> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireAgent({ ...ctx, db: tx }, id, tx, true);
    await forgetAgents(tx, { agentId: id });
    await ctx.emit(tx, {
      type: "agent.saved",
      communityId: row.communityId,
      actorId: ctx.viewer?.id ?? null,
      payload: { agentId: id, name: row.name, change: "deleted" },
    });
  });
  return id;
}

/**
 * Switches an agent on (from off or paused: it acts on what happens from now on, never on what
 * happened while it was off) or off. Switching on an agent that needs the model while none is
 * configured is refused with MODEL_NOT_CONFIGURED.
 */
export async function setAgentEnabled(ctx: AgentsCtx, id: string, enabled: boolean): Promise<AgentView> {
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await requireAgent({ ...ctx, db: tx }, id, tx, true);
    const to: AgentStatus = enabled ? "on" : "off";
    if (row.status === to) return row;
    if (enabled && definitionNeedsModel(row.definition) && !ctx.agents.model) throw modelNotConfigured();
    const now = ctx.clock();
    const change = enabled
      ? { status: to, enabledAt: now, pausedReason: null, updatedAt: now }
      : { status: to, pausedReason: null, updatedAt: now };
    await tx.update(agent).set(change).where(eq(agent.id, id));
    await ctx.emit(tx, {
      type: "agent.status_changed",
      communityId: row.communityId,
      actorId: ctx.viewer?.id ?? null,
      payload: { agentId: id, name: row.name, from: row.status, to, reason: null },
    });
    return { ...row, ...change };
  });
  return viewOf(ctx, updated);
}
