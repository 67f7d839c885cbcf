import DataLoader from "dataloader";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "./notifications.outbox.ts";

/**
 * What became of an announcement's mails so far. `delivered`: accepted by the mail server.
 * `failed`: given up on after the outbox's last retry (decision 006 parks them). Mails still
 * retrying, not yet expanded, or skipped (the member opted out or left since) are neither.
 */
export type AnnouncementDelivery = { delivered: number; failed: number };

const NONE: AnnouncementDelivery = { delivered: 0, failed: 0 };

/**
 * Each announcement's delivery counts in one grouped statement, read from its `announcement_mail`
 * rows (`payload.announcementId`, indexed by `outbox_announcement_mail_idx`, whose predicate names
 * the kind as a literal so that the planner can match it). The caller has
 * checked that the viewer may see these announcements.
 */
export async function announcementDeliveries(
  db: Db,
  announcementIds: readonly string[],
): Promise<Map<string, AnnouncementDelivery>> {
  if (announcementIds.length === 0) return new Map();
  const rows = rowsOf<{ id: string; delivered: number; failed: number }>(
    await db.execute(sql`
      select payload->>'announcementId' as id,
        count(*) filter (where sent_at is not null and last_error is null)::int as delivered,
        count(*) filter (where sent_at is null and send_after = 'infinity'::timestamptz)::int as failed
      from outbox_message
      where kind = 'announcement_mail' and payload->>'announcementId' in ${announcementIds}
      group by 1`),
  );
  return new Map(rows.map((r) => [r.id, { delivered: Number(r.delivered), failed: Number(r.failed) }]));
}

/** Per request: every announcement of a history page is counted by the same statement. */
export function createDeliveryLoader(db: Db) {
  return new DataLoader<string, AnnouncementDelivery>(async (ids) => {
    const found = await announcementDeliveries(db, ids);
    return ids.map((id) => found.get(id) ?? NONE);
  });
}

export type DeliveryLoader = ReturnType<typeof createDeliveryLoader>;
