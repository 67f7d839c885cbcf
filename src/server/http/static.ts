import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono } from "hono";
import { isClientRoute } from "#shared/client-routes.ts";
import { readIndexHtml } from "./index-html.ts";
import { answerPage, type EncodedPage, encodePage } from "./page-bodies.ts";

/**
 * Hashed assets are compressed at build time and cached forever; index.html never. A path no
 * client screen answers still gets the app (which shows Not Found) but with status 404, so
 * crawlers and link checkers see the truth.
 */
export function mountClient<E extends Env>(app: Hono<E>, distDir: string) {
  const root = path.relative(process.cwd(), distDir) || ".";
  if (existsSync(distDir)) mountFiles(app, root);
  app.get("*", async (c) => {
    const html = await readIndexHtml(distDir);
    if (html === null) {
      return c.text("The client is not built. Run `npm run build` (npm start does this for you).", 503);
    }
    c.header("Cache-Control", "no-cache, no-store, must-revalidate");
    const status = isClientRoute(c.req.path) ? 200 : 404;
    return answerPage(c, { ...(await encodedIndex(html)), status });
  });
}

/** index.html's bytes, compressed once per build (`readIndexHtml` keeps one string per build). */
let encoded: { html: string; page: Promise<EncodedPage> } | undefined;
function encodedIndex(html: string): Promise<EncodedPage> {
  if (encoded?.html !== html) encoded = { html, page: encodePage({ html, status: 200 }) };
  return encoded.page;
}

function mountFiles<E extends Env>(app: Hono<E>, root: string) {
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", async (c, next) => {
    if (c.req.path === "/" || c.req.path === "/index.html") return next();
    return serveStatic({
      root,
      precompressed: true,
      onFound: (_path, ctx) => {
        ctx.header("Cache-Control", "public, max-age=3600");
      },
    })(c, next);
  });
}
