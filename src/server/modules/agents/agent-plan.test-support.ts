import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { memberSegment } from "#server/db/schema.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import type { TestServer } from "#server/test/harness.ts";
import {
  type AgentAction,
  type AgentDefinition,
  type AgentTrigger,
  DEFAULT_AGENT_LIMITS,
} from "#shared/agents.ts";
import { ACTION_HANDLERS } from "./agent-actions.ts";
import type { AgentDeps, AgentRecord, PlannedStep, TriggerFacts } from "./agent-engine.types.ts";

/** The engine's parts as the composition root hands them over, on the test server's database. */
export function agentDeps(t: TestServer, overrides: Partial<AgentDeps> = {}): AgentDeps {
  return {
    db: t.server.database.db,
    emit: createEmit({ clock: t.clock.now }),
    clock: t.clock.now,
    appUrl: t.config.appUrl,
    authSecret: t.config.authSecret,
    model: null,
    webhooks: { timeoutMs: 2_000, maxResponseBytes: 65_536, allowLoopback: true },
    log: () => {},
    ...overrides,
  };
}

export function agentRecord(
  communityId: string,
  definition: Partial<AgentDefinition> & { trigger: AgentTrigger; actions: AgentAction[] },
  name = "Greeter",
): AgentRecord {
  return {
    id: randomUUID(),
    communityId,
    name,
    webhookSecret: null,
    definition: { conditions: {}, approvalMode: "act", limits: DEFAULT_AGENT_LIMITS, ...definition },
  };
}

/** Facts of a trigger about one person (and event), as the runtime builds them from the log. */
export function triggerAbout(
  communityId: string,
  kind: TriggerFacts["kind"],
  facts: Partial<TriggerFacts> = {},
): TriggerFacts {
  return {
    kind,
    key: `test:${randomUUID()}`,
    communityId,
    occurredAt: new Date().toISOString(),
    log: null,
    subjectUserId: null,
    membershipId: null,
    eventId: null,
    registrationId: null,
    paymentId: null,
    ...facts,
  };
}

/** Applies one planned step the way the runner does: its own transaction, under a step id. */
export async function applyStep(
  t: TestServer,
  agent: AgentRecord,
  step: PlannedStep,
  stepId: string = randomUUID(),
  deps: AgentDeps = agentDeps(t),
) {
  const handler = ACTION_HANDLERS[step.kind];
  const ref = {
    runId: randomUUID(),
    stepId,
    index: 0,
    agentId: agent.id,
    communityId: agent.communityId,
    input: { ...step.input, summary: step.summary, reason: step.reason, messages: step.messages },
  };
  return t.server.database.db.transaction((tx) => handler.apply(tx as Db, deps, ref, null));
}

/** A saved member segment, as the member table saves one. */
export async function seedSegment(t: TestServer, communityId: string, filter: Record<string, unknown>) {
  const id = randomUUID();
  await t.server.database.db
    .insert(memberSegment)
    .values({ id, communityId, name: `Segment ${id.slice(0, 6)}`, filter });
  return id;
}
