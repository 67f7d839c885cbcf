import { createHash } from "node:crypto";
import type { Env, Hono } from "hono";
import { communityFeed, unfollowByToken } from "#server/modules/membership/follow.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { buildIcsFeed } from "#shared/ics.ts";
import { domainErrorResponse } from "./domain-errors.ts";
import { markdownToPlainText } from "./markdown-text.ts";

type Options = { appUrl: string; contextFor: RequestContextFactory };

type RoutesEnv = Env & { Variables: { clientIp: string } };

/** Seconds since 2023-11-14: small, and growing with every save of the event (RFC 5545 SEQUENCE). */
const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor(updatedAt.getTime() / 1000) - 1_700_000_000);

/**
 * `GET /c/:slug/calendar.ics`, the community's calendar to subscribe to, read fresh on every request
 * (an ETag of the content lets calendar apps skip an unchanged one), and `POST /unfollow/:token`,
 * the one-click unsubscribe of a follower's mail (RFC 8058), sent by mail providers' servers with
 * no Origin or cookie: the signed token is the authority. A browser GETs the same address and is
 * shown the client's page.
 */
export function mountCommunityFollowRoutes<E extends RoutesEnv>(app: Hono<E>, options: Options) {
  const absolute = (pathname: string) => new URL(pathname, options.appUrl).toString();
  const host = new URL(options.appUrl).host;

  app.get("/c/:slug/calendar.ics", async (c) => {
    const ctx = await options.contextFor(new Headers(), c.get("clientIp"));
    const feed = await communityFeed(ctx, c.req.param("slug"));
    if (!feed) return c.json({ code: "NOT_FOUND", message: "No such community." }, 404);
    const { community, events } = feed;
    const pageUrl = absolute(`/c/${community.slug}`);
    const body = buildIcsFeed({
      name: community.name,
      ...(community.visibility === "public"
        ? { description: `${markdownToPlainText(community.description, 200)}\n\n${pageUrl}`.trim() }
        : {}),
      // The stamp is the feed's newest change, so an unchanged feed is the same bytes (and ETag).
      stampedAt: new Date(
        Math.max(community.createdAt.getTime(), ...events.map((e) => e.updatedAt.getTime())),
      ),
      events: events.map((event) => ({
        uid: `${event.id}@${host}`,
        title: event.title,
        description:
          `${markdownToPlainText(event.description, 2000)}\n\n${absolute(`/e/${event.id}`)}`.trim(),
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        location:
          [event.venueName, event.venueAddress].filter(Boolean).join(", ") ||
          (event.onlineUrl ? "Online" : null),
        url: absolute(`/e/${event.id}`),
        status: event.status === "canceled" ? "CANCELLED" : "CONFIRMED",
        sequence: sequenceOf(event.updatedAt),
        stampedAt: event.updatedAt,
        organizerName: community.name,
      })),
    });
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    c.header("ETag", etag);
    c.header("Cache-Control", "no-cache");
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${community.slug}.ics"`,
    });
  });

  app.post("/unfollow/:token", async (c) => {
    try {
      const ctx = await options.contextFor(new Headers(), c.get("clientIp"));
      const result = await unfollowByToken(ctx, c.req.param("token"));
      return c.json({ communityName: result.communityName, following: result.following });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
}
