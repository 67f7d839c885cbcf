import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import type { TestBrowser } from "#server/test/harness.ts";
import type { AgentDefinition, AgentRunStatus, AgentStepStatus } from "#shared/agents.ts";
import { agentApproval, agentDryRun, agentNotice, agentRun, agentStep } from "./agents.tables.ts";

// Recorded runs, proposals, dry runs and notices as the engine leaves them, for the API's tests:
// the run log, the approvals queue and undo are read and refused the same whoever wrote the rows.

export const WELCOME: AgentDefinition = {
  trigger: { kind: "member_joined" },
  conditions: {},
  actions: [
    {
      kind: "email",
      to: "subject",
      subject: "Welcome to {{community.name}}",
      body: "Hi {{member.firstName}}!",
    },
    { kind: "add_tag", tag: "new" },
  ],
  approvalMode: "act",
  limits: { messagesPerRun: 100, messagesPerDay: 500 },
};

export const AGENT_FIELDS = `id communityId name template definition description status pausedReason approvalMode
  webhookSecret createdAt updatedAt enabledAt lastRunAt runCount pendingApprovalCount messagesToday`;

/** Creates an agent through the API as `browser`; returns its id. */
export async function createAgentAs(
  browser: TestBrowser,
  communityId: string,
  input: { name?: string; template?: string | null; definition?: unknown } = {},
): Promise<string> {
  const result = await browser.graphql<{ createAgent: { id: string } }>(
    "mutation ($input: CreateAgentInput!) { createAgent(input: $input) { id } }",
    {
      input: {
        communityId,
        name: input.name ?? "Welcome",
        template: input.template ?? null,
        definition: input.definition ?? WELCOME,
      },
    },
  );
  const id = result.data?.createAgent.id;
  if (!id) throw new Error(`createAgent failed: ${JSON.stringify(result.errors)}`);
  return id;
}

type SeededStep = {
  kind: string;
  summary: string;
  status: AgentStepStatus;
  reversible?: boolean;
  /** A proposal waiting in the queue (propose mode). */
  proposed?: boolean;
};

/** A finished run with its steps (and a pending proposal for each `proposed` step). */
export async function seedRun(
  db: Db,
  input: {
    agentId: string;
    communityId: string;
    status?: AgentRunStatus;
    createdAt: Date;
    subjectUserId?: string | null;
    eventId?: string | null;
    triggerKind?: string;
    steps?: SeededStep[];
  },
): Promise<{ runId: string; stepIds: string[]; approvalIds: string[] }> {
  const runId = randomUUID();
  const at = input.createdAt;
  await db.insert(agentRun).values({
    id: runId,
    agentId: input.agentId,
    communityId: input.communityId,
    triggerKey: `log:${runId}`,
    trigger: { kind: input.triggerKind ?? "member_joined", subjectUserId: input.subjectUserId ?? null },
    subjectUserId: input.subjectUserId ?? null,
    eventId: input.eventId ?? null,
    status: input.status ?? "succeeded",
    plan: { steps: (input.steps ?? []).map((s) => ({ kind: s.kind, summary: s.summary })) },
    attempts: 1,
    runAfter: at,
    messagesSent: (input.steps ?? []).filter((s) => s.kind === "email" && s.status === "done").length,
    createdAt: at,
    startedAt: at,
    finishedAt: new Date(at.getTime() + 120),
    durationMs: 120,
  });
  const stepIds: string[] = [];
  const approvalIds: string[] = [];
  for (const [index, step] of (input.steps ?? []).entries()) {
    const stepId = randomUUID();
    stepIds.push(stepId);
    await db.insert(agentStep).values({
      id: stepId,
      runId,
      index,
      kind: step.kind,
      input: { summary: step.summary, reason: "They joined", messages: step.kind === "email" ? 1 : 0 },
      output: step.status === "done" ? { ok: true } : null,
      status: step.status,
      undo: step.reversible ? { seeded: true } : null,
      reversible: step.reversible ?? false,
      attempts: step.status === "done" ? 1 : 0,
      startedAt: step.status === "done" ? at : null,
      finishedAt: step.status === "done" ? at : null,
    });
    if (step.proposed) {
      const approvalId = randomUUID();
      approvalIds.push(approvalId);
      await db.insert(agentApproval).values({
        id: approvalId,
        communityId: input.communityId,
        agentId: input.agentId,
        runId,
        stepId,
        reason: `Proposed: ${step.summary}`,
        createdAt: at,
      });
    }
  }
  return { runId, stepIds, approvalIds };
}

export async function seedDryRun(
  db: Db,
  input: { agentId: string; communityId: string; requestedBy: string; definition: AgentDefinition; at: Date },
): Promise<string> {
  const id = randomUUID();
  await db.insert(agentDryRun).values({
    id,
    agentId: input.agentId,
    communityId: input.communityId,
    requestedBy: input.requestedBy,
    from: new Date(input.at.getTime() - 30 * 86_400_000),
    to: input.at,
    definition: input.definition,
    plan: { runs: [] },
    createdAt: input.at,
  });
  return id;
}

export async function seedNotice(
  db: Db,
  input: { agentId: string; communityId: string; message: string; at: Date },
): Promise<string> {
  const id = randomUUID();
  const { agentId, communityId, message, at } = input;
  await db.insert(agentNotice).values({ id, agentId, communityId, message, createdAt: at, runId: null });
  return id;
}
