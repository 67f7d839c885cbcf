import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { type FieldError, invalidInput } from "#server/errors.ts";
import { type DryRunResult, dryRunAgent, dryRunById } from "./agent-dry-run.service.ts";
import {
  type AgentsCtx,
  agentDeps,
  agentRecord,
  requireAgent,
  requireAgentsManager,
  validDefinition,
} from "./agents.service.ts";
import { agentApproval, agentDryRun, agentModelSpend, agentNotice, agentSettings } from "./agents.tables.ts";

// What surrounds the agents on the admin's side: dry runs, notices (and the sidebar's badge), and
// the community's model budget.

export type AgentNoticeRow = typeof agentNotice.$inferSelect;
export type AgentSettingsView = {
  modelConfigured: boolean;
  modelBudgetMicros: number;
  modelSpentMicros: number;
};

/** The longest period a dry run covers: a quarter of a year. */
const DRY_RUN_MAX_DAYS = 92;
const DAY_MS = 86_400_000;
/** The highest monthly budget: a million US dollars, in millionths. */
const BUDGET_MAX_MICROS = 1_000_000 * 1_000_000;
const DEFAULT_BUDGET_MICROS = 5_000_000;

/**
 * What the agent (or the definition being edited, unsaved) would have done over a past period,
 * with nothing sent and nothing written but the dry run's own record.
 */
export async function dryRun(
  ctx: AgentsCtx,
  input: { id: string; definition?: unknown; from: Date; to: Date },
): Promise<DryRunResult> {
  const row = await requireAgent(ctx, input.id);
  const errors: FieldError[] = [];
  const now = ctx.clock();
  if (input.from.getTime() >= input.to.getTime())
    errors.push({ field: "from", code: "INVALID_RANGE", message: "Start the period before it ends." });
  else if (input.to.getTime() - input.from.getTime() > DRY_RUN_MAX_DAYS * DAY_MS)
    errors.push({
      field: "from",
      code: "TOO_LONG",
      message: `Dry-run at most ${DRY_RUN_MAX_DAYS} days at a time.`,
    });
  if (input.to.getTime() > now.getTime())
    errors.push({
      field: "to",
      code: "IN_FUTURE",
      message: "A dry run looks at the past: end the period now or earlier.",
    });
  if (errors.length > 0) throw invalidInput(errors);
  const definition =
    input.definition === undefined || input.definition === null
      ? row.definition
      : await validDefinition(ctx, row.communityId, input.definition);
  return dryRunAgent(agentDeps(ctx), {
    agent: agentRecord(row),
    definition,
    from: input.from,
    to: input.to,
    requestedBy: ctx.viewer?.id ?? "",
  });
}

/** A stored dry run of an agent the viewer manages, or null. */
export async function getDryRun(ctx: AgentsCtx, id: string): Promise<DryRunResult | null> {
  const [stored] = await ctx.db
    .select({ communityId: agentDryRun.communityId })
    .from(agentDryRun)
    .where(eq(agentDryRun.id, id))
    .limit(1);
  if (!stored) return null;
  await requireAgentsManager(ctx, stored.communityId);
  return dryRunById(agentDeps(ctx), id);
}

/** What the agents told the admins, newest first. */
export async function listNotices(ctx: AgentsCtx, communityId: string): Promise<AgentNoticeRow[]> {
  await requireAgentsManager(ctx, communityId);
  return ctx.db
    .select()
    .from(agentNotice)
    .where(eq(agentNotice.communityId, communityId))
    .orderBy(desc(agentNotice.createdAt), desc(agentNotice.id))
    .limit(200);
}

/** Marks every unread notice of the community read; returns how many were. */
export async function markNoticesRead(ctx: AgentsCtx, communityId: string): Promise<number> {
  await requireAgentsManager(ctx, communityId);
  const read = await ctx.db
    .update(agentNotice)
    .set({ readAt: ctx.clock() })
    .where(and(eq(agentNotice.communityId, communityId), isNull(agentNotice.readAt)))
    .returning({ id: agentNotice.id });
  return read.length;
}

/**
 * Pending proposals plus unread notices: the sidebar's count beside "Agents". One statement: every
 * dashboard page asks for it, so it is one round trip to the database, not two.
 */
export async function agentBadgeCount(ctx: Pick<AgentsCtx, "db">, communityId: string): Promise<number> {
  const pending = ctx.db
    .select({ n: count() })
    .from(agentApproval)
    .where(and(eq(agentApproval.communityId, communityId), eq(agentApproval.status, "pending")));
  const [row] = await ctx.db
    .select({ n: sql<number>`(${pending}) + count(*)`.mapWith(Number) })
    .from(agentNotice)
    .where(and(eq(agentNotice.communityId, communityId), isNull(agentNotice.readAt)));
  return row?.n ?? 0;
}

const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

export async function getAgentSettings(ctx: AgentsCtx, communityId: string): Promise<AgentSettingsView> {
  await requireAgentsManager(ctx, communityId);
  const [settings, spend] = await Promise.all([
    ctx.db
      .select({ budget: agentSettings.modelBudgetMicros })
      .from(agentSettings)
      .where(eq(agentSettings.communityId, communityId))
      .limit(1),
    ctx.db
      .select({ spent: agentModelSpend.costMicros })
      .from(agentModelSpend)
      .where(
        and(eq(agentModelSpend.communityId, communityId), eq(agentModelSpend.month, monthOf(ctx.clock()))),
      )
      .limit(1),
  ]);
  return {
    modelConfigured: ctx.agents.model !== null,
    modelBudgetMicros: settings[0]?.budget ?? DEFAULT_BUDGET_MICROS,
    modelSpentMicros: spend[0]?.spent ?? 0,
  };
}

export async function updateAgentSettings(
  ctx: AgentsCtx,
  input: { communityId: string; modelBudgetMicros: number },
): Promise<AgentSettingsView> {
  await requireAgentsManager(ctx, input.communityId);
  const budget = input.modelBudgetMicros;
  if (!Number.isSafeInteger(budget) || budget < 0 || budget > BUDGET_MAX_MICROS)
    throw invalidInput([
      {
        field: "modelBudgetMicros",
        code: "INVALID",
        message: "Set a whole number of millionths of a dollar, from 0 to a million dollars.",
      },
    ]);
  const now = ctx.clock();
  await ctx.db
    .insert(agentSettings)
    .values({ communityId: input.communityId, modelBudgetMicros: budget, updatedAt: now })
    .onConflictDoUpdate({
      target: agentSettings.communityId,
      set: { modelBudgetMicros: sql`excluded.model_budget_micros`, updatedAt: now },
    });
  return getAgentSettings(ctx, input.communityId);
}
