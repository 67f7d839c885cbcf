import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { paymentAccount, stripeSync } from "./payments.tables.ts";
import type { StripeGateway } from "./stripe-client.ts";
import { storeStripeEvent } from "./stripe-webhook.service.ts";

// Reconciliation repairs a missed webhook (docs/decisions/020): every few minutes each Stripe
// account's recent events of the types a handler acts on are listed through the API and any the
// inbox lacks is put in it, so the ordinary handlers take it from there. Per account:
//  - claim: due scopes (`stripe_sync.next_run_at`), at most `maxScopes` a look, each moved on by
//    the interval in the same statement, so processes side by side take different ones.
//  - walk: `GET /v1/events` from `synced_until` less the overlap up to now, newest first, at most
//    `maxPages` pages; then `synced_until` becomes the walk's upper bound. A walk cut short keeps
//    its place and goes on from there next time. An account Stripe refuses is tried next interval.

/** The operator's own account's scope: its events are listed without `Stripe-Account`. */
export const PLATFORM_SCOPE = "platform";

export type StripeReconcilerOptions = {
  db: Db;
  stripe: StripeGateway;
  clock: () => Date;
  /** The event types a handler acts on (Stripe takes at most 20): only these are listed. */
  types: string[];
  /** How often each account is walked. */
  intervalMs: number;
  /** Events stamped this long before the last walk's end are listed again: Stripe lists late. */
  overlapMs: number;
  /** How far back the first walk of a new account goes (Stripe retries a webhook for three days). */
  lookbackMs: number;
  /** Events per page (Stripe's most is 100) and pages per account per walk. */
  pageSize: number;
  maxPages: number;
  /** Accounts walked per look. */
  maxScopes: number;
  log: (line: string) => void;
};

export type StripeReconciler = {
  /** Walks the accounts that are due, when it is time to look; resolves to how many events it stored. */
  step(): Promise<number>;
};

type ScopeRow = {
  scope: string;
  synced_until: string | Date;
  walk_to: string | Date | null;
  walk_after: string | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createStripeReconciler(o: StripeReconcilerOptions): StripeReconciler {
  // When this process next looks for due accounts (and new ones): once an interval.
  let nextLookAt = 0;

  /** Every account to walk has its row: the operator's own and each community's connected one. */
  async function ensureScopes(now: Date) {
    const accounts = await o.db.select({ id: paymentAccount.stripeAccountId }).from(paymentAccount);
    const scopes = [PLATFORM_SCOPE, ...accounts.map((a) => a.id)];
    await o.db
      .insert(stripeSync)
      .values(
        scopes.map((scope) => ({
          scope,
          syncedUntil: new Date(now.getTime() - o.lookbackMs),
          nextRunAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }

  async function claim(now: Date): Promise<ScopeRow[]> {
    return rowsOf<ScopeRow>(
      await o.db.execute(sql`
        update stripe_sync set next_run_at = ${at(new Date(now.getTime() + o.intervalMs))}, updated_at = ${at(now)}
        where scope in (
          select scope from stripe_sync where next_run_at <= ${at(now)}
          order by next_run_at, scope limit ${o.maxScopes}
          for update skip locked)
        returning scope, synced_until, walk_to, walk_after`),
    );
  }

  async function walk(row: ScopeRow, now: Date): Promise<number> {
    const from = new Date(new Date(row.synced_until).getTime() - o.overlapMs);
    const to = row.walk_to ? new Date(row.walk_to) : now;
    let after = row.walk_to ? row.walk_after : null;
    const options = row.scope === PLATFORM_SCOPE ? {} : { stripeAccount: row.scope };
    let stored = 0;
    for (let page = 0; page < o.maxPages; page++) {
      const list = await o.stripe.stripe.events.list(
        {
          created: { gte: seconds(from), lte: seconds(to) },
          types: o.types,
          limit: o.pageSize,
          ...(after ? { starting_after: after } : {}),
        },
        options,
      );
      // Oldest first within the page: events of one second are then handled in Stripe's order.
      for (const event of [...list.data].reverse()) {
        const owned: Stripe.Event =
          row.scope === PLATFORM_SCOPE || event.account ? event : { ...event, account: row.scope };
        if (await storeStripeEvent(o.db, owned, o.clock())) stored++;
      }
      const last = list.data.at(-1);
      if (!list.has_more || !last) {
        await o.db.execute(sql`
          update stripe_sync set synced_until = greatest(synced_until, ${at(to)}), walk_to = null,
            walk_after = null, updated_at = ${at(o.clock())}
          where scope = ${row.scope}`);
        return stored;
      }
      after = last.id;
    }
    await o.db.execute(sql`
      update stripe_sync set walk_to = ${at(to)}, walk_after = ${after}, updated_at = ${at(o.clock())}
      where scope = ${row.scope}`);
    return stored;
  }

  return {
    async step() {
      const now = o.clock();
      if (now.getTime() < nextLookAt) return 0;
      nextLookAt = now.getTime() + o.intervalMs;
      await ensureScopes(now);
      let stored = 0;
      for (const row of await claim(now)) {
        try {
          stored += await walk(row, now);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          o.log(`stripe: could not reconcile the events of ${row.scope}, trying again next time: ${message}`);
        }
      }
      if (stored > 0) o.log(`stripe: reconciliation put ${stored} missed event(s) in the inbox`);
      return stored;
    },
  };
}
