import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { invalidInput } from "#server/errors.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { communityEntriesBetween, type LogPosition } from "#server/modules/log/log.service.ts";
import { type AgentDefinition, LOG_TRIGGER_KINDS } from "#shared/agents.ts";
import type { AgentDeps, AgentRecord, RunPlan, TriggerFacts } from "./agent-engine.types.ts";
import { AgentBudgetExceeded } from "./agent-model.ts";
import { PastState } from "./agent-past-state.ts";
import { planRun } from "./agent-planner.ts";
import { timeTriggersBetween } from "./agent-scanner.ts";
import { ENTRY_TYPE_OF_TRIGGER, factsFromEntry, triggerAccepts, triggerKindOf } from "./agent-triggers.ts";
import { agent, agentDryRun, agentRun } from "./agents.tables.ts";

// A dry run replays a definition over a past period: the triggers that fired then (log entries, or
// the time triggers' occurrences), each planned by `planRun` exactly as a real run plans it, but
// against the community's people and registrations as they stood at that trigger's moment, with
// the effects of the dry run's earlier triggers (`agent-past-state.ts`), and with the messages
// counted per day so the per-day limit stops where it would have. Planning only reads; the one
// write is the `agent_dry_run` row holding the plans.

export type DryRunTotals = {
  triggers: number;
  acting: number;
  messages: number;
  tagChanges: number;
  decisions: number;
  stoppedByLimit: number;
};
export type DryRunResult = {
  id: string;
  agentId: string;
  from: Date;
  to: Date;
  createdAt: Date;
  runs: RunPlan[];
  totals: DryRunTotals;
};

/** The longest period one dry run looks at. */
const MAX_PERIOD_MS = 366 * 24 * 60 * 60_000;
/** Triggers planned per dry run at most: the rest of a busy period is left out (and said so). */
export const DRY_RUN_MAX_TRIGGERS = 1_000;
const LOG_PAGE = 500;

const LOG_KINDS: readonly string[] = LOG_TRIGGER_KINDS;

/** The log triggers `definition` fires on in [from, to), in log order. */
async function logTriggersBetween(
  deps: AgentDeps,
  communityId: string,
  definition: AgentDefinition,
  from: Date,
  to: Date,
): Promise<TriggerFacts[]> {
  const kind = definition.trigger.kind;
  if (!LOG_KINDS.includes(kind)) return [];
  const types = [ENTRY_TYPE_OF_TRIGGER[kind as keyof typeof ENTRY_TYPE_OF_TRIGGER]];
  const found: TriggerFacts[] = [];
  let after: LogPosition | undefined;
  for (;;) {
    const page = await communityEntriesBetween(deps.db, communityId, {
      from,
      to,
      types,
      after,
      limit: LOG_PAGE,
    });
    for (const entry of page) {
      const fired = triggerKindOf(entry);
      if (!fired || !triggerAccepts(definition.trigger, fired, entry)) continue;
      found.push(factsFromEntry(fired, entry));
      if (found.length > DRY_RUN_MAX_TRIGGERS) return found;
    }
    const last = page.at(-1);
    if (page.length < LOG_PAGE || !last) return found;
    after = { txId: last.txId, position: last.position };
  }
}

/** Messages a plan sends: its steps before the one a limit stops. */
export function messagesOf(plan: RunPlan): number {
  const steps = plan.stoppedAt ? plan.steps.slice(0, plan.stoppedAt.index) : plan.steps;
  return steps.reduce((sum, step) => sum + step.messages, 0);
}

function totalsOf(runs: readonly RunPlan[]): DryRunTotals {
  const totals: DryRunTotals = {
    triggers: runs.length,
    acting: 0,
    messages: 0,
    tagChanges: 0,
    decisions: 0,
    stoppedByLimit: 0,
  };
  for (const run of runs) {
    if (run.skipped || run.steps.length === 0) continue;
    const done = run.stoppedAt ? run.steps.slice(0, run.stoppedAt.index) : run.steps;
    if (done.length > 0) totals.acting++;
    totals.messages += messagesOf(run);
    totals.tagChanges += done.filter((s) => s.kind === "add_tag" || s.kind === "remove_tag").length;
    totals.decisions += done.filter(
      (s) => s.kind === "decide_registration" || s.kind === "decide_join_request",
    ).length;
    if (run.stoppedAt) totals.stoppedByLimit++;
  }
  return totals;
}

/**
 * What `definition` would have done between `from` and `to`: the triggers that fired then, each
 * planned as a real run would have been at that moment, limits counted day by day. Writes only the `agent_dry_run` row.
 */
export async function dryRunAgent(
  deps: AgentDeps,
  input: { agent: AgentRecord; definition: AgentDefinition; from: Date; to: Date; requestedBy: string },
): Promise<DryRunResult> {
  const { from, to, definition } = input;
  if (!(from < to))
    throw invalidInput([{ field: "to", code: "OUT_OF_RANGE", message: "The end comes before the start." }]);
  if (to.getTime() - from.getTime() > MAX_PERIOD_MS)
    throw invalidInput([{ field: "from", code: "OUT_OF_RANGE", message: "Look at a year at most." }]);
  const record: AgentRecord = { ...input.agent, definition };
  const communityId = record.communityId;
  let triggers: TriggerFacts[];
  if (LOG_KINDS.includes(definition.trigger.kind)) {
    triggers = await logTriggersBetween(deps, communityId, definition, from, to);
  } else {
    const community = await findCommunity(deps.db, communityId);
    triggers = await timeTriggersBetween(deps.db, {
      communityId,
      timeZone: community?.timeZone ?? "UTC",
      trigger: definition.trigger,
      from,
      to,
      everyOccurrence: true,
    });
    triggers.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  }
  const truncated = triggers.length > DRY_RUN_MAX_TRIGGERS;
  triggers = triggers.slice(0, DRY_RUN_MAX_TRIGGERS);

  // The per-day limit counts what the agent sent that day (UTC), as `agent_message_day` does.
  const sentOn = new Map<string, number>();
  const runs: RunPlan[] = [];
  // A rehearsal calls the model without booking its spend; where the month's budget would have
  // stopped the agent, the plan says so instead of failing the whole dry run.
  const rehearsal: AgentDeps = { ...deps, model: deps.rehearsalModel ?? deps.model };
  const past = await PastState.load(deps.db, communityId, triggers);
  for (const trigger of triggers) {
    const day = trigger.occurredAt.slice(0, 10);
    const plan = await planRun(rehearsal, record, trigger, {
      messagesToday: sentOn.get(day) ?? 0,
      reader: past.readerAt(trigger),
    }).catch((error: unknown): RunPlan => {
      if (!(error instanceof AgentBudgetExceeded)) throw error;
      return {
        trigger,
        skipped: null,
        steps: [],
        stoppedAt: { index: 0, limit: "model_budget" },
        modelTokens: 0,
        modelCostMicros: 0,
      };
    });
    sentOn.set(day, (sentOn.get(day) ?? 0) + messagesOf(plan));
    past.record(plan);
    runs.push(plan);
  }
  const totals = totalsOf(runs);
  const id = randomUUID();
  const createdAt = deps.clock();
  await deps.db.insert(agentDryRun).values({
    id,
    agentId: record.id,
    communityId,
    requestedBy: input.requestedBy,
    from,
    to,
    definition,
    plan: JSON.parse(JSON.stringify({ runs, totals, truncated })) as Record<string, unknown>,
    createdAt,
  });
  return { id, agentId: record.id, from, to, createdAt, runs, totals };
}

/** A stored dry run (caller checks the viewer may see the agent). */
export async function dryRunById(deps: AgentDeps, id: string): Promise<DryRunResult | null> {
  const [row] = await deps.db.select().from(agentDryRun).where(eq(agentDryRun.id, id)).limit(1);
  if (!row) return null;
  const stored = row.plan as { runs?: RunPlan[]; totals?: DryRunTotals };
  const runs = stored.runs ?? [];
  return {
    id: row.id,
    agentId: row.agentId,
    from: row.from,
    to: row.to,
    createdAt: row.createdAt,
    runs,
    totals: stored.totals ?? totalsOf(runs),
  };
}

/** Plans a recorded run's trigger again, as of now, to compare with what it did. */
export async function replayRun(deps: AgentDeps, runId: string): Promise<RunPlan | null> {
  const [run] = await deps.db.select().from(agentRun).where(eq(agentRun.id, runId)).limit(1);
  if (!run) return null;
  const [row] = await deps.db
    .select()
    .from(agent)
    .where(and(eq(agent.id, run.agentId), eq(agent.communityId, run.communityId)))
    .limit(1);
  if (!row) return null;
  const trigger = run.trigger as unknown as TriggerFacts;
  // What the agent had sent that day apart from this run, as the run itself saw it when planned.
  const day = (run.startedAt ?? run.createdAt).toISOString().slice(0, 10);
  const counted = (await deps.db.execute(
    sql`select count from agent_message_day where agent_id = ${row.id} and day = ${day}`,
  )) as unknown as { rows: { count: number }[] };
  const messagesToday = Math.max(0, (counted.rows[0]?.count ?? 0) - run.messagesSent);
  return planRun(
    { ...deps, model: deps.rehearsalModel ?? deps.model },
    {
      id: row.id,
      communityId: row.communityId,
      name: row.name,
      definition: row.definition,
      webhookSecret: row.webhookSecret,
    },
    trigger,
    { messagesToday },
  );
}
