import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  type AgentAction,
  type AgentApprovalMode,
  type AgentDefinition,
  type AgentStatus,
  type AgentTrigger,
  DEFAULT_AGENT_LIMITS,
} from "#shared/agents.ts";
import { agentDefinitionSchema } from "./agent-definition.ts";
import { agent } from "./agents.tables.ts";

// Agents written straight into the table, for the runtime's tests: the definition still passes the
// one schema every saved agent passes.

export async function insertAgent(
  db: Db,
  input: {
    communityId: string;
    createdBy: string;
    trigger: AgentTrigger;
    actions: AgentAction[];
    approvalMode?: AgentApprovalMode;
    limits?: Partial<AgentDefinition["limits"]>;
    status?: AgentStatus;
    enabledAt: Date;
    name?: string;
    webhookSecret?: string;
  },
): Promise<string> {
  const approvalMode = input.approvalMode ?? "act";
  const definition = agentDefinitionSchema.parse({
    trigger: input.trigger,
    conditions: {},
    actions: input.actions,
    approvalMode,
    limits: { ...DEFAULT_AGENT_LIMITS, ...input.limits },
  }) as AgentDefinition;
  const id = randomUUID();
  await db.insert(agent).values({
    id,
    communityId: input.communityId,
    name: input.name ?? "Test agent",
    definition,
    approvalMode,
    status: input.status ?? "on",
    enabledAt: input.enabledAt,
    webhookSecret: input.webhookSecret ?? null,
    createdBy: input.createdBy,
    createdAt: input.enabledAt,
    updatedAt: input.enabledAt,
  });
  return id;
}

export type RunRow = {
  id: string;
  trigger_key: string;
  status: string;
  error: string | null;
  messages_sent: number;
  subject_user_id: string | null;
  event_id: string | null;
};

/** An agent's runs, oldest first. */
export async function runsOf(db: Db, agentId: string): Promise<RunRow[]> {
  const result = await db.execute(sql`
    select id, trigger_key, status, error, messages_sent, subject_user_id, event_id
    from agent_run where agent_id = ${agentId} order by created_at, trigger_key`);
  return (result as unknown as { rows: RunRow[] }).rows;
}

/** A run's steps, in order. */
export async function stepsOf(db: Db, runId: string) {
  const result = await db.execute(sql`
    select index, kind, status, attempts, error from agent_step where run_id = ${runId} order by index`);
  return (
    result as unknown as {
      rows: { index: number; kind: string; status: string; attempts: number; error: string | null }[];
    }
  ).rows;
}

export async function agentState(db: Db, agentId: string) {
  const result = await db.execute(sql`select status, paused_reason from agent where id = ${agentId}`);
  return (result as unknown as { rows: { status: string; paused_reason: string | null }[] }).rows[0];
}
