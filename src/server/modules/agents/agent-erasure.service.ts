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

/** Removes every agent of a deleted community with all it recorded, its settings and model spend. */
export async function forgetCommunityAgents(tx: Db, communityId: string): Promise<void> {
  const agentIds = tx.select({ id: agent.id }).from(agent).where(eq(agent.communityId, communityId));
  const runIds = tx.select({ id: agentRun.id }).from(agentRun).where(eq(agentRun.communityId, communityId));
  await tx.delete(agentStep).where(inArray(agentStep.runId, runIds));
  await tx.delete(agentApproval).where(eq(agentApproval.communityId, communityId));
  await tx.delete(agentRun).where(eq(agentRun.communityId, communityId));
  await tx.delete(agentNotice).where(eq(agentNotice.communityId, communityId));
  await tx.delete(agentDryRun).where(eq(agentDryRun.communityId, communityId));
  await tx.delete(agentMessageDay).where(inArray(agentMessageDay.agentId, agentIds));
  await tx.delete(agentModelSpend).where(eq(agentModelSpend.communityId, communityId));
  await tx.delete(agentSettings).where(eq(agentSettings.communityId, communityId));
  await tx.delete(agent).where(eq(agent.communityId, communityId));
}
