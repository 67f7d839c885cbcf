import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Batch } from "#server/modules/log/log.batch.ts";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import type { LogPosition } from "#server/modules/log/log.service.ts";
import type { AgentDefinition } from "#shared/agents.ts";
import { forgetCommunityAgents } from "./agent-erasure.service.ts";
import { factsFromEntry, triggerAccepts, triggerKindOf } from "./agent-triggers.ts";
import { agent, agentRun } from "./agents.tables.ts";

export const AGENTS_SUBSCRIBER = "agents";

type SwitchedOn = { id: string; definition: unknown; enabledAt: Date | null }[];

const samePosition = (a: LogPosition | null, b: LogPosition) =>
  a !== null && a.txId === b.txId && a.position === b.position;

/**
 * Queues a run for every switched-on agent of the entry's community whose trigger the entry fires.
 * It only inserts rows, in the dispatcher's transaction that moves its position: the runner does
 * the work later, so no agent slows the request that caused the entry or the other subscribers.
 * The unique (agent, trigger key) makes a replayed batch queue nothing twice.
 */
export function agentsSubscriber(options: { clock?: () => Date } = {}) {
  const now = options.clock ?? (() => new Date());
  // A community's switched-on agents, kept from batch to batch while this process handles the
  // subscriber's batches one after the other (`keptUpTo` is where the last committed one ended;
  // another process's batch, or one rolled back, starts the cache again). An `agent.` entry of
  // the community drops its agents: a saved or switched agent counts from its own entry on in the
  // log's order. Every way an agent is switched on writes such an entry, but one is paused by its
  // runner without one, so the kept list may hold agents no longer on: it only proves that no agent
  // matches; when one does, the agents are read again in the batch's transaction before queuing.
  let kept = new Map<string, SwitchedOn>();
  let keptUpTo: LogPosition | null = null;
  return {
    name: AGENTS_SUBSCRIBER,
    async handleBatch(tx: Db, entries: readonly LogEntry[], batch: Batch): Promise<void> {
      if (!samePosition(keptUpTo, batch.from)) kept = new Map();
      keptUpTo = null;
      /** Communities whose agents were read in this transaction since their last `agent.` entry. */
      const fresh = new Set<string>();
      const read = async (communityId: string) => {
        const rows = await tx
          .select({ id: agent.id, definition: agent.definition, enabledAt: agent.enabledAt })
          .from(agent)
          .where(and(eq(agent.communityId, communityId), eq(agent.status, "on")));
        kept.set(communityId, rows);
        fresh.add(communityId);
        return rows;
      };
      for (const entry of entries) {
        // An agent saved, switched on or off: the entries after it in the log see the change.
        if (entry.type.startsWith("agent.") || entry.type === "community.deleted") {
          kept.delete(entry.communityId);
          fresh.delete(entry.communityId);
        }
        // A deleted community's agents stop, and what they recorded (people's names in runs and
        // dry runs, webhook secrets) goes with them, in the transaction that moves the position.
        if (entry.type === "community.deleted") {
          await forgetCommunityAgents(tx, entry.communityId);
          continue;
        }
        const kind = triggerKindOf(entry);
        if (!kind) continue;
        const occurredAt = new Date(entry.occurredAt).getTime();
        const matchingOf = (agents: SwitchedOn) =>
          agents.filter(
            (a) =>
              (a.definition as AgentDefinition).trigger.kind === kind &&
              // Switching an agent on does not replay what happened before.
              a.enabledAt !== null &&
              a.enabledAt.getTime() <= occurredAt &&
              triggerAccepts((a.definition as AgentDefinition).trigger, kind, entry),
          );
        const known = kept.get(entry.communityId);
        let matching = matchingOf(known ?? (await read(entry.communityId)));
        if (matching.length > 0 && !fresh.has(entry.communityId))
          matching = matchingOf(await read(entry.communityId));
        if (matching.length === 0) continue;
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
      }
      const last = entries.at(-1);
      const end = last ? { txId: last.txId, position: last.position } : batch.from;
      batch.afterCommit(() => {
        keptUpTo = end;
      });
    },
  };
}
