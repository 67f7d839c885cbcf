import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  type DomainEvent,
  domainEventSchema,
  type Emit,
  type LogEntry,
  type LogEntryStatement,
} from "./log.events.ts";

// Order: entries are read by (tx_id, position). An identity is drawn at insert, not at commit, so
// "position > P" alone could skip a row whose transaction commits after a later one was read.
// Readers therefore take only entries of transactions older than every transaction still running
// (`pg_snapshot_xmin`): those are final, and nothing can appear before them any more.

/** A place in the log: the last entry a reader has handled. */
export type LogPosition = { txId: number; position: number };

export const LOG_START: LogPosition = { txId: 0, position: 0 };

/**
 * The composition root's `emit`: validates the event and appends it with the injected clock's
 * time, then tells `onEmit` (the dispatcher's wake-up; the entry is readable once the caller's
 * transaction commits). Its `statement` gives the same append for a WITH of the caller's own
 * statement.
 */
export function createEmit(options: {
  clock: () => Date;
  onEmit?: () => void;
  /**
   * A notice to send with the entry, as a `pg_notify(...)` call (the change bus): it goes in the
   * same statement as the append, so an entry costs the request one round trip to the database.
   */
  notify?: (event: DomainEvent) => SQL | null;
}): Emit & { statement: (event: DomainEvent) => LogEntryStatement } {
  const append = (event: DomainEvent): SQL => {
    const valid = domainEventSchema.parse(event);
    const notify = options.notify?.(valid);
    return sql`
      insert into domain_event (type, community_id, actor_id, subject_id, payload, occurred_at)
      values (${valid.type}, ${valid.communityId}, ${valid.actorId}, ${valid.subjectId ?? null},
        ${JSON.stringify(valid.payload)}::jsonb, ${options.clock().toISOString()}::timestamptz)
      returning position${notify ? sql`, ${notify}` : sql``}`;
  };
  const appended = () => options.onEmit?.();
  const emit = async (tx: Db, event: DomainEvent) => {
    await tx.execute(append(event));
    appended();
  };
  return Object.assign(emit, {
    statement: (event: DomainEvent): LogEntryStatement => ({ sql: append(event), appended }),
  });
}

/**
 * Runs `write` with the log's entry for `event` as part of its statement when the emit offers one
 * (`Emit.statement`), else appends the entry after it: either way the entry is in the transaction.
 * `accept` may refuse what was written (by throwing, which must end the transaction) before anyone
 * is told of the entry.
 */
export async function withLogEntry<T>(
  tx: Db,
  emit: Emit,
  event: DomainEvent,
  write: (entry: SQL | undefined) => Promise<T>,
  accept: (written: T) => void = () => {},
): Promise<T> {
  const statement = emit.statement?.(event);
  const result = await write(statement?.sql);
  accept(result);
  if (statement) statement.appended();
  else await emit(tx, event);
  return result;
}

/**
 * Appends many events in one statement, inside the caller's transaction, at `occurredAt`: for bulk
 * changes (one entry per member touched). It wakes nobody; the caller emits its last entry
 * through `emit` so the dispatcher looks at once.
 */
export async function appendEvents(tx: Db, events: readonly DomainEvent[], occurredAt: Date): Promise<void> {
  if (events.length === 0) return;
  // One JSON parameter for the whole set: an import appends hundreds of entries per transaction.
  const rows = JSON.stringify(
    events.map((event) => {
      const valid = domainEventSchema.parse(event);
      return {
        type: valid.type,
        community_id: valid.communityId,
        actor_id: valid.actorId,
        subject_id: valid.subjectId ?? null,
        payload: valid.payload,
      };
    }),
  );
  await tx.execute(sql`
    insert into domain_event (type, community_id, actor_id, subject_id, payload, occurred_at)
    select r.type, r.community_id, r.actor_id, r.subject_id, r.payload, ${occurredAt.toISOString()}::timestamptz
    from rows from (
      jsonb_to_recordset(${rows}::jsonb) as (type text, community_id text, actor_id text, subject_id text, payload jsonb)
    ) with ordinality as r(type, community_id, actor_id, subject_id, payload, n)
    order by r.n`);
}

type Row = {
  position: string | number;
  tx_id: string | number;
  type: string;
  community_id: string;
  actor_id: string | null;
  subject_id: string | null;
  payload: Record<string, unknown>;
  occurred_at: string | Date;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const toEntry = (row: Row): LogEntry =>
  ({
    position: Number(row.position),
    txId: Number(row.tx_id),
    type: row.type,
    communityId: row.community_id,
    actorId: row.actor_id,
    subjectId: row.subject_id,
    payload: row.payload,
    occurredAt: new Date(row.occurred_at),
  }) as LogEntry;

const columns = sql`position, tx_id, type, community_id, actor_id, subject_id, payload, occurred_at`;
/** Only entries of finished transactions: nothing can be inserted before them any more. */
const settled = sql`tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

/** The next entries after `after`, in log order, that no running transaction can precede. */
export async function entriesAfter(db: Db, after: LogPosition, limit: number): Promise<LogEntry[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${columns} from domain_event
      where (tx_id, position) > (${after.txId}, ${after.position}) and ${settled}
      order by tx_id, position limit ${limit}`),
  );
  return rows.map(toEntry);
}

/** Whether any committed entry lies after `after`, settled or not (a drain waits for those). */
export async function hasEntriesAfter(db: Db, after: LogPosition): Promise<boolean> {
  const rows = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      select exists (select 1 from domain_event
        where (tx_id, position) > (${after.txId}, ${after.position})) as found`),
  );
  return Boolean(rows[0]?.found);
}

/** The latest entries about one person, newest first. */
export async function entriesAbout(db: Db, subjectId: string, limit = 50): Promise<LogEntry[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${columns} from domain_event
      where subject_id = ${subjectId}
      order by tx_id desc, position desc limit ${limit}`),
  );
  return rows.map(toEntry);
}

/**
 * The latest entries about one person in one community, newest first: the subject index walks that
 * person's entries (few, whatever the log's size) and the community is checked on each.
 */
export async function entriesAboutIn(
  db: Db,
  subjectId: string,
  communityId: string,
  limit = 50,
): Promise<LogEntry[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${columns} from domain_event
      where subject_id = ${subjectId} and community_id = ${communityId}
      order by tx_id desc, position desc limit ${limit}`),
  );
  return rows.map(toEntry);
}

/** A community's entries in log order, oldest first, after `after` (for paging). */
export async function communityEntries(
  db: Db,
  communityId: string,
  options: { after?: LogPosition; limit?: number } = {},
): Promise<LogEntry[]> {
  const after = options.after ?? LOG_START;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${columns} from domain_event
      where community_id = ${communityId} and (tx_id, position) > (${after.txId}, ${after.position})
      order by tx_id, position limit ${options.limit ?? 500}`),
  );
  return rows.map(toEntry);
}

/**
 * A community's entries of the given types that occurred in [from, to), in log order, after
 * `after` (for paging): a look back over a period (an agent's dry run). Time and type are
 * filtered in the database, so only the entries asked for are sent back.
 */
export async function communityEntriesBetween(
  db: Db,
  communityId: string,
  options: { from: Date; to: Date; types: readonly string[]; after?: LogPosition; limit?: number },
): Promise<LogEntry[]> {
  if (options.types.length === 0) return [];
  const after = options.after ?? LOG_START;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${columns} from domain_event
      where community_id = ${communityId} and (tx_id, position) > (${after.txId}, ${after.position})
        and occurred_at >= ${options.from.toISOString()}::timestamptz
        and occurred_at < ${options.to.toISOString()}::timestamptz
        and type in (${sql.join(
          options.types.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by tx_id, position limit ${options.limit ?? 500}`),
  );
  return rows.map(toEntry);
}

/**
 * A community's entries of the given types after `after` (log order) that occurred at or after
 * `since` when given, oldest first, for paging: what happened since a past moment (an agent's dry
 * run takes it back from today's records to see that moment's).
 */
export async function communityEntriesSince(
  db: Db,
  communityId: string,
  options: { types: readonly string[]; after?: LogPosition; since?: Date; limit?: number },
): Promise<LogEntry[]> {
  if (options.types.length === 0) return [];
  const after = options.after ?? LOG_START;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${columns} from domain_event
      where community_id = ${communityId} and (tx_id, position) > (${after.txId}, ${after.position})
        ${options.since ? sql`and occurred_at >= ${options.since.toISOString()}::timestamptz` : sql``}
        and type in (${sql.join(
          options.types.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by tx_id, position limit ${options.limit ?? 500}`),
  );
  return rows.map(toEntry);
}

/** Entries counted behind a subscriber, at most: past that the figure says "far behind" all the same. */
export const LAG_COUNT_LIMIT = 10_000;

/**
 * How far each subscriber is behind the log's head (for /metrics): the entries after its position
 * (at most `LAG_COUNT_LIMIT`) and how long ago the oldest of them happened (0 when none).
 */
export async function subscriberLag(
  db: Db,
  now: Date,
): Promise<{ name: string; entries: number; seconds: number }[]> {
  const rows = rowsOf<{ name: string; entries: string | number; seconds: string | number | null }>(
    await db.execute(sql`
      select s.name,
        (select count(*) from (select 1 from domain_event e
          where (e.tx_id, e.position) > (s.tx_id, s.position) limit ${LAG_COUNT_LIMIT}) behind) as entries,
        extract(epoch from (${now.toISOString()}::timestamptz - (select e.occurred_at from domain_event e
          where (e.tx_id, e.position) > (s.tx_id, s.position) order by e.tx_id, e.position limit 1))) as seconds
      from log_subscriber s order by s.name`),
  );
  return rows.map((row) => ({
    name: row.name,
    entries: Number(row.entries),
    seconds: Math.max(0, Number(row.seconds ?? 0)),
  }));
}
