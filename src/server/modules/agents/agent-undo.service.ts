import type { AgentDeps } from "./agent-engine.types.ts";

/**
 * Takes back a run's reversible done steps (the caller has checked `agents.manage` in the run's
 * community); emails and webhooks stay as they were. A run is undone once: a second call is
 * refused with CONFLICT.
 */
export async function undoRun(
  _deps: AgentDeps,
  _input: { runId: string; userId: string },
): Promise<{ undoneSteps: number; irreversibleSteps: number }> {
  throw new Error("Undo is not built yet.");
}

/** Undoes every run of the community (or of one agent) that started at or after `since`. */
export async function undoSince(
  _deps: AgentDeps,
  _input: { communityId: string; agentId: string | null; since: Date; userId: string },
): Promise<{ runs: number; undoneSteps: number; irreversibleSteps: number }> {
  throw new Error("Undo is not built yet.");
}
