import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { AgentActionKind, AgentApprovalMode, AgentDefinition, AgentStatus } from "#shared/agents.ts";
import { DEFAULT_AGENT_LIMITS } from "#shared/agents.ts";
import { ACTION_HANDLERS } from "./agent-actions.ts";
import type {
  AgentDeps,
  AgentRecord,
  LimitName,
  RunPlan,
  StepRef,
  TriggerFacts,
} from "./agent-engine.types.ts";
import { AgentBudgetExceeded } from "./agent-model.ts";
import { noticeAdmins } from "./agent-notify.action.ts";
import type { PlanReads } from "./agent-plan-context.ts";
import { planRun } from "./agent-planner.ts";
import { agentApproval, agentStep } from "./agents.tables.ts";

// The runner: claims due runs (FOR UPDATE SKIP LOCKED, then a lease in `run_after`, so several
// processes share the work and a dead one's runs come back after the lease), plans each run once
// with `planRun`. A plan whose steps work only in the database is stored, applied and ended in one
// transaction; otherwise the plan and its steps are stored, then the steps applied one transaction
// each through ACTION_HANDLERS (or proposed for approval). A step's transaction also marks it done,
// so a run resumed after a crash goes on from the first step not done. A failing step is retried
// with exponential backoff, then the run fails with the step's reason. Messages are counted
// against the agent's limits under the agent row's lock; a limit or the model budget stops the run,
// pauses the agent and tells the admins.

export type AgentRunnerSettings = {
  /** A claimed run not finished by then is claimed again (its process is presumed dead). */
  leaseMs: number;
  /** First retry delay of a failing step (or plan); doubles per attempt, at most an hour. */
  retryBaseMs: number;
  /** Attempts of one step (or of planning) before the run fails. */
  maxAttempts: number;
  /** Runs claimed at once. */
  batchSize: number;
  /** Claimed runs worked on side by side (PostgreSQL's pool); 1 on PGlite's one connection. */
  concurrency?: number;
  /** True once the process is shutting down: claimed runs not yet started are handed back. */
  stopping?: () => boolean;
  /** Test hook: called after step `index` (0-based) committed, e.g. to kill the process there. */
  afterStep?: (index: number) => void;
};

export type AgentRunner = {
  /** Works on the runs due now (at most `batchSize`); returns how many it took up. */
  step(): Promise<number>;
};

type RunRow = {
  id: string;
  agent_id: string;
  community_id: string;
  trigger: TriggerFacts;
  plan: RunPlan | null;
  attempts: number;
  started_at: string | Date | null;
  /** The claim's `run_after` (its lease's end) as PostgreSQL wrote it: a hand-back matches it. */
  lease: string;
};

type AgentRow = {
  id: string;
  community_id: string;
  name: string;
  definition: AgentDefinition;
  webhook_secret: string | null;
  status: AgentStatus;
  paused_reason: string | null;
  approval_mode: AgentApprovalMode;
};

type StepRow = {
  id: string;
  index: number;
  kind: AgentActionKind;
  input: Record<string, unknown>;
  status: string;
  attempts: number;
};

const HOUR_MS = 60 * 60_000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (date: Date) => date.toISOString();
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const backoffMs = (retryBaseMs: number, attempts: number) =>
  Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), HOUR_MS);

/** Another process stored the run's plan first: this one's transaction rolls back. */
class PlanTaken extends Error {}

/** The agent was no longer on when its run came to send: the run ends as a queued one would. */
class AgentStopped extends Error {}

/** What the runs of one claimed batch share, read once for the batch. */
type Batch = {
  agents: Map<string, AgentRow>;
  messagesToday: Map<string, number>;
  reads: PlanReads;
};

/** A limit reached while applying: the step's transaction rolls back and the run stops there. */
class LimitReached extends Error {
  readonly limit: LimitName;
  constructor(limit: LimitName) {
    super(limit);
    this.limit = limit;
  }
}

const LIMIT_WORDS: Record<LimitName, string> = {
  messages_per_run: "the messages-per-run limit",
  messages_per_day: "the messages-per-day limit",
  model_budget: "the community's monthly model budget",
};

export const limitReason = (agentName: string, limit: LimitName) =>
  `Agent "${agentName}" paused itself: it reached ${LIMIT_WORDS[limit]}.`;

async function agentRow(db: Db, agentId: string, lock = false): Promise<AgentRow | undefined> {
  const [row] = rowsOf<AgentRow>(
    await db.execute(sql`
      select id, community_id, name, definition, webhook_secret, status, paused_reason, approval_mode
      from agent where id = ${agentId} ${lock ? sql`for update` : sql``}`),
  );
  return row;
}

/** The agents of a batch of runs, by id: one statement for the batch. */
async function agentRows(db: Db, agentIds: string[]): Promise<Map<string, AgentRow>> {
  if (agentIds.length === 0) return new Map();
  const rows = rowsOf<AgentRow>(
    await db.execute(sql`
      select id, community_id, name, definition, webhook_secret, status, paused_reason, approval_mode
      from agent where id in (${sql.join(
        agentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** What each agent of a batch sent on `day` (UTC): one statement for the batch. */
async function messagesOnBatch(db: Db, agentIds: string[], day: string): Promise<Map<string, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = rowsOf<{ agent_id: string; count: number }>(
    await db.execute(sql`
      select agent_id, count from agent_message_day
      where day = ${day} and agent_id in (${sql.join(
        agentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((row) => [row.agent_id, Number(row.count)]));
}

const recordOf = (row: AgentRow): AgentRecord => ({
  id: row.id,
  communityId: row.community_id,
  name: row.name,
  definition: row.definition,
  webhookSecret: row.webhook_secret,
});

/** Messages the agent sent on `day` (UTC), as counted for the per-day limit. */
async function messagesOn(db: Db, agentId: string, day: string): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count from agent_message_day where agent_id = ${agentId} and day = ${day}`),
  );
  return Number(row?.count ?? 0);
}

/**
 * Pauses the agent (if it is on) and tells the admins why, as an agent's own `notify_admins` does:
 * a notice on the dashboard and mail. Runs inside `tx`; the run's id keys the mail, so a retried
 * stop never mails twice. False when the agent was no longer on (nothing to say again).
 */
export async function pauseAgent(
  tx: Db,
  deps: AgentDeps,
  input: { agentId: string; runId: string; reason: string },
): Promise<boolean> {
  const row = await agentRow(tx, input.agentId, true);
  if (row?.status !== "on") return false;
  await tx.execute(sql`
    update agent set status = 'paused', paused_reason = ${input.reason}, updated_at = ${iso(deps.clock())}::timestamptz
    where id = ${row.id}`);
  await noticeAdmins(tx, deps, {
    communityId: row.community_id,
    agentId: row.id,
    agentName: row.name,
    runId: input.runId,
    message: input.reason,
    key: `pause:${input.runId}`,
  });
  return true;
}

export function createAgentRunner(deps: AgentDeps, settings: AgentRunnerSettings): AgentRunner {
  const { db } = deps;
  const now = () => deps.clock();

  const claim = async (): Promise<RunRow[]> => {
    const at = now();
    return rowsOf<RunRow>(
      await db.execute(sql`
        update agent_run r
        set status = 'running', attempts = r.attempts + 1,
          run_after = ${iso(new Date(at.getTime() + settings.leaseMs))}::timestamptz,
          started_at = coalesce(r.started_at, ${iso(at)}::timestamptz)
        where r.id in (
          select id from agent_run
          where status in ('queued', 'running') and run_after <= ${iso(at)}::timestamptz
          order by run_after, id
          limit ${settings.batchSize}
          for update skip locked)
        returning r.id, r.agent_id, r.community_id, r.trigger, r.plan, r.attempts, r.started_at,
          r.run_after::text as lease`),
    );
  };

  /** Ends the run with `status` (and `error`), timing it from its first start. */
  const finish = async (tx: Db, run: RunRow, status: string, error: string | null) => {
    const at = now();
    if (status === "failed" || status === "stopped_by_limit") {
      // A run that ends short closes what it still had waiting: nothing of it is applied later, and
      // its proposals leave the approvals queue.
      await tx.execute(sql`
        update agent_step set status = 'skipped'
        where run_id = ${run.id} and status in ('pending', 'proposed')`);
      await tx.execute(sql`
        update agent_approval set status = 'rejected', decided_at = ${iso(at)}::timestamptz
        where run_id = ${run.id} and status = 'pending'`);
    }
    const started = run.started_at ? new Date(run.started_at) : at;
    await tx.execute(sql`
      update agent_run set status = ${status}, error = ${error}, finished_at = ${iso(at)}::timestamptz,
        duration_ms = ${Math.max(0, at.getTime() - started.getTime())}
      where id = ${run.id}`);
  };

  /** Stops the run at a limit: what is still pending is skipped, the agent pauses, admins are told. */
  const stopAtLimit = (run: RunRow, agentName: string, limit: LimitName) =>
    db.transaction(async (tx) => {
      const reason = limitReason(agentName, limit);
      await tx.execute(
        sql`update agent_step set status = 'skipped' where run_id = ${run.id} and status = 'pending'`,
      );
      await finish(tx, run, "stopped_by_limit", reason);
      await pauseAgent(tx, deps, { agentId: run.agent_id, runId: run.id, reason });
    });

  /** A failed attempt (of planning, or of step `step`): retried later, or the run fails. */
  const failed = (run: RunRow, error: unknown, step: StepRow | null) =>
    db.transaction(async (tx) => {
      const message = messageOf(error);
      deps.log(`agents: run ${run.id} ${step ? `step ${step.index + 1}` : "planning"} failed: ${message}`);
      const attempts = step ? step.attempts + 1 : run.attempts;
      if (step) {
        await tx.execute(sql`
          update agent_step set attempts = ${attempts}, error = ${message},
            started_at = coalesce(started_at, ${iso(now())}::timestamptz)
          where id = ${step.id}`);
      }
      if (attempts < settings.maxAttempts) {
        const retryAt = new Date(now().getTime() + backoffMs(settings.retryBaseMs, attempts));
        await tx.execute(sql`
          update agent_run set error = ${message}, run_after = ${iso(retryAt)}::timestamptz where id = ${run.id}`);
        return;
      }
      if (step) {
        await tx.execute(sql`
          update agent_step set status = 'failed', finished_at = ${iso(now())}::timestamptz where id = ${step.id}`);
        await tx.execute(
          sql`update agent_step set status = 'skipped' where run_id = ${run.id} and status = 'pending'`,
        );
      }
      const where = step ? `Step ${step.index + 1} (${step.kind})` : "Planning";
      await finish(tx, run, "failed", `${where} failed after ${attempts} attempts: ${message}`);
    });

  /**
   * Stores a plan whose steps do nothing outside the database, applies them all and ends the run in
   * one transaction: atomic, so a crash leaves the run as it was before (planned again after the
   * lease) and a step's effect can never be applied twice. Messages are counted against the limits
   * once, for the steps that send them, under the agent row's lock. "taken" when another process
   * stored a plan meanwhile (it carries the run); false when a step failed and nothing was written.
   */
  const commitAtOnce = async (
    run: RunRow,
    agent: AgentRow,
    planned: RunPlan,
  ): Promise<"done" | "taken" | "stopped" | false> => {
    const planJson = JSON.stringify(planned);
    const started = run.started_at ? new Date(run.started_at) : now();
    if (planned.skipped !== null) {
      // Conditions not met: one statement, no steps.
      const at = now();
      const taken = rowsOf<{ id: string }>(
        await db.execute(sql`
          update agent_run set plan = ${planJson}::jsonb, model_tokens = ${planned.modelTokens},
            model_cost_micros = ${planned.modelCostMicros}, status = 'skipped', error = null,
            finished_at = ${iso(at)}::timestamptz, duration_ms = ${Math.max(0, at.getTime() - started.getTime())}
          where id = ${run.id} and plan is null
          returning id`),
      );
      return taken.length > 0 ? "done" : "taken";
    }
    return db
      .transaction(async (tx) => {
        const at = now();
        const propose = agent.approval_mode === "propose";
        let stop = planned.stoppedAt;
        const cut = () => stop?.index ?? Number.POSITIVE_INFINITY;
        const ids = planned.steps.map(() => randomUUID());
        let sent = 0;
        if (!propose && planned.steps.some((step, index) => index < cut() && step.messages > 0)) {
          // Under the agent row's lock, so two runs of one agent never both pass a limit.
          const day = iso(at).slice(0, 10);
          const [locked] = rowsOf<{
            limits: AgentDefinition["limits"] | null;
            today: number | null;
            status: AgentStatus;
          }>(
            await tx.execute(sql`
              select definition->'limits' as limits, status,
                (select count from agent_message_day where agent_id = a.id and day = ${day}) as today
              from agent a where a.id = ${agent.id} for update`),
          );
          // Paused (by another run's limit) or switched off since the batch was read: the run
          // goes the way of a run still queued then, without a message.
          if (locked?.status !== "on") throw new AgentStopped();
          const limits = locked?.limits ?? DEFAULT_AGENT_LIMITS;
          const today = Number(locked?.today ?? 0);
          for (const [index, step] of planned.steps.entries()) {
            if (index >= cut()) break;
            if (step.messages === 0) continue;
            if (sent + step.messages > limits.messagesPerRun) stop = { index, limit: "messages_per_run" };
            else if (today + sent + step.messages > limits.messagesPerDay)
              stop = { index, limit: "messages_per_day" };
            else sent += step.messages;
          }
          if (sent > 0) {
            await tx.execute(sql`
              insert into agent_message_day (agent_id, day, count) values (${agent.id}, ${day}, ${sent})
              on conflict (agent_id, day) do update set count = agent_message_day.count + ${sent}`);
          }
        }
        const rows: (typeof agentStep.$inferInsert)[] = [];
        for (const [index, step] of planned.steps.entries()) {
          const input = {
            ...step.input,
            summary: step.summary,
            reason: step.reason,
            messages: step.messages,
          };
          const id = ids[index] as string;
          if (index >= cut()) {
            rows.push({ id, runId: run.id, index, kind: step.kind, input, status: "skipped" });
          } else if (propose) {
            rows.push({ id, runId: run.id, index, kind: step.kind, input, status: "proposed" });
          } else {
            const handler = ACTION_HANDLERS[step.kind] as (typeof ACTION_HANDLERS)[AgentActionKind];
            const ref: StepRef = {
              runId: run.id,
              stepId: id,
              index,
              agentId: agent.id,
              communityId: run.community_id,
              input,
            };
            const result = await handler.apply(tx, deps, ref as never, null);
            rows.push({
              id,
              runId: run.id,
              index,
              kind: step.kind,
              input,
              status: "done",
              output: result.output,
              undo: result.undo,
              reversible: result.undo !== null,
              attempts: 1,
              startedAt: at,
              finishedAt: now(),
            });
          }
        }
        await tx.insert(agentStep).values(rows);
        const proposals = rows.filter((row) => row.status === "proposed");
        if (proposals.length > 0) {
          await tx.insert(agentApproval).values(
            proposals.map((row) => ({
              id: randomUUID(),
              communityId: run.community_id,
              agentId: agent.id,
              runId: run.id,
              stepId: row.id as string,
              reason: planned.steps[row.index]?.reason ?? "",
              createdAt: at,
            })),
          );
        }
        const end = now();
        const reason = stop ? limitReason(agent.name, stop.limit) : null;
        const status = proposals.length > 0 ? "awaiting_approval" : stop ? "stopped_by_limit" : "succeeded";
        const ended = status !== "awaiting_approval";
        const taken = rowsOf<{ id: string }>(
          await tx.execute(sql`
            update agent_run set plan = ${planJson}::jsonb, model_tokens = ${planned.modelTokens},
              model_cost_micros = ${planned.modelCostMicros}, messages_sent = messages_sent + ${sent},
              status = ${status}, error = ${ended ? reason : null},
              finished_at = ${ended ? iso(end) : null}::timestamptz,
              duration_ms = ${ended ? Math.max(0, end.getTime() - started.getTime()) : null}
            where id = ${run.id} and plan is null
            returning id`),
        );
        // Another process planned the run while this one worked: undo all of this, it carries the run.
        if (taken.length === 0) throw new PlanTaken();
        if (ended && stop && reason) await pauseAgent(tx, deps, { agentId: agent.id, runId: run.id, reason });
        return "done" as const;
      })
      .catch((error: unknown) => {
        if (error instanceof PlanTaken) return "taken" as const;
        if (error instanceof AgentStopped) return "stopped" as const;
        deps.log(`agents: run ${run.id} applied at once failed, going step by step: ${messageOf(error)}`);
        return false as const;
      });
  };

  /** Whether a plan can be applied in one transaction: no step works outside the database. */
  const atOnce = (planned: RunPlan) =>
    !settings.afterStep &&
    planned.steps.every((step) => {
      const handler = ACTION_HANDLERS[step.kind] as (typeof ACTION_HANDLERS)[AgentActionKind] | undefined;
      return handler !== undefined && !handler.external;
    });

  /**
   * Plans the run once and stores the plan and its steps; null when the run ended there (or waits
   * for a retry, or another process carries it). A plan without outside work is applied with it.
   */
  const plan = async (run: RunRow, agent: AgentRow, batch: Batch): Promise<RunPlan | null> => {
    let planned: RunPlan;
    try {
      const messagesToday = batch.messagesToday.get(agent.id) ?? 0;
      planned = await planRun(deps, recordOf(agent), run.trigger, {
        messagesToday,
        reads: batch.reads,
      });
    } catch (error) {
      if (error instanceof AgentBudgetExceeded) await stopAtLimit(run, agent.name, "model_budget");
      else await failed(run, error, null);
      return null;
    }
    if (atOnce(planned)) {
      const outcome = await commitAtOnce(run, agent, planned);
      if (outcome === "stopped") {
        const current = await agentRow(db, agent.id);
        await db.transaction((tx) =>
          current?.status === "paused"
            ? finish(
                tx,
                run,
                "stopped_by_limit",
                current.paused_reason ?? "The agent was paused before it ran.",
              )
            : finish(tx, run, "skipped", "The agent was switched off before it ran."),
        );
      }
      if (outcome) return null;
    }
    return db.transaction(async (tx) => {
      const [current] = rowsOf<{ plan: RunPlan | null }>(
        await tx.execute(sql`select plan from agent_run where id = ${run.id} for update`),
      );
      // Planned meanwhile by a process that took the run over after a lease: that plan stands.
      if (current?.plan) return current.plan;
      const propose = agent.approval_mode === "propose";
      const stoppedAt = planned.stoppedAt?.index ?? Number.POSITIVE_INFINITY;
      await tx.execute(sql`
        update agent_run set plan = ${JSON.stringify(planned)}::jsonb, model_tokens = ${planned.modelTokens},
          model_cost_micros = ${planned.modelCostMicros}, error = null
        where id = ${run.id}`);
      if (planned.skipped !== null) {
        await finish(tx, run, "skipped", null);
        return null;
      }
      const at = now();
      const steps = planned.steps.map((step, index) => ({
        id: randomUUID(),
        runId: run.id,
        index,
        kind: step.kind,
        input: { ...step.input, summary: step.summary, reason: step.reason, messages: step.messages },
        status:
          index >= stoppedAt ? ("skipped" as const) : propose ? ("proposed" as const) : ("pending" as const),
      }));
      if (steps.length > 0) await tx.insert(agentStep).values(steps);
      const proposals = steps.filter((s) => s.status === "proposed");
      if (proposals.length > 0) {
        await tx.insert(agentApproval).values(
          proposals.map((s) => ({
            id: randomUUID(),
            communityId: run.community_id,
            agentId: agent.id,
            runId: run.id,
            stepId: s.id,
            reason: planned.steps[s.index]?.reason ?? "",
            createdAt: at,
          })),
        );
      }
      return planned;
    });
  };

  /**
   * Applies one pending step in its own transaction (counting its messages against the limits first);
   * "stop" when it failed (the run waits for a retry, or has ended) or a limit stopped the run.
   */
  const applyStep = async (run: RunRow, agent: AgentRow, step: StepRow): Promise<"done" | "stop"> => {
    const handler = ACTION_HANDLERS[step.kind] as (typeof ACTION_HANDLERS)[AgentActionKind] | undefined;
    const ref: StepRef = {
      runId: run.id,
      stepId: step.id,
      index: step.index,
      agentId: agent.id,
      communityId: run.community_id,
      input: step.input,
    };
    try {
      if (!handler) throw new Error(`No action "${step.kind}".`);
      const external = handler.external ? await handler.external(deps, ref) : null;
      await db.transaction(async (tx) => {
        const [current] = rowsOf<{ status: string }>(
          await tx.execute(sql`select status from agent_step where id = ${step.id} for update`),
        );
        // Another process finished it after taking the run over: nothing to repeat.
        if (current?.status !== "pending") return;
        const messages = Number(step.input.messages ?? 0);
        const at = now();
        if (messages > 0) {
          // Under the agent row's lock, so two runs of one agent never both pass a limit.
          const locked = await agentRow(tx, agent.id, true);
          const limits = locked?.definition.limits ?? DEFAULT_AGENT_LIMITS;
          const [sent] = rowsOf<{ messages_sent: number }>(
            await tx.execute(sql`select messages_sent from agent_run where id = ${run.id}`),
          );
          const day = iso(at).slice(0, 10);
          if (Number(sent?.messages_sent ?? 0) + messages > limits.messagesPerRun)
            throw new LimitReached("messages_per_run");
          if ((await messagesOn(tx, agent.id, day)) + messages > limits.messagesPerDay)
            throw new LimitReached("messages_per_day");
          await tx.execute(sql`
            insert into agent_message_day (agent_id, day, count) values (${agent.id}, ${day}, ${messages})
            on conflict (agent_id, day) do update set count = agent_message_day.count + ${messages}`);
          await tx.execute(sql`
            update agent_run set messages_sent = messages_sent + ${messages} where id = ${run.id}`);
        }
        const result = await handler.apply(tx, deps, ref as never, external);
        await tx.execute(sql`
          update agent_step set status = 'done', output = ${JSON.stringify(result.output)}::jsonb,
            undo = ${result.undo === null ? null : JSON.stringify(result.undo)}::jsonb,
            reversible = ${result.undo !== null}, attempts = attempts + 1, error = null,
            started_at = coalesce(started_at, ${iso(at)}::timestamptz), finished_at = ${iso(now())}::timestamptz
          where id = ${step.id}`);
      });
      settings.afterStep?.(step.index);
      return "done";
    } catch (error) {
      if (error instanceof LimitReached) {
        await stopAtLimit(run, agent.name, error.limit);
        return "stop";
      }
      await failed(run, error, step);
      return "stop";
    }
  };

  /** Takes one claimed run as far as it goes now. */
  const work = async (run: RunRow, batch: Batch) => {
    const agent = batch.agents.get(run.agent_id);
    if (!agent) {
      await db.transaction((tx) => finish(tx, run, "skipped", "The agent was deleted."));
      return;
    }
    let planned = run.plan;
    if (!planned) {
      // Queued before the agent stopped: a limit's pause stops it too, with the pause's reason.
      if (agent.status === "paused") {
        await db.transaction((tx) =>
          finish(tx, run, "stopped_by_limit", agent.paused_reason ?? "The agent was paused before it ran."),
        );
        return;
      }
      if (agent.status !== "on") {
        await db.transaction((tx) => finish(tx, run, "skipped", "The agent was switched off before it ran."));
        return;
      }
      planned = await plan(run, agent, batch);
      if (!planned) return;
    } else if (agent.status !== "on") {
      // Switched off or paused since it was planned: what is left is not done, but for what an
      // admin approved by hand.
      await db.execute(sql`
        update agent_step set status = 'skipped'
        where run_id = ${run.id} and status = 'pending'
          and id not in (select step_id from agent_approval where run_id = ${run.id} and status = 'approved')`);
    }
    const steps = rowsOf<StepRow>(
      await db.execute(sql`
        select id, index, kind, input, status, attempts from agent_step
        where run_id = ${run.id} order by index`),
    );
    for (const step of steps) {
      if (step.status !== "pending") continue;
      if ((await applyStep(run, agent, step)) === "stop") return;
    }
    await db.transaction(async (tx) => {
      // The run's row first: an admin's decision (`decideApprovals`) updates it after the steps,
      // so it either committed before this look or waits for it and queues the run again.
      await tx.execute(sql`select id from agent_run where id = ${run.id} for update`);
      const counts = rowsOf<{ status: string; n: number }>(
        await tx.execute(
          sql`select status, count(*)::int as n from agent_step where run_id = ${run.id} group by status`,
        ),
      );
      const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
      // Approved while this runner was at work: the run goes round once more.
      if (count("pending") > 0) {
        await tx.execute(sql`
          update agent_run set status = 'queued', run_after = ${iso(now())}::timestamptz where id = ${run.id}`);
        return;
      }
      if (count("proposed") > 0) {
        await tx.execute(
          sql`update agent_run set status = 'awaiting_approval', error = null where id = ${run.id}`,
        );
        return;
      }
      if (planned.stoppedAt) {
        const reason = limitReason(agent.name, planned.stoppedAt.limit);
        await finish(tx, run, "stopped_by_limit", reason);
        await pauseAgent(tx, deps, { agentId: agent.id, runId: run.id, reason });
        return;
      }
      await finish(tx, run, "succeeded", null);
    });
  };

  /** Works on one claimed run; an unexpected error leaves it claimed until its lease ends. */
  const take = async (run: RunRow, batch: Batch) => {
    try {
      await work(run, batch);
    } catch (error) {
      deps.log(`agents: run ${run.id} failed unexpectedly: ${messageOf(error)}`);
    }
    // On PGlite every statement's answer is an already resolved promise: a turn of the event
    // loop between runs lets waiting requests in.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };

  return {
    async step() {
      const runs = await claim();
      if (runs.length === 0) return 0;
      const agentIds = [...new Set(runs.map((run) => run.agent_id))];
      const batch: Batch = {
        agents: await agentRows(db, agentIds),
        messagesToday: await messagesOnBatch(db, agentIds, iso(now()).slice(0, 10)),
        reads: new Map(),
      };
      const queue = [...runs];
      const worker = async () => {
        while (!settings.stopping?.()) {
          const run = queue.shift();
          if (!run) return;
          await take(run, batch);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, settings.concurrency ?? 1) }, worker));
      if (queue.length > 0) {
        // Shutting down: runs claimed but not started are due again now, for another process. Only
        // those this process still holds: a run whose lease ran out and that another process
        // claimed again has other attempts and another lease, and is left alone.
        const held = sql.join(
          queue.map(
            (run) =>
              sql`(id = ${run.id} and attempts = ${run.attempts} and run_after = ${run.lease}::timestamptz)`,
          ),
          sql` or `,
        );
        await db.execute(sql`update agent_run set run_after = ${iso(now())}::timestamptz,
          attempts = attempts - 1 where (${held}) and status = 'running'`);
      }
      return runs.length;
    },
  };
}
