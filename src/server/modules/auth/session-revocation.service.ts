import { gt, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { revokedSession } from "./auth.tables.ts";

/** How long a signed session copy stays valid in the cookie cache (decision 003). */
export const SESSION_CACHE_SECONDS = 300;
/** Rows outlive the cache with a margin for clock skew between processes. */
const KEEP_MS = SESSION_CACHE_SECONDS * 1000 * 5;

/**
 * Sessions ended on this server stop at once (memory); other processes sharing the database learn
 * of them from `announce`'s notice (decision 041), or else on their next `refresh()`, which the
 * app runs every few seconds (decision 008).
 */
export function createSessionRevocations(
  db: Db,
  options: {
    now?: () => Date;
    /** Tells the other processes, inside the transaction that records the ids. */
    announce?: (tx: Db, sessionIds: string[]) => Promise<void>;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const revoked = new Map<string, number>();
  let seenUpTo = new Date(0);

  const forget = () => {
    const cutoff = now().getTime() - KEEP_MS;
    for (const [id, at] of revoked) if (at < cutoff) revoked.delete(id);
  };

  return {
    isRevoked(sessionId: string): boolean {
      return revoked.has(sessionId);
    },

    async revoke(sessionIds: string[]): Promise<void> {
      if (sessionIds.length === 0) return;
      const at = now();
      for (const id of sessionIds) revoked.set(id, at.getTime());
      const record = (tx: Db) =>
        tx
          .insert(revokedSession)
          .values(sessionIds.map((sessionId) => ({ sessionId, revokedAt: at })))
          .onConflictDoNothing();
      const announce = options.announce;
      if (!announce) {
        await record(db);
        return;
      }
      await db.transaction(async (tx) => {
        await record(tx as unknown as Db);
        await announce(tx as unknown as Db, sessionIds);
      });
    },

    /** Sessions another process ended, told by its notice: they stop here at once. */
    learn(sessionIds: readonly string[]): void {
      const at = now().getTime();
      for (const id of sessionIds) if (!revoked.has(id)) revoked.set(id, at);
    },

    /** Picks up revocations made by other processes and prunes what no cache can still hold. */
    async refresh(): Promise<void> {
      const rows = await db
        .select()
        .from(revokedSession)
        .where(gt(revokedSession.revokedAt, new Date(Math.max(0, seenUpTo.getTime() - 10_000))));
      for (const row of rows) {
        revoked.set(row.sessionId, row.revokedAt.getTime());
        if (row.revokedAt > seenUpTo) seenUpTo = row.revokedAt;
      }
      forget();
      await db
        .delete(revokedSession)
        .where(lt(revokedSession.revokedAt, new Date(now().getTime() - KEEP_MS)));
    },
  };
}

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;
