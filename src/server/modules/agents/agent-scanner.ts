import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { AgentDefinition, AgentTrigger } from "#shared/agents.ts";
import type { TriggerFacts } from "./agent-engine.types.ts";
import { timeFacts } from "./agent-triggers.ts";
import { agentRun } from "./agents.tables.ts";

// Time triggers (member inactive, event starts in N hours, event ended, schedules) come from the
// job runtime: every so often each switched-on agent with one is looked at under its row's lock,
// the occurrences since it was last looked at become queued runs, and `scanned_until` moves on.
// The run's trigger key names the occurrence, so a second look (another process, a restart) at
// the same stretch of time queues nothing twice. Events, memberships and the community's time
// zone are read in SQL: the agents module only reads them.

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const asDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/** The occurrences of a five-field cron expression in (from, to], in `timeZone`. */
export function cronOccurrences(cron: string, timeZone: string, from: Date, to: Date, max = 1_000): Date[] {
  const job = new Cron(cron, { timezone: timeZone, mode: "5-part", paused: true });
  const found: Date[] = [];
  for (let next = job.nextRun(from); next && next <= to && found.length < max; next = job.nextRun(next)) {
    found.push(next);
  }
  job.stop();
  return found;
}

/** Whether `cron` is a five-field expression croner understands (the form and the API refuse others). */
export function isValidCron(cron: string): boolean {
  try {
    new Cron(cron, { mode: "5-part", paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

/**
 * The time triggers of an agent due in (from, to]: what a scan queues, and what a dry run over a
 * past period plans. A schedule missed several times while no process ran fires once, for its
 * latest occurrence, unless `everyOccurrence` (the dry run shows each).
 */
export async function timeTriggersBetween(
  db: Db,
  input: {
    communityId: string;
    timeZone: string;
    trigger: AgentTrigger;
    from: Date;
    to: Date;
    everyOccurrence?: boolean;
  },
): Promise<TriggerFacts[]> {
  const { communityId, trigger, from, to } = input;
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  switch (trigger.kind) {
    case "schedule": {
      const all = cronOccurrences(trigger.cron, input.timeZone, from, to);
      const due = input.everyOccurrence ? all : all.slice(-1);
      return due.map((at) =>
        timeFacts({
          kind: "schedule",
          key: `schedule:${at.toISOString().slice(0, 16)}`,
          communityId,
          occurredAt: at,
        }),
      );
    }
    case "event_starts_in": {
      const leadMs = trigger.hours * HOUR_MS;
      const rows = rowsOf<{ id: string; starts_at: string | Date }>(
        await db.execute(sql`
          select id, starts_at from event
          where community_id = ${communityId} and status = 'published'
            and starts_at > ${new Date(from.getTime() + leadMs).toISOString()}::timestamptz
            and starts_at <= ${new Date(to.getTime() + leadMs).toISOString()}::timestamptz
          order by starts_at, id`),
      );
      return rows.map((row) => {
        const startsAt = asDate(row.starts_at);
        return timeFacts({
          kind: "event_starts_in",
          key: `starts:${row.id}:${startsAt.toISOString()}`,
          communityId,
          occurredAt: new Date(startsAt.getTime() - leadMs),
          eventId: row.id,
        });
      });
    }
    case "event_ended": {
      const rows = rowsOf<{ id: string; ends_at: string | Date }>(
        await db.execute(sql`
          select id, ends_at from event
          where community_id = ${communityId} and status = 'published'
            and ends_at > ${fromIso}::timestamptz and ends_at <= ${toIso}::timestamptz
          order by ends_at, id`),
      );
      return rows.map((row) =>
        timeFacts({
          kind: "event_ended",
          key: `ended:${row.id}`,
          communityId,
          occurredAt: asDate(row.ends_at),
          eventId: row.id,
        }),
      );
    }
    case "member_inactive": {
      const quietMs = trigger.days * DAY_MS;
      const rows = rowsOf<{ id: string; user_id: string; last_active_at: string | Date }>(
        await db.execute(sql`
          select id, user_id, last_active_at from membership
          where community_id = ${communityId} and status = 'active'
            and last_active_at > ${new Date(from.getTime() - quietMs).toISOString()}::timestamptz
            and last_active_at <= ${new Date(to.getTime() - quietMs).toISOString()}::timestamptz
          order by last_active_at, id`),
      );
      // One run per quiet spell: the spell is named by the day the member was last active.
      return rows.map((row) => {
        const lastActive = asDate(row.last_active_at);
        return timeFacts({
          kind: "member_inactive",
          key: `inactive:${row.id}:${lastActive.toISOString().slice(0, 10)}`,
          communityId,
          occurredAt: new Date(lastActive.getTime() + quietMs),
          subjectUserId: row.user_id,
          membershipId: row.id,
        });
      });
    }
    default:
      return [];
  }
}

const TIME_KINDS = sql`('member_inactive', 'event_starts_in', 'event_ended', 'schedule')`;

export type AgentScanner = {
  /** Looks at the agents due a look (at most `batchSize`); returns how many runs it queued. */
  step(): Promise<number>;
};

export function createAgentScanner(options: {
  db: Db;
  clock: () => Date;
  /** How long after a look an agent is looked at again. */
  intervalMs: number;
  batchSize: number;
}): AgentScanner {
  const { db } = options;

  /** One agent under its row's lock: queues what fell due since its last look. */
  const scanOne = (agentId: string, now: Date) =>
    db.transaction(async (tx) => {
      const [row] = rowsOf<{
        id: string;
        community_id: string;
        definition: AgentDefinition;
        enabled_at: string | Date;
        scanned_until: string | Date | null;
        time_zone: string | null;
      }>(
        await tx.execute(sql`
          select a.id, a.community_id, a.definition, a.enabled_at, a.scanned_until,
            (select c.time_zone from community c where c.id = a.community_id) as time_zone
          from agent a
          where a.id = ${agentId} and a.status = 'on' and a.enabled_at is not null
          for update of a skip locked`),
      );
      if (!row) return 0;
      const enabledAt = asDate(row.enabled_at);
      const scanned = row.scanned_until ? asDate(row.scanned_until) : enabledAt;
      // Nothing from before the agent was (last) switched on.
      const from = new Date(Math.max(scanned.getTime(), enabledAt.getTime()));
      if (from >= now) return 0;
      const facts = await timeTriggersBetween(tx, {
        communityId: row.community_id,
        timeZone: row.time_zone ?? "UTC",
        trigger: row.definition.trigger,
        from,
        to: now,
      });
      let queued = 0;
      if (facts.length > 0) {
        const inserted = await tx
          .insert(agentRun)
          .values(
            facts.map((f) => ({
              id: randomUUID(),
              agentId: row.id,
              communityId: row.community_id,
              triggerKey: f.key,
              trigger: f as unknown as Record<string, unknown>,
              subjectUserId: f.subjectUserId,
              eventId: f.eventId,
              status: "queued" as const,
              runAfter: now,
              createdAt: now,
            })),
          )
          .onConflictDoNothing({ target: [agentRun.agentId, agentRun.triggerKey] })
          .returning({ id: agentRun.id });
        queued = inserted.length;
      }
      await tx.execute(
        sql`update agent set scanned_until = ${now.toISOString()}::timestamptz where id = ${row.id}`,
      );
      return queued;
    });

  return {
    async step() {
      const now = options.clock();
      const due = rowsOf<{ id: string }>(
        await db.execute(sql`
          select id from agent
          where status = 'on' and enabled_at is not null
            and definition->'trigger'->>'kind' in ${TIME_KINDS}
            and (scanned_until is null
              or scanned_until <= ${new Date(now.getTime() - options.intervalMs).toISOString()}::timestamptz)
          order by scanned_until nulls first, id
          limit ${options.batchSize}`),
      );
      let queued = 0;
      for (const { id } of due) {
        queued += await scanOne(id, now);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      return queued;
    },
  };
}
