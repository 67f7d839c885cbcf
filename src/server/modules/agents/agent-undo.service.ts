import { and, desc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conflict, notFound } from "#server/errors.ts";
import { type AgentActionKind, IRREVERSIBLE_ACTIONS } from "#shared/agents.ts";
import type { UndoOutcome } from "./agent-action-words.ts";
import { ACTION_HANDLERS } from "./agent-actions.ts";
import type { AgentDeps } from "./agent-engine.types.ts";
import { agentApproval, agentRun, agentStep } from "./agents.tables.ts";

// Undo (issue 24): a run's done, reversible steps are handed back to their handlers in reverse
// order, each in its own transaction that also marks the step undone. The run is claimed first
// (`undone_at` set where it was null), so two admins pressing Undo at once undo it once: the
// second is refused. A step whose state moved on since (the tag removed by someone else, the
// registration canceled) is left as it is and reported.

/** A step undo left as it was, and why. */
export type SkippedStep = { runId: string; stepId: string; summary: string; reason: string };

export type UndoRunResult = {
  undoneSteps: number;
  irreversibleSteps: number;
  /** Steps whose state moved on since, left as they are. */
  skippedSteps: SkippedStep[];
};

/** Runs still being worked on: undoing them would race the runner applying their next step. */
const IN_PROGRESS = ["queued", "running"] as const;

/**
 * Marks the run undone, once. Its proposals still waiting for an admin are part of what is taken
 * back: they are rejected with it, so approving one later cannot act for an undone run.
 */
async function claimRun(deps: AgentDeps, runId: string, userId: string) {
  const at = deps.clock();
  const claimed = await deps.db.transaction(async (tx) => {
    const [run] = await tx
      .update(agentRun)
      .set({ undoneAt: at, undoneBy: userId })
      .where(
        and(eq(agentRun.id, runId), isNull(agentRun.undoneAt), notInArray(agentRun.status, [...IN_PROGRESS])),
      )
      .returning({
        id: agentRun.id,
        communityId: agentRun.communityId,
        agentId: agentRun.agentId,
        status: agentRun.status,
      });
    if (!run) return null;
    if (run.status === "awaiting_approval") {
      await tx
        .update(agentApproval)
        .set({ status: "rejected", decidedBy: userId, decidedAt: at })
        .where(and(eq(agentApproval.runId, run.id), eq(agentApproval.status, "pending")));
      await tx
        .update(agentStep)
        .set({ status: "rejected", finishedAt: at })
        .where(and(eq(agentStep.runId, run.id), eq(agentStep.status, "proposed")));
      await tx.update(agentRun).set({ status: "succeeded", finishedAt: at }).where(eq(agentRun.id, run.id));
    }
    return run;
  });
  if (claimed) return claimed;
  const [run] = await deps.db
    .select({ status: agentRun.status, undoneAt: agentRun.undoneAt })
    .from(agentRun)
    .where(eq(agentRun.id, runId))
    .limit(1);
  if (!run) throw notFound();
  if (run.undoneAt) throw conflict("This run was already undone.");
  throw conflict("This run is still going: undo it once it has finished.");
}

/**
 * Takes back a run's reversible done steps (the caller has checked `agents.manage` in the run's
 * community); emails and webhooks stay as they were. A run is undone once: a second call is
 * refused with CONFLICT.
 */
export async function undoRun(
  deps: AgentDeps,
  input: { runId: string; userId: string },
): Promise<UndoRunResult> {
  const run = await claimRun(deps, input.runId, input.userId);
  const steps = await deps.db
    .select()
    .from(agentStep)
    .where(and(eq(agentStep.runId, run.id), eq(agentStep.status, "done")))
    .orderBy(desc(agentStep.index));
  const result: UndoRunResult = { undoneSteps: 0, irreversibleSteps: 0, skippedSteps: [] };
  for (const step of steps) {
    const kind = step.kind as AgentActionKind;
    const handler = ACTION_HANDLERS[kind];
    if (!step.reversible || !step.undo || IRREVERSIBLE_ACTIONS.includes(kind) || !handler?.undo) {
      result.irreversibleSteps++;
      continue;
    }
    const undoStep = handler.undo;
    const record = step.undo;
    const summary = typeof step.input.summary === "string" ? step.input.summary : step.kind;
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        // The step's lock: it is taken back once, even if the run were undone twice at once.
        const [locked] = await tx
          .select({ status: agentStep.status })
          .from(agentStep)
          .where(eq(agentStep.id, step.id))
          .for("update");
        if (locked?.status !== "done") return null;
        const ref = {
          runId: run.id,
          stepId: step.id,
          index: step.index,
          agentId: run.agentId,
          communityId: run.communityId,
          input: step.input,
        };
        const outcome = (await undoStep(tx as Db, deps, ref, record)) as UndoOutcome;
        await tx
          .update(agentStep)
          .set(
            outcome.undone
              ? { status: "undone", undoneAt: deps.clock(), output: { ...step.output, undo: outcome } }
              : { output: { ...step.output, undo: outcome } },
          )
          .where(eq(agentStep.id, step.id));
        return outcome;
      });
      if (!outcome) continue;
      if (outcome.undone) result.undoneSteps++;
      else result.skippedSteps.push({ runId: run.id, stepId: step.id, summary, reason: outcome.reason });
    } catch (error) {
      // A refusal by the owning module's rules (no seat to go back to, a limit) leaves this step
      // as it is; the steps before it are still taken back.
      const reason = error instanceof Error ? error.message : String(error);
      deps.log(`agents: undoing step ${step.id} of run ${run.id} failed: ${reason}`);
      result.skippedSteps.push({ runId: run.id, stepId: step.id, summary, reason });
    }
  }
  return result;
}

/** Undoes every run of the community (or of one agent) that started at or after `since`. */
export async function undoSince(
  deps: AgentDeps,
  input: { communityId: string; agentId: string | null; since: Date; userId: string },
): Promise<{
  runs: number;
  undoneSteps: number;
  irreversibleSteps: number;
  skippedSteps: SkippedStep[];
  runsInProgress: number;
}> {
  const inRange = [
    eq(agentRun.communityId, input.communityId),
    isNull(agentRun.undoneAt),
    gte(sql`coalesce(${agentRun.startedAt}, ${agentRun.createdAt})`, input.since),
  ];
  if (input.agentId) inRange.push(eq(agentRun.agentId, input.agentId));
  const conditions = [...inRange, notInArray(agentRun.status, [...IN_PROGRESS])];
  // Runs still queued or under way are left to finish; the admin is told how many, to undo them after.
  const [waiting] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(agentRun)
    .where(and(...inRange, inArray(agentRun.status, [...IN_PROGRESS])));
  // Newest first: a later run's change to the same thing is taken back before an earlier one's.
  const runs = await deps.db
    .select({ id: agentRun.id })
    .from(agentRun)
    .where(and(...conditions))
    .orderBy(desc(sql`coalesce(${agentRun.startedAt}, ${agentRun.createdAt})`), desc(agentRun.id));
  const total = {
    runs: 0,
    undoneSteps: 0,
    irreversibleSteps: 0,
    skippedSteps: [] as SkippedStep[],
    runsInProgress: Number(waiting?.count ?? 0),
  };
  for (const { id } of runs) {
    let result: UndoRunResult;
    try {
      result = await undoRun(deps, { runId: id, userId: input.userId });
    } catch (error) {
      // Another admin undid it (or it started again) meanwhile: it is theirs to report.
      if (error instanceof Error && "code" in error && error.code === "CONFLICT") continue;
      throw error;
    }
    total.runs++;
    total.undoneSteps += result.undoneSteps;
    total.irreversibleSteps += result.irreversibleSteps;
    total.skippedSteps.push(...result.skippedSteps);
  }
  return total;
}
