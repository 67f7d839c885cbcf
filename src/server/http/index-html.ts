import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { processLog } from "#server/observability/logger.ts";

const cache = new Map<string, { mtimeMs: number; html: string }>();

/**
 * The built client's index.html, read from disk once per build instead of once per request: a
 * stat tells whether a new build replaced it. `null` while the client is not built.
 */
export async function readIndexHtml(distDir: string): Promise<string | null> {
  const file = path.join(distDir, "index.html");
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.html;
  const html = await readFile(file, "utf8");
  cache.set(file, { mtimeMs, html });
  return html;
}

/** The built client's index.html read now, at the server's start; `null` while the client is not built. */
export function readIndexHtmlNow(distDir: string): string | null {
  try {
    return readFileSync(path.join(distDir, "index.html"), "utf8");
  } catch {
    return null;
  }
}

/** What the client's server entry (src/client/entry-server.tsx, built to dist/server) renders. */
type RenderedPage = { status: number; appHtml: string; data: string };
type RenderPage = (url: string) => Promise<RenderedPage>;
type RendererModule = { createPageRenderer: (graphql: (body: string) => Promise<Response>) => RenderPage };

export type PageRenderer = {
  /**
   * `template` (index.html with the page's link-preview tags) with the page at `url` rendered in
   * it as a signed-out visitor sees it, and the data it was made from; the template alone (the
   * app then renders in the browser, as everywhere else) while the renderer is not built.
   */
  render(template: string, url: string): Promise<{ html: string; status: number }>;
};

const SERVER_DATA_ID = "commons-server-data";
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The server's renderer of the public pages (decision 034). It is the client's own code, built by
 * Vite beside the client, so the server loads it from the build by its path and never imports the
 * client's sources. `graphql` answers its queries in this process, as a signed-out visitor.
 */
export function createPageRenderer(options: {
  distDir: string;
  graphql: (
    body: string,
  ) =>
    | { status: number; headers: Record<string, string>; body: string }
    | Promise<{ status: number; headers: Record<string, string>; body: string }>;
}): PageRenderer {
  const file = path.join(options.distDir, "..", "server", "entry-server.js");
  let loaded: Promise<RenderPage> | undefined;
  const transport = async (body: string) => {
    const answer = await options.graphql(body);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  // Loaded once per process under its plain address: its chunks import it back by that address,
  // and any other (a cache-busting query) would make a second copy without the transport.
  function renderer(): Promise<RenderPage> | null {
    if (!loaded) {
      if (!existsSync(file)) return null;
      loaded = (import(pathToFileURL(file).href) as Promise<RendererModule>).then((module) =>
        module.createPageRenderer(transport),
      );
    }
    return loaded;
  }
  return {
    async render(template, url) {
      const render = renderer();
      if (!render || !template.includes(EMPTY_ROOT)) return { html: template, status: 200 };
      let page: RenderedPage;
      try {
        page = await (await render)(url);
      } catch (error) {
        // A page that cannot be rendered here is still the app's: the browser renders it, as before.
        processLog().error(
          { err: error, path: url.split("?")[0] },
          "could not render a public page on the server",
        );
        return { html: template, status: 200 };
      }
      const html = template.replace(
        EMPTY_ROOT,
        () =>
          `<div id="root">${page.appHtml}</div>` +
          `<script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>`,
      );
      return { html, status: page.status };
    },
  };
}
