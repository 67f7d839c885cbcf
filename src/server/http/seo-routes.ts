import type { Env, Hono } from "hono";
import type { Db } from "#server/db/client.ts";
import { publicCommunitySlugs } from "#server/modules/communities/public-communities.service.ts";
import { sharedEvent, sitemapEvents } from "#server/modules/events/event-sharing.service.ts";
import { createShareImages, logoDataUri, shareCardOf, shareImageVersion } from "./share-image.ts";
import { robotsTxt, type SitemapUrl, sitemapIndex, urlSet } from "./sitemap.ts";

type Options = {
  appUrl: string;
  db: Db;
  /** URLs per sitemap file: the protocol's limit unless a test wants several files. */
  sitemapPageSize?: number;
  /** Rendered share images kept in memory. */
  shareImageBytes?: number;
};

const SITEMAP_LIMIT = 50_000;
/** Rows read per statement while a sitemap file is streamed. */
const CHUNK = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const LOGO_MAX_BYTES = 5 * 1024 * 1024;

const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

/**
 * `/robots.txt`, `/sitemap.xml` (an index of `/sitemaps/communities.xml` and `/sitemaps/events.xml`
 * pages, each up to 50,000 URLs, read by keyset) and `/api/events/:id/share.png` (decision 035).
 * What they list or show is what a signed-out visitor may see, decided by the modules' services.
 */
export function mountSeoRoutes<E extends Env>(app: Hono<E>, options: Options) {
  const { appUrl, db } = options;
  const pageSize = options.sitemapPageSize ?? SITEMAP_LIMIT;
  const absolute = (pathname: string) => new URL(pathname, appUrl).toString();
  const images = createShareImages({ maxBytes: options.shareImageBytes ?? 32 * 1024 * 1024 });

  app.get("/robots.txt", (c) =>
    c.text(robotsTxt(absolute("/sitemap.xml")), 200, { "Cache-Control": "public, max-age=86400" }),
  );

  // Each list is walked once, reading only its keys a page at a time, to name where each page starts.
  app.get("/sitemap.xml", (c) => {
    async function* pages() {
      for (const [name, keys] of [
        ["communities", (after: string | null) => publicCommunitySlugs(db, after, pageSize)],
        ["events", (after: string | null) => sitemapEvents(db, after, pageSize).then(ids)],
      ] as const) {
        let after: string | null = null;
        for (;;) {
          const found: string[] = await keys(after);
          if (found.length === 0 && after !== null) break;
          const query: string = after === null ? "" : `?after=${encodeURIComponent(after)}`;
          yield absolute(`/sitemaps/${name}.xml${query}`);
          if (found.length < pageSize) break;
          after = found.at(-1) ?? null;
        }
      }
    }
    return c.body(streamOf(sitemapIndex(pages())), 200, SITEMAP_HEADERS);
  });

  app.get("/sitemaps/communities.xml", (c) => {
    const after = c.req.query("after") ?? null;
    if (after !== null && !SLUG.test(after)) return c.text("Bad sitemap position.", 400);
    const urls = walk(
      after,
      (from, limit) => publicCommunitySlugs(db, from, limit),
      (slug) => ({
        key: slug,
        url: { loc: absolute(`/c/${slug}`) },
      }),
    );
    return c.body(streamOf(urlSet(urls)), 200, SITEMAP_HEADERS);
  });

  app.get("/sitemaps/events.xml", (c) => {
    const after = c.req.query("after") ?? null;
    if (after !== null && !UUID.test(after)) return c.text("Bad sitemap position.", 400);
    const urls = walk(
      after,
      (from, limit) => sitemapEvents(db, from, limit),
      (row) => ({
        key: row.id,
        url: { loc: absolute(`/e/${row.id}`), lastmod: row.updatedAt },
      }),
    );
    return c.body(streamOf(urlSet(urls)), 200, SITEMAP_HEADERS);
  });

  /** One sitemap page: `pageSize` rows after `after`, read `CHUNK` at a time by keyset. */
  async function* walk<T>(
    after: string | null,
    read: (after: string | null, limit: number) => Promise<T[]>,
    toUrl: (row: T) => { key: string; url: SitemapUrl },
  ): AsyncGenerator<SitemapUrl> {
    let from = after;
    let left = pageSize;
    while (left > 0) {
      const limit = Math.min(CHUNK, left);
      const rows = await read(from, limit);
      for (const row of rows) {
        const { key, url } = toUrl(row);
        from = key;
        yield url;
      }
      left -= rows.length;
      if (rows.length < limit) break;
    }
  }

  // The picture link previews show for an event without a cover. Only events whose preview a
  // signed-out visitor may see have one; the same image for everyone, so shared caches keep it.
  app.get("/api/events/:id/share.png", async (c) => {
    const id = c.req.param("id");
    const event = UUID.test(id) ? await sharedEvent({ db }, id) : null;
    if (!event) return c.json({ code: "NOT_FOUND", message: "No such event." }, 404);
    const etag = `"${shareImageVersion(event)}"`;
    const headers = { "Cache-Control": "public, max-age=3600", ETag: etag };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    const image = await images.get(etag, async () => shareCardOf(event, await logoOf(event.host.logoUrl)));
    // sharp hands back a Buffer over a plain ArrayBuffer: the same bytes, typed as Hono wants them.
    const png = new Uint8Array(image.png.buffer as ArrayBuffer, image.png.byteOffset, image.png.length);
    return c.body(png, 200, { ...headers, "Content-Type": "image/png" });
  });

  /** The community's logo, read from this app's own storage (never fetched from elsewhere). */
  async function logoOf(url: string | null): Promise<string | null> {
    if (!url?.startsWith("/api/storage/")) return null;
    const response = await app.request(url);
    const size = Number(response.headers.get("content-length") ?? "0");
    if (
      !response.ok ||
      !response.headers.get("content-type")?.startsWith("image/") ||
      size > LOGO_MAX_BYTES
    ) {
      await response.body?.cancel();
      return null;
    }
    return logoDataUri(new Uint8Array(await response.arrayBuffer()));
  }
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

function streamOf(parts: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = parts[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
