import type { HeaderReader } from "#server/request-context.ts";

/** better-auth's cookies that decide who is signed in (with or without the `__Secure-` prefix). */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?[\w.-]*session_(?:token|data)=[^;]*)/g;

/** The session cookies (`name=value`) in a Cookie header, in the order sent. */
export const sessionCookies = (header: string): string[] =>
  [...header.matchAll(SESSION_COOKIE)].map((m) => m[1] ?? "");

/** With no session token a request is signed out: nobody to look up, and answers may be shared. */
export const hasSessionToken = (cookies: string[]): boolean =>
  cookies.some((cookie) => /^(?:__Secure-)?[\w.-]*session_token=/.test(cookie));

/** A session token cookie where a cookie starts: what `hasSessionToken(sessionCookies(…))` finds. */
const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/;

/** Asked of every GraphQL request, so one search of the header instead of listing its cookies. */
export const isSignedOut = (headers: HeaderReader): boolean =>
  !SESSION_TOKEN.test(headers.get("cookie") ?? "");

/**
 * Whether better-auth's answer to `getSession` came from the database: it writes a fresh signed
 * copy of the session (a `session_data` cookie with a value) exactly then, and only clears the
 * stale copy when it answered from the cookies.
 */
export const readFromDatabase = (answered: Headers): boolean =>
  answered.getSetCookie().some((cookie) => /^(?:__Secure-)?[\w.-]*session_data=[^;]/.test(cookie));

/** Every cookie that may hold a signed copy of the session, or a chunk of one: `name=value`. */
const COPY_COOKIES = /(?:^|;\s*)((?:__Secure-)?[\w.-]*session_data(?:\.\d+)?)=([^;]*)/g;

/**
 * When the signed copy of the session in a Cookie header runs out (ms since the epoch): better-auth
 * writes it, in its default compact form, as base64url JSON whose `expiresAt` is covered by the
 * signature. Read only once better-auth has answered from a copy, and only when the header holds
 * exactly one copy, whole, under `name` (the cookie better-auth reads), so the time is the one it
 * checked; `null` otherwise, or for a copy in another form.
 */
export function signedCopyExpiry(header: string, name: string): number | null {
  const copies = [...header.matchAll(COPY_COOKIES)];
  const [only] = copies;
  if (copies.length !== 1 || !only || only[1] !== name || !only[2]) return null;
  try {
    const copy = JSON.parse(Buffer.from(only[2], "base64url").toString("utf8")) as { expiresAt?: unknown };
    return typeof copy.expiresAt === "number" && Number.isFinite(copy.expiresAt) ? copy.expiresAt : null;
  } catch {
    return null;
  }
}
