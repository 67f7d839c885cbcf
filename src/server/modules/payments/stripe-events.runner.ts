import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import {
  type HandlerDeps,
  handleStripeEvent,
  type InboxEvent,
  PAYMENT_HANDLERS,
  type StripeEventHandler,
} from "./stripe-event-handlers.ts";

// Handles the webhook inbox (`stripe_event`), in every server process, safely side by side:
//  - claim: due events whose object has no earlier unhandled event, FOR UPDATE SKIP LOCKED, each
//    pushed out by a lease and counted as an attempt. One object's events are so handled one at a
//    time in the order of Stripe's `created` (arrival order within a second), across processes.
//  - handle: ask Stripe's API what is needed, then in one transaction write the result and mark
//    the event processed. A process that dies between the two leaves the event to the lease.
//  - fail: back off (doubling from `retryBaseMs`, at most an hour) and try again; after
//    `maxAttempts` park it (outcome failed), and the object's later events go on without it.

export type StripeEventRunnerOptions = HandlerDeps & {
  leaseMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  batchSize: number;
  log: (line: string) => void;
  /** Other modules' handlers by event type, added to the payments module's own. */
  handlers?: Record<string, StripeEventHandler>;
};

export type StripeEventRunner = {
  /** Handles one batch of due events; resolves to how many it claimed. */
  step(): Promise<number>;
};

type ClaimedRow = {
  id: string;
  type: string;
  account: string | null;
  payload: Stripe.Event;
  attempts: number;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function createStripeEventRunner(o: StripeEventRunnerOptions): StripeEventRunner {
  const handlers = { ...PAYMENT_HANDLERS, ...o.handlers };
  async function claim(now: Date): Promise<ClaimedRow[]> {
    const leaseEnd = new Date(now.getTime() + o.leaseMs);
    return rowsOf<ClaimedRow>(
      await o.db.execute(sql`
        update stripe_event
        set next_attempt_at = ${at(leaseEnd)}, attempts = attempts + 1
        where id in (
          select e.id from stripe_event e
          where e.processed_at is null and e.next_attempt_at <= ${at(now)}
            and not exists (
              select 1 from stripe_event earlier
              where earlier.object_id = e.object_id and earlier.processed_at is null
                and earlier.outcome is distinct from 'failed'
                and (earlier.created, earlier.sequence) < (e.created, e.sequence))
          order by e.created, e.sequence
          limit ${o.batchSize}
          for update skip locked)
        returning id, type, account, payload, attempts`),
    );
  }

  async function fail(row: ClaimedRow, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (row.attempts >= o.maxAttempts) {
      o.log(`stripe: giving up on event ${row.id} (${row.type}) after ${row.attempts} attempts: ${message}`);
      await o.db.execute(sql`
        update stripe_event
        set next_attempt_at = 'infinity', outcome = 'failed',
            last_error = ${`gave up after ${row.attempts} attempts: ${message}`}
        where id = ${row.id}`);
      return;
    }
    const delay = Math.min(o.retryBaseMs * 2 ** (row.attempts - 1), 60 * 60_000);
    o.log(
      `stripe: event ${row.id} (${row.type}) failed (attempt ${row.attempts}), retrying in ${delay} ms: ${message}`,
    );
    await o.db.execute(sql`
      update stripe_event
      set next_attempt_at = ${at(new Date(o.clock().getTime() + delay))}, last_error = ${message}
      where id = ${row.id}`);
  }

  async function handle(row: ClaimedRow) {
    const event: InboxEvent = { id: row.id, type: row.type, account: row.account, payload: row.payload };
    try {
      const handled = await handleStripeEvent(o, event, handlers);
      await o.db.transaction(async (tx) => {
        await handled.commit?.(tx);
        await tx.execute(sql`
          update stripe_event
          set processed_at = ${at(o.clock())}, outcome = ${handled.outcome}, last_error = null
          where id = ${row.id}`);
      });
    } catch (error) {
      await fail(row, error);
    }
  }

  return {
    async step() {
      const rows = await claim(o.clock());
      // At most one event per object is claimed at once, so they may be handled in any order.
      for (const row of rows) await handle(row);
      return rows.length;
    },
  };
}
