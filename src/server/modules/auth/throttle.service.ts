import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { throttle } from "./auth.tables.ts";

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit against a fixed window in one atomic statement (safe under concurrent requests)
 * and says whether it fits within `max`.
 */
export async function hit(
  db: Db,
  options: { key: string; windowSeconds: number; max: number; now?: Date },
): Promise<ThrottleResult> {
  const now = options.now ?? new Date();
  const windowMs = options.windowSeconds * 1000;
  const rows = await db
    .insert(throttle)
    .values({ key: options.key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: throttle.key,
      set: {
        count: sql`case when ${throttle.windowStart} <= ${new Date(now.getTime() - windowMs)} then 1 else ${throttle.count} + 1 end`,
        windowStart: sql`case when ${throttle.windowStart} <= ${new Date(now.getTime() - windowMs)} then ${now} else ${throttle.windowStart} end`,
      },
    })
    .returning({ count: throttle.count, windowStart: throttle.windowStart });
  const row = rows[0];
  if (!row || row.count <= options.max) return { allowed: true };
  const retryAfterMs = row.windowStart.getTime() + windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** Reads a window without counting: refused when `max` hits are already in it. */
export async function isBlocked(
  db: Db,
  options: { key: string; windowSeconds: number; max: number; now?: Date },
): Promise<{ retryAfterSeconds: number } | null> {
  const now = (options.now ?? new Date()).getTime();
  const windowMs = options.windowSeconds * 1000;
  const [row] = await db
    .select({ count: throttle.count, windowStart: throttle.windowStart })
    .from(throttle)
    .where(eq(throttle.key, options.key));
  if (!row || row.windowStart.getTime() <= now - windowMs || row.count < options.max) return null;
  return { retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart.getTime() + windowMs - now) / 1000)) };
}
