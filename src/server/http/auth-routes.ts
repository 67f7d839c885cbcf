// better-auth's HTTP edge: only the routes the product uses, code limits, and session revocation.
import type { Env, Hono } from "hono";
import type { Db } from "#server/db/client.ts";
import { type Auth, CLIENT_IP_HEADER } from "#server/modules/auth/auth.ts";
import { authRoute, isAuthRouteInUse } from "#server/modules/auth/auth-routes.ts";
import { codeLimitMessage, codeSendBlocked } from "#server/modules/auth/code-limits.service.ts";
import type { SessionRevocations } from "#server/modules/auth/session-revocation.service.ts";

type AuthEnv = Env & { Variables: { clientIp: string } };

export function mountAuth<E extends AuthEnv>(
  app: Hono<E>,
  options: {
    auth: Auth;
    db: Db;
    revocations: SessionRevocations;
    seen?: (sessionId: string) => Promise<void>;
  },
) {
  const { auth, db, revocations, seen } = options;

  app.post("/api/auth/email-otp/send-verification-otp", async (c, next) => {
    const body = (await c.req.raw
      .clone()
      .json()
      .catch(() => null)) as { email?: unknown; type?: unknown } | null;
    // Password-reset and email-change codes would reach accounts the product never gave a password.
    if (body?.type !== "sign-in") {
      return c.json({ code: "BAD_USER_INPUT", message: "Only sign-in codes can be sent." }, 400);
    }
    if (typeof body.email === "string" && body.email.includes("@")) {
      // Counting happens where the mail is sent (auth.ts); this only keeps a refused request from
      // replacing the code already in the inbox.
      const refusal = await codeSendBlocked(db, { email: body.email, address: c.get("clientIp") });
      if (refusal) {
        c.header("Retry-After", String(refusal.retryAfterSeconds));
        const message = codeLimitMessage(refusal);
        return c.json({ code: refusal.code, message, retryAfter: refusal.retryAfterSeconds }, 429);
      }
    }
    return next();
  });

  app.on(["GET", "POST"], "/api/auth/*", async (c): Promise<Response> => {
    const route = authRoute(c.req.path);
    if (!isAuthRouteInUse(c.req.method, c.req.path)) {
      return c.json({ code: "NOT_FOUND", message: "No such API endpoint." }, 404);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const forward = () => auth.handler(new Request(c.req.raw, { headers }));

    // Cheap with the cookie cache; needed because better-auth trusts a cached copy of a session
    // that sign-out has already deleted.
    const current = await auth.api.getSession({ headers: c.req.raw.headers });
    if (current && revocations.isRevoked(current.session.id)) {
      const clear = await clearSessionCookies(auth);
      for (const cookie of clear) c.header("Set-Cookie", cookie, { append: true });
      if (route === "/get-session" || route === "/sign-out")
        return c.json(route === "/get-session" ? null : { success: true });
      return c.json({ code: "UNAUTHENTICATED", message: "Sign in to continue." }, 401);
    }
    if (current) await seen?.(current.session.id);
    if (current && route === "/sign-out") await revocations.revoke([current.session.id]);
    // Sessions better-auth deletes otherwise (sign out everywhere among them) reach the
    // revocation list through its session delete hook (`sessionEnded`, decision 008).
    return forward();
  });
}

export async function clearSessionCookies(auth: Auth): Promise<string[]> {
  const { authCookies } = await auth.$context;
  return [authCookies.sessionToken, authCookies.sessionData].map(
    ({ name, attributes }) =>
      `${name}=; Max-Age=0; Path=${attributes.path ?? "/"}; HttpOnly; SameSite=Lax${attributes.secure ? "; Secure" : ""}`,
  );
}
