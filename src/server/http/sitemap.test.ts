import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndex, urlSet } from "./sitemap.ts";

async function text(parts: AsyncIterable<string>) {
  let out = "";
  for await (const part of parts) out += part;
  return out;
}

async function* of<T>(...items: T[]) {
  yield* items;
}

describe("sitemap files", () => {
  it("writes each URL escaped, with its last change in UTC", async () => {
    const xml = await text(
      urlSet(
        of(
          { loc: "https://commons.example/c/owls" },
          { loc: "https://commons.example/e/1?a=1&b=<2>", lastmod: new Date("2030-01-02T03:04:05Z") },
        ),
      ),
    );
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://commons.example/c/owls</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://commons.example/e/1?a=1&amp;b=&lt;2&gt;</loc><lastmod>2030-01-02T03:04:05.000Z</lastmod></url>",
    );
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("lists the pages of an index", async () => {
    const xml = await text(sitemapIndex(of("https://commons.example/sitemaps/events.xml?after=a&b")));
    expect(xml).toContain(
      "<sitemap><loc>https://commons.example/sitemaps/events.xml?after=a&amp;b</loc></sitemap>",
    );
  });
});

describe("robots.txt", () => {
  it("opens the public pages and preview images, closes the signed-in areas and names the sitemap", () => {
    const lines = robotsTxt("https://commons.example/sitemap.xml").split("\n");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Allow: /api/events/*/share.png");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).not.toContain("Disallow: /login");
    expect(lines.at(-2)).toBe("Sitemap: https://commons.example/sitemap.xml");
  });
});
