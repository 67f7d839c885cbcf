import { sql } from "drizzle-orm";
import type { AgentDeps } from "./agent-engine.types.ts";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Approves or rejects pending proposals of the community's agents (the caller has checked
 * `agents.manage`): an approved step is applied as the runner would, a rejected one is skipped;
 * a run whose proposals are all decided finishes. Returns the ids decided (already decided ones are left).
 *
 * Approved steps go back to the runner (their run queued again, due now) rather than being applied
 * here: the admin's request stays quick, and the step gets the runner's limits, retries and
 * one-transaction-per-step guarantees.
 */
export async function decideApprovals(
  deps: AgentDeps,
  input: { communityId: string; ids: string[]; decision: "approve" | "reject"; deciderId: string },
): Promise<{ decided: string[] }> {
  if (input.ids.length === 0) return { decided: [] };
  const at = deps.clock().toISOString();
  const approve = input.decision === "approve";
  const decided = await deps.db.transaction(async (tx) => {
    const ids = sql.join(
      input.ids.map((id) => sql`${id}`),
      sql`, `,
    );
    // Only this community's pending proposals: an id of another community's is left as if unknown.
    const rows = rowsOf<{ id: string; run_id: string; step_id: string }>(
      await tx.execute(sql`
        update agent_approval set status = ${approve ? "approved" : "rejected"},
          decided_by = ${input.deciderId}, decided_at = ${at}::timestamptz
        where id in (${ids}) and community_id = ${input.communityId} and status = 'pending'
          -- A run that ended (a limit, a failure) closes its proposals: none is carried out after it.
          and run_id in (select id from agent_run
            where status in ('awaiting_approval', 'running', 'queued') and community_id = ${input.communityId})
        returning id, run_id, step_id`),
    );
    if (rows.length === 0) return [];
    const steps = sql.join(
      rows.map((r) => sql`${r.step_id}`),
      sql`, `,
    );
    await tx.execute(sql`
      update agent_step set status = ${approve ? "pending" : "rejected"},
        finished_at = ${approve ? null : at}::timestamptz
      where id in (${steps}) and status = 'proposed'`);
    const runs = sql.join(
      [...new Set(rows.map((r) => r.run_id))].map((id) => sql`${id}`),
      sql`, `,
    );
    // The runner takes each touched run up again: it applies what was approved and, once no
    // proposal is left, finishes the run. A run a runner is at right now (after an earlier
    // approval) is queued too: that runner, finding a pending step at its end, leaves it queued.
    await tx.execute(sql`
      update agent_run set status = 'queued', run_after = ${at}::timestamptz
      where id in (${runs}) and status in ('awaiting_approval', 'running', 'queued')`);
    return rows.map((r) => r.id);
  });
  if (decided.length > 0) deps.wakeRunner?.();
  return { decided };
}
