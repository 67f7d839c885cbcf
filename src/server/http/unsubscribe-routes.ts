import type { Env, Hono } from "hono";
import { setSubscriptionByToken } from "#server/modules/members/announcement-preferences.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { domainErrorResponse } from "./domain-errors.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

/**
 * `POST /unsubscribe/:token`: the one-click unsubscribe of RFC 8058, sent by mail providers from
 * their own servers (so no Origin and no cookies); the signed token is the authority. A person's
 * browser GETs the same address and is shown the client's page.
 */
export function mountUnsubscribeRoutes<E extends RoutesEnv>(
  app: Hono<E>,
  options: { contextFor: RequestContextFactory },
) {
  app.post("/unsubscribe/:token", async (c) => {
    try {
      const ctx = await options.contextFor(new Headers(), c.get("clientIp"));
      const result = await setSubscriptionByToken(ctx, c.req.param("token"), false);
      return c.json({ communityName: result.communityName, subscribed: result.subscribed });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
}
