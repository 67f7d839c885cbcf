import type { Viewer } from "#server/modules/users/users.policy.ts";
import type { HeaderReader } from "#server/request-context.ts";
import { createTextMap } from "#server/text-key.ts";
import { hasSessionToken, sessionCookies } from "./session-cookies.ts";

type Found = {
  session: { id: string; expiresAt?: Date };
  user: { id: string; name: string; email: string; image?: string | null };
  /** The session was read from the database rather than from the signed cookie copy. */
  fromDatabase?: boolean;
  /** How long the signed copy better-auth answered from has left to run. */
  copyLeftMs?: number | null;
};

/**
 * Reads the viewer of a request. Without a session cookie there is nobody to look up. The same
 * cookie bytes verified a moment ago name the same person: the HMAC checks and better-auth's
 * request set-up are skipped while better-auth would answer them the same, which is most of what
 * a signed-in GraphQL request cost. A session answered from its signed copy (decision 003) is kept
 * until that copy runs out (`copyLeftMs`; `ttlMs` when the copy's time is not known): better-auth
 * accepts the same bytes until then. A session read from the database is kept for `readTtlMs`, the
 * life of better-auth's signed copy: once that copy has run out (a browser drops it, a client that
 * keeps it sends it stale), better-auth reads the session and its person again on every request,
 * and those two statements were most of what a signed-in request cost the database a minute after
 * sign-in (decision 046). Nothing is kept past `readTtlMs` or the session's end. Every answer, kept
 * or not, still goes through the revocation list (decision 008), so a signed-out session stops at
 * once.
 */
export function createViewerReader(options: {
  getSession: (headers: Headers) => Promise<Found | null>;
  isRevoked: (sessionId: string) => boolean;
  now?: () => number;
  ttlMs?: number;
  readTtlMs?: number;
  maxEntries?: number;
}) {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 5_000;
  const readTtlMs = options.readTtlMs ?? ttlMs;
  const maxEntries = options.maxEntries ?? 10_000;
  const verified = new Map<string, { viewer: Viewer; sessionId: string; until: number }>();

  // A browser sends the same Cookie header request after request: its session cookies are
  // picked out of those bytes once. `null`: no session.
  const keys = createTextMap<string | null>(maxEntries);
  const keyOf = (header: string) => {
    let key = keys.get(header);
    if (key === undefined) {
      const cookies = sessionCookies(header);
      key = hasSessionToken(cookies) ? cookies.sort().join("; ") : null;
      keys.set(header, key);
    }
    return key;
  };

  return async (headers: HeaderReader): Promise<Viewer | null> => {
    const cookie = headers.get("cookie") ?? "";
    const key = keyOf(cookie);
    if (key === null) return null;
    const hit = verified.get(key);
    if (hit && hit.until > now() && !options.isRevoked(hit.sessionId)) return hit.viewer;
    // Only the Cookie header goes in: better-auth checks the signed copy or reads the database.
    const found = await options.getSession(new Headers({ cookie }));
    if (!found || options.isRevoked(found.session.id)) return null;
    const { id, name, email, image } = found.user;
    const viewer = { id, name, email, image: image ?? null };
    if (hit) verified.delete(key);
    else if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
    const at = now();
    let until = at + readTtlMs;
    if (!found.fromDatabase) until = Math.min(until, at + (found.copyLeftMs ?? ttlMs));
    if (found.session.expiresAt) until = Math.min(until, found.session.expiresAt.getTime());
    verified.set(key, { viewer, sessionId: found.session.id, until });
    return viewer;
  };
}
