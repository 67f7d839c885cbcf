import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { community, membership, registration, user } from "#server/db/schema.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import type { AgentAction, AgentDefinition } from "#shared/agents.ts";
import { ACTION_HANDLERS } from "./agent-actions.ts";
import type { AgentDeps, AgentRecord, PlanContext, PlannedStep, TriggerFacts } from "./agent-engine.types.ts";
import { currentReader } from "./agent-plan-context.ts";
import { agent, agentRun, agentStep } from "./agents.tables.ts";

// Runs of the member, registration and announcement actions for tests, made the way the runner
// makes them: the run and its steps stored, each step applied in its own transaction that marks
// it done with its output and undo record.

export function agentDeps(db: Db, clock: () => Date = () => new Date()): AgentDeps {
  return {
    db,
    emit: createEmit({ clock }),
    clock,
    appUrl: "http://localhost:3000",
    authSecret: "test-secret-test-secret-test-secret",
    model: null,
    webhooks: { timeoutMs: 1_000, maxResponseBytes: 1_000, allowLoopback: false },
    log: () => {},
  };
}

export async function insertAgent(
  db: Db,
  communityId: string,
  createdBy: string,
  actions: AgentAction[],
): Promise<AgentRecord> {
  const definition: AgentDefinition = {
    trigger: { kind: "registration_created" },
    conditions: {},
    actions,
    approvalMode: "act",
    limits: { messagesPerRun: 100, messagesPerDay: 500 },
  };
  const id = randomUUID();
  const now = new Date();
  await db.insert(agent).values({
    id,
    communityId,
    name: "Test agent",
    definition,
    approvalMode: "act",
    status: "on",
    enabledAt: now,
    createdBy,
    createdAt: now,
    updatedAt: now,
  });
  return { id, communityId, name: "Test agent", definition, webhookSecret: null };
}

/** What the planner would read for a run about `userId` (and a registration or membership of theirs). */
export async function planContext(
  db: Db,
  agentRecord: AgentRecord,
  subject: { userId: string; registrationId?: string | null; membershipId?: string | null },
): Promise<PlanContext> {
  const [c] = await db.select().from(community).where(eq(community.id, agentRecord.communityId));
  if (!c) throw new Error("no community");
  const [u] = await db.select().from(user).where(eq(user.id, subject.userId));
  if (!u) throw new Error("no user");
  const [m] = await db
    .select()
    .from(membership)
    .where(and(eq(membership.communityId, c.id), eq(membership.userId, u.id)));
  const [r] = subject.registrationId
    ? await db.select().from(registration).where(eq(registration.id, subject.registrationId))
    : [];
  const trigger: TriggerFacts = {
    kind: agentRecord.definition.trigger.kind,
    key: `test:${randomUUID()}`,
    communityId: c.id,
    occurredAt: new Date().toISOString(),
    log: null,
    subjectUserId: u.id,
    membershipId: subject.membershipId ?? m?.id ?? null,
    eventId: r?.eventId ?? null,
    registrationId: r?.id ?? null,
    paymentId: null,
  };
  return {
    agent: agentRecord,
    trigger,
    community: { id: c.id, name: c.name, slug: c.slug, timeZone: c.timeZone, link: `/c/${c.slug}` },
    member: {
      userId: u.id,
      membershipId: m && m.status !== "person" ? m.id : null,
      name: u.name,
      firstName: u.name.split(" ")[0] ?? u.name,
      email: u.email,
      tags: m?.tags ?? [],
    },
    event: null,
    registration: r ? { id: r.id, status: r.status, answers: "" } : null,
    joinAnswers: null,
    reader: currentReader(db, c.id),
  };
}

/** Plans every action of the agent for the context, as the planner resolves them. */
export async function planSteps(deps: AgentDeps, ctx: PlanContext): Promise<PlannedStep[]> {
  const steps: PlannedStep[] = [];
  for (const action of ctx.agent.definition.actions) {
    const handler = ACTION_HANDLERS[action.kind] as unknown as {
      plan: (deps: AgentDeps, ctx: PlanContext, action: AgentAction) => Promise<PlannedStep[]>;
    };
    steps.push(...(await handler.plan(deps, ctx, action)));
  }
  return steps;
}

/** Stores a run of the planned steps and applies each in its own transaction; returns the run id. */
export async function runSteps(deps: AgentDeps, ctx: PlanContext, steps: PlannedStep[]): Promise<string> {
  const runId = randomUUID();
  const now = deps.clock();
  await deps.db.insert(agentRun).values({
    id: runId,
    agentId: ctx.agent.id,
    communityId: ctx.agent.communityId,
    triggerKey: ctx.trigger.key,
    trigger: ctx.trigger as unknown as Record<string, unknown>,
    subjectUserId: ctx.trigger.subjectUserId,
    status: "running",
    plan: { steps } as unknown as Record<string, unknown>,
    runAfter: now,
    createdAt: now,
    startedAt: now,
  });
  for (const [index, planned] of steps.entries()) {
    const stepId = randomUUID();
    const input = {
      ...planned.input,
      summary: planned.summary,
      reason: planned.reason,
      messages: planned.messages,
    };
    await deps.db.insert(agentStep).values({ id: stepId, runId, index, kind: planned.kind, input });
    const handler = ACTION_HANDLERS[planned.kind];
    const ref = { runId, stepId, index, agentId: ctx.agent.id, communityId: ctx.agent.communityId, input };
    await deps.db.transaction(async (tx) => {
      const done = await handler.apply(tx as Db, deps, ref, null);
      await tx
        .update(agentStep)
        .set({
          status: "done",
          output: done.output,
          undo: done.undo,
          reversible: done.undo !== null,
          attempts: 1,
          startedAt: now,
          finishedAt: deps.clock(),
        })
        .where(eq(agentStep.id, stepId));
    });
  }
  await deps.db
    .update(agentRun)
    .set({ status: "succeeded", finishedAt: deps.clock() })
    .where(eq(agentRun.id, runId));
  return runId;
}

/** Stores a done step that cannot be taken back (an email), as the runner records one. */
export async function addIrreversibleStep(db: Db, runId: string, index: number): Promise<void> {
  await db.insert(agentStep).values({
    id: randomUUID(),
    runId,
    index,
    kind: "email",
    input: { summary: "Email “Welcome”", recipients: [] },
    output: { sent: 1 },
    status: "done",
    undo: null,
    reversible: false,
  });
}
