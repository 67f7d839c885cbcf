import type { AgentDeps, AgentRecord, RunPlan, TriggerFacts } from "./agent-engine.types.ts";

/**
 * What the agent does for this trigger: conditions checked, each action resolved by its handler,
 * limits applied (`usage.messagesToday`: what the agent already sent on the trigger's day). Reads
 * only; the real run and the dry run both plan with it.
 */
export async function planRun(
  _deps: AgentDeps,
  _agent: AgentRecord,
  _trigger: TriggerFacts,
  _usage: { messagesToday: number },
): Promise<RunPlan> {
  throw new Error("The planner is not built yet.");
}
