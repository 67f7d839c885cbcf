import { eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  agent,
  agentApproval,
  agentDryRun,
  agentMessageDay,
  agentModelSpend,
  agentNotice,
  agentRun,
  agentSettings,
  agentStep,
} from "./agents.tables.ts";

// Agents' rows name their community by plain id (no foreign key), so a deleted community's agents
// are removed here, by the agents' reaction to `community.deleted`, in the transaction that
// handles the entry.

/** Removes one agent (`agentId`) or all of a community's, with everything they recorded. */
export async function forgetAgents(
  tx: Db,
  scope: { agentId: string } | { communityId: string },
): Promise<void> {
  const byAgent = "agentId" in scope;
  const agentIds = byAgent
    ? [scope.agentId]
    : tx.select({ id: agent.id }).from(agent).where(eq(agent.communityId, scope.communityId));
  const runIds = tx.select({ id: agentRun.id }).from(agentRun).where(inArray(agentRun.agentId, agentIds));
  await tx.delete(agentStep).where(inArray(agentStep.runId, runIds));
  await tx.delete(agentApproval).where(inArray(agentApproval.agentId, agentIds));
  await tx.delete(agentRun).where(inArray(agentRun.agentId, agentIds));
  await tx.delete(agentNotice).where(inArray(agentNotice.agentId, agentIds));
  await tx.delete(agentDryRun).where(inArray(agentDryRun.agentId, agentIds));
  await tx.delete(agentMessageDay).where(inArray(agentMessageDay.agentId, agentIds));
  await tx.delete(agent).where(inArray(agent.id, agentIds));
}

/** Removes every agent of a deleted community with all it recorded, its settings and model spend. */
export async function forgetCommunityAgents(tx: Db, communityId: string): Promise<void> {
  await forgetAgents(tx, { communityId });
  await tx.delete(agentModelSpend).where(eq(agentModelSpend.communityId, communityId));
  await tx.delete(agentSettings).where(eq(agentSettings.communityId, communityId));
}
