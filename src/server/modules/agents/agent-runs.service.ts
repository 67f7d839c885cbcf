import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import {
  badCursor,
  decodeCursorFields,
  encodeCursor,
  PG_TIMESTAMPTZ_TEXT,
} from "#server/db/keyset-cursor.ts";
import { likePattern } from "#server/db/like-pattern.ts";
import { conflict, invalidInput, notFound } from "#server/errors.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import { people } from "#server/modules/users/users.service.ts";
import { describeTrigger } from "#shared/agent-describe.ts";
import type { AgentRunStatus, AgentTrigger } from "#shared/agents.ts";
import { decideApprovals } from "./agent-approvals.service.ts";
import { replayRun } from "./agent-dry-run.service.ts";
import type { RunPlan } from "./agent-engine.types.ts";
import { undoRun, undoSince } from "./agent-undo.service.ts";
import { type AgentsCtx, agentDeps, requireAgent, requireAgentsManager } from "./agents.service.ts";
import { agent, agentApproval, agentRun, agentStep } from "./agents.tables.ts";

// The run log (issue 24): runs of one agent or of a whole community, filtered by status, time and
// a search, in keyset pages; one run step by step; the approvals queue and its decisions; undo.

export type AgentRunRow = typeof agentRun.$inferSelect;
export type AgentRunView = AgentRunRow & {
  /** Whether "undo this run" would take anything back: not undone yet, and a reversible step done. */
  undoable: boolean;
};
export type AgentStepRow = typeof agentStep.$inferSelect;
export type AgentApprovalView = typeof agentApproval.$inferSelect;

export type AgentRunFilter = {
  statuses?: AgentRunStatus[] | null;
  search?: string | null;
  from?: Date | null;
  to?: Date | null;
};

export type AgentRunPage = {
  nodes: AgentRunView[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
};

const PAGE_MAX = 100;
const SEARCH_MAX = 200;

// A select from one table may name its columns without the table; inside a subquery over another
// table that would read the inner table's column of the same name, so the run's columns are qualified.
const run = (column: "id" | "undone_at" | "subject_user_id" | "event_id" | "agent_id") =>
  sql.raw(`"agent_run"."${column}"`);

const undoableColumn = sql<boolean>`(${run("undone_at")} is null and exists (
  select 1 from ${agentStep} s where s.run_id = ${run("id")} and s.status = 'done' and s.reversible))`;

const runColumns = { run: agentRun, undoable: undoableColumn };
const toView = (r: { run: AgentRunRow; undoable: boolean }): AgentRunView => ({
  ...r.run,
  undoable: r.undoable,
});

/** What a run's search matches: its subject's name or address, its event's title, its agent's name, a step's summary. */
function searchCondition(search: string): SQL {
  const pattern = likePattern(search);
  return or(
    sql`exists (select 1 from ${people} p where p.id = ${run("subject_user_id")}
      and (p.name ilike ${pattern} or p.email ilike ${pattern}))`,
    sql`exists (select 1 from ${eventsForJoin} e where e.id = ${run("event_id")} and e.title ilike ${pattern})`,
    sql`exists (select 1 from ${agent} a where a.id = ${run("agent_id")} and a.name ilike ${pattern})`,
    sql`exists (select 1 from ${agentStep} s where s.run_id = ${run("id")} and s.input->>'summary' ilike ${pattern})`,
  ) as SQL;
}

/**
 * Runs of one agent (`agentId`, with or without its `communityId`) or of every agent of a community
 * (`communityId`), newest first, `first` at a time after the cursor.
 */
export async function listRuns(
  ctx: AgentsCtx,
  input: {
    agentId?: string | null;
    communityId?: string | null;
    filter?: AgentRunFilter | null;
    first?: number | null;
    after?: string | null;
  },
): Promise<AgentRunPage> {
  if (!input.agentId && !input.communityId)
    throw invalidInput([
      { field: "agentId", code: "REQUIRED", message: "Ask for the runs of one agent or of one community." },
    ]);
  const scope: SQL[] = [];
  if (input.agentId) {
    const row = await requireAgent(ctx, input.agentId);
    // Both given: the agent must be the community's.
    if (input.communityId && row.communityId !== input.communityId) throw notFound();
    scope.push(eq(agentRun.agentId, row.id));
  } else if (input.communityId) {
    await requireAgentsManager(ctx, input.communityId);
    scope.push(eq(agentRun.communityId, input.communityId));
  }
  const filter = input.filter ?? {};
  const search = filter.search?.trim() ?? "";
  if (search.length > SEARCH_MAX)
    throw invalidInput([
      { field: "filter.search", code: "TOO_LONG", message: `Search with at most ${SEARCH_MAX} characters.` },
    ]);
  if (filter.statuses && filter.statuses.length > 0) scope.push(inArray(agentRun.status, filter.statuses));
  if (filter.from) scope.push(gte(agentRun.createdAt, filter.from));
  if (filter.to) scope.push(lte(agentRun.createdAt, filter.to));
  if (search) scope.push(searchCondition(search));

  const first = Math.min(Math.max(input.first ?? 50, 1), PAGE_MAX);
  const cursor = decodeCursorFields(input.after, { at: 40, id: 100 });
  if (cursor && !PG_TIMESTAMPTZ_TEXT.test(cursor.at)) throw badCursor();
  const paged = cursor
    ? [
        ...scope,
        or(
          lt(agentRun.createdAt, sql`${cursor.at}::timestamptz`),
          and(eq(agentRun.createdAt, sql`${cursor.at}::timestamptz`), lt(agentRun.id, cursor.id)),
        ) as SQL,
      ]
    : scope;

  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ...runColumns, at: sql<string>`${agentRun.createdAt}::text` })
      .from(agentRun)
      .where(and(...paged))
      .orderBy(desc(agentRun.createdAt), desc(agentRun.id))
      .limit(first + 1),
    ctx.db
      .select({ n: count() })
      .from(agentRun)
      .where(and(...scope)),
  ]);
  const page = rows.slice(0, first);
  const last = page.at(-1);
  return {
    nodes: page.map(toView),
    totalCount: total?.n ?? 0,
    endCursor: last ? encodeCursor({ at: last.at, id: last.run.id }) : null,
    hasNextPage: rows.length > first,
  };
}

/** One run, or null when the viewer cannot see it (FORBIDDEN for members who may not manage agents). */
export async function getRun(ctx: AgentsCtx, id: string): Promise<AgentRunView | null> {
  const [row] = await ctx.db.select(runColumns).from(agentRun).where(eq(agentRun.id, id)).limit(1);
  if (!row) return null;
  await requireAgentsManager(ctx, row.run.communityId);
  return toView(row);
}

/** Runs by id, already known to be of a community the viewer manages. */
export async function runsByIds(ctx: AgentsCtx, ids: string[]): Promise<Map<string, AgentRunView>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select(runColumns)
    .from(agentRun)
    .where(inArray(agentRun.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.run.id, toView(r)]));
}

/** A run's steps in order. */
export function stepsOfRun(ctx: AgentsCtx, runId: string): Promise<AgentStepRow[]> {
  return ctx.db.select().from(agentStep).where(eq(agentStep.runId, runId)).orderBy(asc(agentStep.index));
}

export async function stepsByIds(ctx: AgentsCtx, ids: string[]): Promise<Map<string, AgentStepRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(agentStep)
    .where(inArray(agentStep.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** What fired the run, in words: the agent's trigger as it is defined, or the kind stored on the run. */
export function triggerSummary(run: AgentRunRow, definedTrigger: AgentTrigger | null): string {
  const kind = (run.trigger as { kind?: string }).kind;
  if (definedTrigger && definedTrigger.kind === kind) return describeTrigger(definedTrigger);
  // The agent's trigger changed since: the run keeps only the kind, so the words leave out the numbers.
  switch (kind) {
    case "member_inactive":
      return "When a member had been inactive";
    case "event_starts_in":
      return "Before an event started";
    case "schedule":
      return "On its schedule";
    case undefined:
      return "Unknown trigger";
    default:
      return describeTrigger({ kind } as AgentTrigger);
  }
}

/** The proposals of the community's agents waiting for an admin, oldest first. */
export async function pendingApprovals(ctx: AgentsCtx, communityId: string): Promise<AgentApprovalView[]> {
  await requireAgentsManager(ctx, communityId);
  return ctx.db
    .select()
    .from(agentApproval)
    .where(and(eq(agentApproval.communityId, communityId), eq(agentApproval.status, "pending")))
    .orderBy(asc(agentApproval.createdAt), asc(agentApproval.id))
    .limit(500);
}

/** Approves or rejects proposals of the community's agents; returns them as they now stand. */
export async function decideAgentApprovals(
  ctx: AgentsCtx,
  input: { communityId: string; ids: string[]; decision: "approve" | "reject" },
): Promise<AgentApprovalView[]> {
  const me = (await requireAgentsManager(ctx, input.communityId)).viewer;
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  if (ids.length > 500)
    throw invalidInput([
      { field: "ids", code: "TOO_MANY", message: "Decide at most 500 proposals at once." },
    ]);
  const known = await ctx.db
    .select({ id: agentApproval.id })
    .from(agentApproval)
    .where(and(eq(agentApproval.communityId, input.communityId), inArray(agentApproval.id, ids)));
  // Another community's proposal reads as missing, whatever else was asked for with it.
  if (known.length !== ids.length) throw notFound();
  await decideApprovals(agentDeps(ctx), {
    communityId: input.communityId,
    ids,
    decision: input.decision,
    deciderId: me.id,
  });
  return ctx.db
    .select()
    .from(agentApproval)
    .where(and(eq(agentApproval.communityId, input.communityId), inArray(agentApproval.id, ids)))
    .orderBy(asc(agentApproval.createdAt), asc(agentApproval.id));
}

/** Takes back a run's reversible actions, once: a second undo is refused with CONFLICT. */
export async function undoAgentRun(ctx: AgentsCtx, id: string): Promise<AgentRunView> {
  const [row] = await ctx.db.select().from(agentRun).where(eq(agentRun.id, id)).limit(1);
  if (!row) throw notFound();
  const me = (await requireAgentsManager(ctx, row.communityId)).viewer;
  if (row.undoneAt) throw conflict("This run was already undone.");
  const result = await undoRun(agentDeps(ctx), { runId: id, userId: me.id });
  await ctx.db.transaction((tx) =>
    ctx.emit(tx, {
      type: "agent.undone",
      communityId: row.communityId,
      actorId: me.id,
      payload: { agentId: row.agentId, runId: id, since: null, runs: 1, ...result },
    }),
  );
  const fresh = await getRun(ctx, id);
  if (!fresh) throw notFound();
  return fresh;
}

/** Undoes every run of the community, or of one of its agents, since a time. */
export async function undoAgentActionsSince(
  ctx: AgentsCtx,
  input: { communityId: string; agentId?: string | null; since: Date },
): Promise<{ runs: number; undoneSteps: number; irreversibleSteps: number; runsInProgress: number }> {
  const me = (await requireAgentsManager(ctx, input.communityId)).viewer;
  if (input.agentId) {
    const [found] = await ctx.db
      .select({ id: agent.id })
      .from(agent)
      .where(and(eq(agent.id, input.agentId), eq(agent.communityId, input.communityId)))
      .limit(1);
    if (!found) throw notFound();
  }
  if (input.since.getTime() > ctx.clock().getTime())
    throw invalidInput([{ field: "since", code: "IN_FUTURE", message: "Choose a time in the past." }]);
  const result = await undoSince(agentDeps(ctx), {
    communityId: input.communityId,
    agentId: input.agentId ?? null,
    since: input.since,
    userId: me.id,
  });
  await ctx.db.transaction((tx) =>
    ctx.emit(tx, {
      type: "agent.undone",
      communityId: input.communityId,
      actorId: me.id,
      payload: { agentId: input.agentId ?? null, runId: null, since: input.since.toISOString(), ...result },
    }),
  );
  return result;
}

/**
 * The run's trigger planned again with today's data, by the dry run's machinery: what the agent
 * would do now, beside what it did. Writes nothing; null when the agent is gone.
 */
export async function replayAgentRun(ctx: AgentsCtx, run: AgentRunView): Promise<RunPlan | null> {
  await requireAgentsManager(ctx, run.communityId);
  return replayRun(agentDeps(ctx), run.id);
}
