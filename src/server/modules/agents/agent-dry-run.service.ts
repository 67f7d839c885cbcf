import type { AgentDefinition } from "#shared/agents.ts";
import type { AgentDeps, AgentRecord, RunPlan } from "./agent-engine.types.ts";

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

/**
 * What `definition` would have done between `from` and `to`: the triggers that fired then, each
 * planned as a real run would be, limits counted day by day. Writes only the `agent_dry_run` row.
 */
export async function dryRunAgent(
  _deps: AgentDeps,
  _input: { agent: AgentRecord; definition: AgentDefinition; from: Date; to: Date; requestedBy: string },
): Promise<DryRunResult> {
  throw new Error("The dry run is not built yet.");
}

/** A stored dry run (caller checks the viewer may see the agent). */
export async function dryRunById(_deps: AgentDeps, _id: string): Promise<DryRunResult | null> {
  throw new Error("The dry run is not built yet.");
}

/** Plans a recorded run's trigger again, as of now, to compare with what it did. */
export async function replayRun(_deps: AgentDeps, _runId: string): Promise<RunPlan | null> {
  throw new Error("The replay is not built yet.");
}
