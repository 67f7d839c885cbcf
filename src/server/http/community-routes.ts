import type { Env, Hono } from "hono";
import { communityBySlug } from "#server/modules/membership/join.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { readIndexHtml } from "./index-html.ts";
import { injectMeta } from "./page-meta.ts";
import { communityPageHead } from "./public-page-heads.ts";

type Options = { appUrl: string; distDir: string; contextFor: RequestContextFactory };

type RoutesEnv = Env & { Variables: { clientIp: string } };

/**
 * `/c/:slug` with its link preview; an unknown slug answers 404 (the app then shows Not Found). A
 * private community's preview shows what its page shows a stranger: the name and logo.
 */
export function mountCommunityRoutes<E extends RoutesEnv>(app: Hono<E>, options: Options) {
  app.get("/c/:slug", async (c, next) => {
    const html = await readIndexHtml(options.distDir);
    if (html === null) return next();
    c.header("Cache-Control", "no-cache, no-store, must-revalidate");
    const ctx = await options.contextFor(c.req.raw.headers, c.get("clientIp"));
    const page = await communityBySlug(ctx, c.req.param("slug"));
    if (!page) return c.html(html, 404);
    return c.html(injectMeta(html, communityPageHead(page, options)), 200);
  });
}
