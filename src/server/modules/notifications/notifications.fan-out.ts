import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { outboxMessage } from "./notifications.tables.ts";

// A mail to many (an announcement, a follower's news) is one outbox row, expanded a page per
// transaction into one row per recipient. Each recipient's row has a dedupe key, so a page handled
// twice adds nobody twice; the row keeps its cursor between pages and is sent once it has no more.

export type FanOutRow = { id: string; payload: Record<string, unknown> };

export const asString = (value: unknown) => (typeof value === "string" ? value : null);

/** Marks the fanned-out row handled, with a note when it ended without sending to everyone. */
export const finishFanOut = (tx: Db, row: FanOutRow, now: Date, note: string | null) =>
  tx.execute(sql`update outbox_message set sent_at = ${now.toISOString()}::timestamptz, last_error = ${note}
    where id = ${row.id}`);

/**
 * Queues one `kind` row per recipient of this page (ids after the row's cursor), then moves the
 * cursor on, or finishes the row after the last page.
 */
export async function fanOutPage<Recipient extends string>(
  tx: Db,
  o: { pageSize: number; now: () => Date },
  row: FanOutRow,
  recipients: Recipient[],
  each: {
    kind: string;
    dedupeKey: (recipient: Recipient) => string;
    payload: (recipient: Recipient) => Record<string, unknown>;
  },
): Promise<void> {
  if (recipients.length > 0) {
    const now = o.now();
    await tx
      .insert(outboxMessage)
      .values(
        recipients.map((recipient) => ({
          id: randomUUID(),
          kind: each.kind,
          dedupeKey: each.dedupeKey(recipient),
          payload: each.payload(recipient),
          createdAt: now,
          sendAfter: now,
        })),
      )
      .onConflictDoNothing();
  }
  const last = recipients.at(-1);
  if (recipients.length < o.pageSize || !last) return void (await finishFanOut(tx, row, o.now(), null));
  await tx.execute(sql`
    update outbox_message set payload = payload || ${JSON.stringify({ cursor: last })}::jsonb
    where id = ${row.id}`);
}
