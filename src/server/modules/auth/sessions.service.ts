import Bowser from "bowser";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { session } from "./auth.tables.ts";

/** What /me shows of one signed-in browser; the token never leaves the server. */
export type SessionSummary = {
  id: string;
  device: string;
  browser: string;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

const PLATFORM_NAMES: Record<string, string> = { mobile: "Phone", tablet: "Tablet", tv: "TV" };

/** "iPhone · iOS 18.1" and "Firefox 131" from a User-Agent header; "Unknown …" when it says nothing useful. */
export function describeUserAgent(userAgent: string | null): { device: string; browser: string } {
  if (!userAgent) return { device: "Unknown device", browser: "Unknown browser" };
  const parsed = Bowser.parse(userAgent);
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  const model = [parsed.platform.vendor, parsed.platform.model].filter(Boolean).join(" ");
  const kind = parsed.platform.type ? PLATFORM_NAMES[parsed.platform.type] : undefined;
  const device = [model || kind, os].filter(Boolean).join(" · ") || "Unknown device";
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name
    ? [parsed.browser.name, major].filter(Boolean).join(" ")
    : "Unknown browser";
  return { device, browser };
}

export function summarizeSessions(
  rows: {
    id: string;
    userAgent?: string | null;
    ipAddress?: string | null;
    createdAt: Date;
    updatedAt: Date;
  }[],
  currentId: string,
): SessionSummary[] {
  return rows
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent ?? null),
      ipAddress: row.ipAddress ?? null,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * "Last seen" for the sessions list: the session row's `updated_at`, moved forward at most once per
 * `everyMs` per session by this process (better-auth itself only moves it when it extends the
 * session, once a day). One small write per session per few minutes, never per request.
 */
export function createLastSeen(db: Db, options: { now?: () => Date; everyMs?: number } = {}) {
  const now = options.now ?? (() => new Date());
  const everyMs = options.everyMs ?? 5 * 60_000;
  const written = new Map<string, number>();
  return async (sessionId: string): Promise<void> => {
    const at = now();
    const last = written.get(sessionId);
    if (last !== undefined && at.getTime() - last < everyMs) return;
    if (written.size >= 50_000) written.clear();
    written.set(sessionId, at.getTime());
    await db
      .update(session)
      .set({ updatedAt: at })
      .where(and(eq(session.id, sessionId), lt(session.updatedAt, new Date(at.getTime() - everyMs))));
  };
}

export type LastSeen = ReturnType<typeof createLastSeen>;
