// robots.txt and the sitemap protocol's XML (https://www.sitemaps.org/protocol.html), written as
// the rows arrive so a large site's file is never held whole in memory.

export type SitemapUrl = { loc: string; lastmod?: Date };

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch,
  );

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export async function* urlSet(urls: AsyncIterable<SitemapUrl>): AsyncGenerator<string> {
  yield `${HEAD}<urlset ${NS}>\n`;
  for await (const url of urls) {
    const lastmod = url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : "";
    yield `<url><loc>${escapeXml(url.loc)}</loc>${lastmod}</url>\n`;
  }
  yield "</urlset>\n";
}

export async function* sitemapIndex(sitemaps: AsyncIterable<string>): AsyncGenerator<string> {
  yield `${HEAD}<sitemapindex ${NS}>\n`;
  for await (const loc of sitemaps) yield `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`;
  yield "</sitemapindex>\n";
}

/**
 * The public pages are open to crawlers; the signed-in areas, the sign-in steps and personal links
 * (invitations, unsubscribe, short links) and the API are not, except the images link previews
 * show (share images and stored covers and logos), which preview bots fetch under these rules.
 */
export function robotsTxt(sitemapUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/events/*/share.png",
    "Allow: /api/storage/",
    "Disallow: /api/",
    "Disallow: /dashboard",
    "Disallow: /event/",
    "Disallow: /me",
    "Disallow: /welcome",
    "Disallow: /community-selection",
    "Disallow: /create-community",
    "Disallow: /signed-in",
    "Disallow: /otp",
    "Disallow: /two-factor",
    "Disallow: /invitation/",
    "Disallow: /unsubscribe/",
    "Disallow: /unfollow/",
    "Disallow: /r/",
    "",
    `Sitemap: ${sitemapUrl}`,
    "",
  ].join("\n");
}
