import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** Every rollup table, each row as text in a fixed order: two snapshots compare equal exactly when the rows do. */
export async function snapshotRollups(db: Db, communityId?: string): Promise<Record<string, string[]>> {
  const tables: Record<string, string> = {
    insights_member: "community_id, user_id",
    insights_member_day: "community_id, day, origin",
    insights_registration_day: "community_id, day, origin",
    insights_active_day: "community_id, user_id, day",
    insights_active_gap: "community_id, day, previous_day",
    insights_active_count: "community_id, unit, bucket",
    insights_attendance: "community_id, user_id, event_id",
    insights_cohort: "community_id, cohort, month",
    insights_cohort_size: "community_id, cohort",
    insights_revenue_day: "community_id, day, currency, purpose",
    insights_held_origin: "registration_id",
  };
  const snapshot: Record<string, string[]> = {};
  for (const [table, order] of Object.entries(tables)) {
    const where = communityId ? sql`where community_id = ${communityId}` : sql``;
    const result = await db.execute(
      sql`select t::text as row from ${sql.identifier(table)} t ${where} order by ${sql.raw(order)}`,
    );
    snapshot[table] = (result as unknown as { rows: { row: string }[] }).rows.map((r) => r.row);
  }
  return snapshot;
}
