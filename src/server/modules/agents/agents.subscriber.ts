import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import type { AgentDefinition } from "#shared/agents.ts";
import { forgetCommunityAgents } from "./agent-erasure.service.ts";
import { factsFromEntry, triggerAccepts, triggerKindOf } from "./agent-triggers.ts";
import { agent, agentRun } from "./agents.tables.ts";

export const AGENTS_SUBSCRIBER = "agents";

type SwitchedOn = Promise<{ id: string; definition: unknown; enabledAt: Date | null }[]>;

/**
 * Queues a run for every switched-on agent of the entry's community whose trigger the entry fires.
 * It only inserts rows, in the dispatcher's transaction that moves its position: the runner does
 * the work later, so no agent slows the request that caused the entry or the other subscribers.
 * The unique (agent, trigger key) makes a replayed batch queue nothing twice.
 */
export function agentsSubscriber(options: { clock?: () => Date } = {}) {
  const now = options.clock ?? (() => new Date());
  // A community's switched-on agents, read once per dispatcher batch (its transaction) rather than
  // once per entry, and read again after an `agent.` entry of the community in the batch: a change
  // to an agent is seen from its own entry on in the log's order.
  const switchedOnByBatch = new WeakMap<object, Map<string, SwitchedOn>>();
  return {
    name: AGENTS_SUBSCRIBER,
    async handle(tx: Db, entry: LogEntry): Promise<void> {
      let communities = switchedOnByBatch.get(tx);
      if (!communities) {
        communities = new Map();
        switchedOnByBatch.set(tx, communities);
      }
      // An agent saved, switched on or off: the entries after it in the log see the change.
      if (entry.type.startsWith("agent.")) communities.delete(entry.communityId);
      // A deleted community's agents stop, and what they recorded (people's names in runs and
      // dry runs, webhook secrets) goes with them, in the transaction that moves the position.
      if (entry.type === "community.deleted") {
        communities.delete(entry.communityId);
        return forgetCommunityAgents(tx, entry.communityId);
      }
      const kind = triggerKindOf(entry);
      if (!kind) return;
      let switchedOn = communities.get(entry.communityId);
      if (!switchedOn) {
        switchedOn = tx
          .select({ id: agent.id, definition: agent.definition, enabledAt: agent.enabledAt })
          .from(agent)
          .where(and(eq(agent.communityId, entry.communityId), eq(agent.status, "on")));
        communities.set(entry.communityId, switchedOn);
      }
      const occurredAt = new Date(entry.occurredAt).getTime();
      const matching = (await switchedOn).filter(
        (a) =>
          (a.definition as AgentDefinition).trigger.kind === kind &&
          // Switching an agent on does not replay what happened before.
          a.enabledAt !== null &&
          a.enabledAt.getTime() <= occurredAt &&
          triggerAccepts((a.definition as AgentDefinition).trigger, kind, entry),
      );
      if (matching.length === 0) return;
      const facts = factsFromEntry(kind, entry);
      const at = now();
      await tx
        .insert(agentRun)
        .values(
          matching.map((a) => ({
            id: randomUUID(),
            agentId: a.id,
            communityId: entry.communityId,
            triggerKey: facts.key,
            trigger: facts as unknown as Record<string, unknown>,
            subjectUserId: facts.subjectUserId,
            eventId: facts.eventId,
            status: "queued" as const,
            runAfter: at,
            createdAt: at,
          })),
        )
        .onConflictDoNothing({ target: [agentRun.agentId, agentRun.triggerKey] });
    },
  };
}
