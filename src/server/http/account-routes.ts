// "Delete my account" on /me: what stands in the way, the confirming code, and the deletion.
import type { Env, Hono } from "hono";
import { accountDeletedMail } from "#server/modules/account/account.mail.ts";
import { accountDeletedText } from "#server/modules/account/account.texts.ts";
import {
  deleteAccount,
  ownedCommunities,
  sendDeletionCode,
} from "#server/modules/account/account-deletion.service.ts";
import {
  type DeletionContact,
  deletionContact,
  shownContact,
} from "#server/modules/account/deletion-contact.service.ts";
import type { Auth } from "#server/modules/auth/auth.ts";
import type { SendText } from "#server/modules/auth/phone-sender.ts";
import type { SessionRevocations } from "#server/modules/auth/session-revocation.service.ts";
import type { Mailer } from "#server/modules/mail/mail.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { clearSessionCookies } from "./auth-routes.ts";
import { domainErrorResponse } from "./domain-errors.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

export function mountAccountRoutes<E extends RoutesEnv>(
  app: Hono<E>,
  options: {
    auth: Auth;
    contextFor: RequestContextFactory;
    revocations: SessionRevocations;
    mailer: Mailer;
    sendText: SendText;
    appUrl: string;
  },
) {
  const { auth, contextFor, revocations, mailer, sendText, appUrl } = options;
  // Best effort and stored nowhere: the address and number are gone from the database by now. The
  // text is not counted against the number's limits: a counter would keep the number, and each
  // deletion follows a counted code text to the same account, so it cannot be repeated at will.
  const confirm = (contact: DeletionContact) =>
    (contact.channel === "email"
      ? mailer.send(accountDeletedMail({ to: contact.email, appUrl }))
      : sendText(contact.phoneNumber, accountDeletedText({ appUrl }))
    ).catch(() => undefined);
  const unauthenticated = { code: "UNAUTHENTICATED", message: "Sign in to continue." } as const;

  app.get("/api/account/deletion", async (c) => {
    const ctx = await contextFor(c.req.raw.headers, c.get("clientIp"));
    if (!ctx.viewer) return c.json(unauthenticated, 401);
    c.header("Cache-Control", "no-store");
    try {
      return c.json({
        ownedCommunities: await ownedCommunities(ctx.db, ctx.viewer.id),
        codeGoesTo: shownContact(await deletionContact(ctx.db, ctx.viewer.id)),
      });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });

  app.post("/api/account/deletion/code", async (c) => {
    const ctx = await contextFor(c.req.raw.headers, c.get("clientIp"));
    if (!ctx.viewer) return c.json(unauthenticated, 401);
    try {
      await sendDeletionCode(ctx, { mailer, sendText, appUrl });
      return c.json({ sent: true });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });

  app.post("/api/account/deletion", async (c) => {
    const ctx = await contextFor(c.req.raw.headers, c.get("clientIp"));
    if (!ctx.viewer) return c.json(unauthenticated, 401);
    const body = (await c.req.json().catch(() => null)) as { code?: unknown } | null;
    if (typeof body?.code !== "string" || !/^\s*\d{6}\s*$/.test(body.code)) {
      return c.json({ code: "BAD_USER_INPUT", message: "Enter the 6-digit code we sent you." }, 400);
    }
    try {
      const deleted = await deleteAccount(ctx, body.code);
      await revocations.revoke(deleted.sessionIds);
      for (const cookie of await clearSessionCookies(auth)) c.header("Set-Cookie", cookie, { append: true });
      if (deleted.contact) await confirm(deleted.contact);
      return c.json({ deleted: true });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
}
