import type { Env, Hono } from "hono";
import { communityBySlug } from "#server/modules/membership/join.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { type PageRenderer, readIndexHtml } from "./index-html.ts";
import { answerPage, type EncodedPage, encodePage } from "./page-bodies.ts";
import { injectMeta } from "./page-meta.ts";
import { communityPageHead } from "./public-page-heads.ts";
import type { PublicReadCache } from "./public-read-cache.ts";

type Options = {
  appUrl: string;
  distDir: string;
  contextFor: RequestContextFactory;
  /** The /c/{slug} HTML of signed-out visitors, kept until anything in the community changes. */
  pages: PublicReadCache["communityPages"];
  /** Renders the page as a signed-out visitor sees it (decision 034). */
  renderer: PageRenderer;
};

/** No cookie, no session: what anyone may see. */
const SIGNED_OUT = { get: () => null };

type RoutesEnv = Env & { Variables: { clientIp: string } };

/**
 * `/c/:slug` rendered on the server as a signed-out visitor sees it, with its link preview, for
 * everyone (a member's own state comes after hydration); an unknown slug answers 404 (the app then
 * shows Not Found). A private community's page and preview show a stranger the name and logo.
 */
export function mountCommunityRoutes<E extends RoutesEnv>(app: Hono<E>, options: Options) {
  app.get("/c/:slug", async (c, next) => {
    const html = await readIndexHtml(options.distDir);
    if (html === null) return next();
    c.header("Cache-Control", "no-cache, no-store, must-revalidate");
    const slug = c.req.param("slug");
    if (!readsItsAddress(c.req.url)) {
      const kept = options.pages.get(slug);
      if (kept) return answerPage(c, kept);
    } else {
      // Back from a plan's checkout, or sent to pay for one, the page is the browser's to render.
      const ctx = await options.contextFor(SIGNED_OUT, c.get("clientIp"));
      const page = await communityBySlug(ctx, slug);
      return page ? c.html(injectMeta(html, communityPageHead(page, options)), 200) : c.html(html, 404);
    }
    const startedAt = options.pages.now();
    const made = await communityPage(html, slug, c.get("clientIp"));
    // Not kept: a community made with this slug later would not drop it.
    if (!made) return c.html(html, 404);
    options.pages.set(slug, made.communityId, made.page, startedAt);
    return answerPage(c, made.page);
  });

  /** The page of the community at `slug` as a signed-out visitor sees it; null for an unknown slug. */
  async function communityPage(html: string, slug: string, clientIp: string): Promise<CommunityPage | null> {
    const ctx = await options.contextFor(SIGNED_OUT, clientIp);
    const page = await communityBySlug(ctx, slug);
    if (!page) return null;
    const rendered = await options.renderer.render(
      injectMeta(html, communityPageHead(page, options)),
      `/c/${page.community.slug}`,
    );
    return {
      communityId: page.community.id,
      page: await encodePage({ html: rendered.html, status: rendered.status === 404 ? 404 : 200 }),
    };
  }

  return {
    /** The page of `slug` for a signed-out visitor, made now; null while the client is not built. */
    async signedOutPage(slug: string, clientIp: string): Promise<CommunityPage | null> {
      const html = await readIndexHtml(options.distDir);
      return html === null ? null : communityPage(html, slug, clientIp);
    },
  };
}

/** A community's page as kept: its bytes, and the community whose changes drop it. */
export type CommunityPage = { communityId: string; page: EncodedPage };

const COMMUNITY_PAGE_URL = /^\/c\/([a-z0-9-]{1,100})(?:\?.*)?$/;

/**
 * The /c/{slug} page this process holds, answered from Node's request before the Hono app sees it,
 * as /e/{id}'s is (decision 011): the same page for everyone, signed in or not (decision 034).
 * Anything else (a miss, a slug in another spelling) goes the route's way above. A page near the
 * end of its second is made again by `reload` in the background, as an event's is.
 */
export function communityPageFromMemory(
  pages: PublicReadCache["communityPages"],
  request: { method?: string; url?: string },
  reload?: (slug: string) => Promise<CommunityPage | null>,
): EncodedPage | null {
  if (request.method !== "GET") return null;
  const slug = COMMUNITY_PAGE_URL.exec(request.url ?? "")?.[1];
  return (
    (slug && !readsItsAddress(request.url ?? "") && pages.get(slug, reload && (() => reload(slug)))) || null
  );
}

/** The page shows these from its address (`membership` back from a plan's checkout, `plan` to pay for), which no kept page has. */
const readsItsAddress = (url: string) => /[?&](membership|plan)=/.test(url);
