// /me's list of signed-in browsers and signing them out, on better-auth's session endpoints.
import type { Context, Env, Hono } from "hono";
import type { Auth } from "#server/modules/auth/auth.ts";
import type { SessionRevocations } from "#server/modules/auth/session-revocation.service.ts";
import { summarizeSessions } from "#server/modules/auth/sessions.service.ts";

/**
 * better-auth's list answers each session's token, which is what revoking one takes: these routes
 * answer only what /me shows (device, browser, address, times), name sessions by id, and find
 * the token on the server. A signed-out session joins the revocation list, so a browser holding a
 * cached copy of it is signed out on its next request (decision 008).
 */
export function mountSessionRoutes<E extends Env>(
  app: Hono<E>,
  options: { auth: Auth; revocations: SessionRevocations },
) {
  const { auth, revocations } = options;

  async function signedIn(c: Context<E>) {
    const headers = c.req.raw.headers;
    const current = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!current || revocations.isRevoked(current.session.id)) return null;
    return { headers, current, sessions: await auth.api.listSessions({ headers }) };
  }
  const unauthenticated = (c: Context<E>) =>
    c.json({ code: "UNAUTHENTICATED", message: "Sign in to continue." }, 401);

  app.get("/api/auth/list-sessions", async (c) => {
    const found = await signedIn(c);
    if (!found) return unauthenticated(c);
    c.header("Cache-Control", "no-store");
    return c.json({ sessions: summarizeSessions(found.sessions, found.current.session.id) });
  });

  app.post("/api/auth/revoke-session", async (c) => {
    const found = await signedIn(c);
    if (!found) return unauthenticated(c);
    const body = (await c.req.json().catch(() => null)) as { id?: unknown } | null;
    const target = found.sessions.find((candidate) => candidate.id === body?.id);
    if (!target) {
      return c.json({ code: "NOT_FOUND", message: "That session has already ended." }, 404);
    }
    if (target.id === found.current.session.id) {
      return c.json({ code: "CURRENT_SESSION", message: "Use Sign out to end this device's session." }, 400);
    }
    // better-auth's session delete hook puts it on the revocation list (decision 008).
    await auth.api.revokeSession({ headers: found.headers, body: { token: target.token } });
    return c.json({ status: true });
  });

  app.post("/api/auth/revoke-other-sessions", async (c) => {
    const found = await signedIn(c);
    if (!found) return unauthenticated(c);
    const others = found.sessions.filter((one) => one.id !== found.current.session.id).map((one) => one.id);
    await auth.api.revokeOtherSessions({ headers: found.headers });
    return c.json({ status: true, count: others.length });
  });
}
