// /me's passkeys: the list (with when each was last used), and a check on the names people type.
import { getAuthenticatorName } from "@better-auth/passkey";
import { desc, eq } from "drizzle-orm";
import type { Context, Env, Hono, Next } from "hono";
import type { Db } from "#server/db/client.ts";
import type { Auth } from "#server/modules/auth/auth.ts";
import { passkey } from "#server/modules/auth/passkey.tables.ts";
import type { SessionRevocations } from "#server/modules/auth/session-revocation.service.ts";

export const PASSKEY_NAME_MAX = 60;

export function mountPasskeyRoutes<E extends Env>(
  app: Hono<E>,
  options: { auth: Auth; db: Db; revocations: SessionRevocations },
) {
  const { auth, db, revocations } = options;

  // The plugin's own list answers public keys and credential ids; /me needs none of that.
  app.get("/api/auth/passkey/list", async (c) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!current || revocations.isRevoked(current.session.id)) {
      return c.json({ code: "UNAUTHENTICATED", message: "Sign in to continue." }, 401);
    }
    const rows = await db
      .select()
      .from(passkey)
      .where(eq(passkey.userId, current.user.id))
      .orderBy(desc(passkey.createdAt));
    c.header("Cache-Control", "no-store");
    return c.json({
      passkeys: rows.map((row) => ({
        id: row.id,
        name: row.name || getAuthenticatorName(row.aaguid) || "Passkey",
        createdAt: row.createdAt?.toISOString() ?? null,
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        synced: row.backedUp,
      })),
    });
  });

  const checkName = (required: boolean) => async (c: Context<E>, next: Next) => {
    const body = (await c.req.raw
      .clone()
      .json()
      .catch(() => null)) as { name?: unknown } | null;
    const name = typeof body?.name === "string" ? body.name.trim() : "";
    if ((required && !name) || name.length > PASSKEY_NAME_MAX) {
      return c.json(
        {
          code: "INVALID_PASSKEY_NAME",
          message: name ? `Keep the name under ${PASSKEY_NAME_MAX} characters.` : "Give the passkey a name.",
        },
        400,
      );
    }
    return next();
  };
  app.post("/api/auth/passkey/verify-registration", checkName(false));
  app.post("/api/auth/passkey/update-passkey", checkName(true));
}
