import type { AgentDeps } from "./agent-engine.types.ts";

/**
 * Approves or rejects pending proposals of the community's agents (the caller has checked
 * `agents.manage`): an approved step is applied as the runner would, a rejected one is skipped;
 * a run whose proposals are all decided finishes. Returns the ids decided (already decided ones are left).
 */
export async function decideApprovals(
  _deps: AgentDeps,
  _input: { communityId: string; ids: string[]; decision: "approve" | "reject"; deciderId: string },
): Promise<{ decided: string[] }> {
  throw new Error("Approvals are not built yet.");
}
