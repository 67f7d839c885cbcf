import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketType } from "#server/db/schema.ts";
import { createEvent } from "#server/modules/events/events-test-support.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { mountSeoRoutes } from "./seo-routes.ts";

let t: TestServer;
let owner: TestBrowser;
let slug: string;
let privateSlug: string;
const ids: Record<string, string> = {};

const PRIVATE_SECRET = "Our secret garden party";
const SCRIPT_TITLE = "Party </script><script>alert(1)</script> & <b>more</b>";

beforeAll(async () => {
  t = await startTestServer();
  const distDir = path.join(t.config.dataDir, "no-client");
  mkdirSync(distDir, { recursive: true });
  writeFileSync(
    path.join(distDir, "index.html"),
    '<!doctype html><html><head><meta charset="utf-8"><meta name="description" content="Commons: run your community."><title>Commons</title></head><body><div id="root"></div></body></html>',
  );
  const open = await communityWithOwner(t);
  owner = open.owner;
  slug = open.slug;
  const branded = await owner.graphql(
    'mutation ($id: ID!) { updateCommunity(id: $id, input: { brandColor: "#fde047" }) { id } }',
    { id: open.communityId },
  );
  expect(branded.errors).toBeUndefined();
  const event = (name: string, overrides: Record<string, unknown> = {}, publish = true) =>
    createEvent(owner, open.communityId, { title: name, ...overrides }, publish).then((e) => {
      ids[name] = e.id;
    });
  await event("Free meetup", {
    timeZone: "America/New_York",
    startsAtLocal: "2030-03-10T19:00",
    endsAtLocal: "2030-03-10T22:00",
    venueName: "Hilltop",
    venueAddress: "1 Ridge Rd, Beacon",
  });
  await event("Paid workshop");
  await event("Online talk", {
    venueName: null,
    venueAddress: null,
    onlineUrl: "https://meet.example/secret-room",
  });
  await event(SCRIPT_TITLE);
  await event("Unlisted dinner", { visibility: "UNLISTED" });
  await event("Members evening", { visibility: "MEMBERS" });
  await event("Draft idea", {}, false);
  await event("Called off");
  const canceled = await owner.graphql("mutation ($id: ID!) { cancelEvent(id: $id) { id } }", {
    id: ids["Called off"],
  });
  expect(canceled.errors).toBeUndefined();
  await t.server.database.db
    .update(ticketType)
    .set({ priceMinor: 1500 })
    .where(eq(ticketType.eventId, ids["Paid workshop"] as string));

  const hidden = await communityWithOwner(t, { visibility: "PRIVATE" });
  privateSlug = hidden.slug;
  const described = await hidden.owner.graphql(
    "mutation ($id: ID!, $d: String) { updateCommunity(id: $id, input: { description: $d }) { id } }",
    { id: hidden.communityId, d: `${PRIVATE_SECRET}, every week.` },
  );
  expect(described.errors).toBeUndefined();
  const hiddenEvent = await createEvent(hidden.owner, hidden.communityId, {
    title: PRIVATE_SECRET,
    description: "Bring the password.",
  });
  ids.private = hiddenEvent.id;
});
afterAll(() => t.close());

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));

/** Every URL the sitemap lists, following its index; the files are fetched from `fetch`. */
async function sitemapUrls(fetch: (pathname: string) => Promise<Response>) {
  const index = await fetch("/sitemap.xml");
  expect(index.status).toBe(200);
  expect(index.headers.get("content-type")).toContain("application/xml");
  expect(index.headers.get("cache-control")).toContain("public");
  const files = locs(await index.text());
  const urls: string[] = [];
  for (const file of files) {
    const response = await fetch(new URL(file).pathname + new URL(file).search);
    expect(response.status).toBe(200);
    urls.push(...locs(await response.text()));
  }
  return { files, urls };
}

function jsonLd(html: string) {
  const found = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return found ? (JSON.parse(found[1] ?? "") as Record<string, unknown>) : null;
}

const page = async (pathname: string) => {
  const response = await t.browser().fetch(pathname);
  expect(response.status).toBe(200);
  return response.text();
};

describe("robots.txt and the sitemap", () => {
  it("keeps crawlers out of the signed-in areas and names the sitemap", async () => {
    const response = await t.browser().fetch("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const path of ["/dashboard", "/api/", "/me", "/event/"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain("Allow: /api/events/*/share.png");
    expect(text).not.toMatch(/Disallow: \/(c|e)\//);
    expect(text).toContain(`Sitemap: ${t.url}/sitemap.xml`);
  });

  it("lists public communities and their published public events, nothing else a stranger may not see", async () => {
    const { urls } = await sitemapUrls((p) => t.browser().fetch(p));
    const at = (p: string) => `${t.url}${p}`;
    expect(urls).toContain(at(`/c/${slug}`));
    for (const name of ["Free meetup", "Paid workshop", "Online talk", SCRIPT_TITLE])
      expect(urls).toContain(at(`/e/${ids[name]}`));
    expect(urls).not.toContain(at(`/c/${privateSlug}`));
    for (const name of ["Unlisted dinner", "Members evening", "Draft idea", "Called off", "private"])
      expect(urls).not.toContain(at(`/e/${ids[name]}`));
    const events = await (await t.browser().fetch("/sitemaps/events.xml")).text();
    expect(events).toMatch(
      new RegExp(
        `<loc>${at(`/e/${ids["Free meetup"]}`)}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod>`,
      ),
    );
  });

  it("splits a long list into files that start where the previous one ended", async () => {
    const app = new Hono();
    mountSeoRoutes(app, { appUrl: t.url, db: t.server.database.db, sitemapPageSize: 2 });
    const paged = await sitemapUrls(async (p) => app.request(p));
    const whole = await sitemapUrls((p) => t.browser().fetch(p));
    expect(paged.files.length).toBeGreaterThanOrEqual(3);
    expect(paged.files.some((file) => file.includes("/sitemaps/events.xml?after="))).toBe(true);
    expect([...paged.urls].sort()).toEqual([...whole.urls].sort());
    expect(new Set(paged.urls).size).toBe(paged.urls.length);
    expect((await app.request("/sitemaps/events.xml?after=';drop")).status).toBe(400);
  });
});

describe("the event page's head", () => {
  it("gives a free event its canonical URL, card tags and schema.org Event with a zero price", async () => {
    const id = ids["Free meetup"] as string;
    const html = await page(`/e/${id}`);
    const url = `${t.url}/e/${id}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain('<meta property="og:type" content="event">');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(/<meta property="og:image:alt" content="Free meetup, Sun, Mar 10, 2030, 7:00/);
    expect(html).not.toContain('name="robots"');
    const data = jsonLd(html);
    const image = `${t.url}/api/events/${id}/share.png`;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Free meetup",
      startDate: "2030-03-10T19:00:00-04:00",
      endDate: "2030-03-10T22:00:00-04:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Hilltop",
        address: { "@type": "PostalAddress", streetAddress: "1 Ridge Rd, Beacon" },
      },
      url,
      organizer: { "@type": "Organization", name: `Community ${slug}`, url: `${t.url}/c/${slug}` },
      offers: [
        {
          "@type": "Offer",
          price: "0",
          priceCurrency: "EUR",
          availability: "https://schema.org/InStock",
          url,
        },
      ],
    });
    expect((data?.image as string[] | undefined)?.[0]).toMatch(new RegExp(`^${image}\\?v=`));
  });

  it("gives a paid event its price and currency", async () => {
    const data = jsonLd(await page(`/e/${ids["Paid workshop"]}`));
    expect(data?.offers).toEqual([
      expect.objectContaining({ name: "General", price: "15.00", priceCurrency: "EUR" }),
    ]);
  });

  it("keeps an online event's link out and points its virtual location at the page", async () => {
    const id = ids["Online talk"] as string;
    const html = await page(`/e/${id}`);
    expect(html).not.toContain("secret-room");
    expect(jsonLd(html)).toMatchObject({
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: `${t.url}/e/${id}` },
    });
  });

  it("writes a title holding </script> so it cannot end the structured data", async () => {
    const html = await page(`/e/${ids[SCRIPT_TITLE]}`);
    expect(html).not.toContain("<script>alert(1)");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLd(html)?.name).toBe(SCRIPT_TITLE);
    expect(html).toContain('content="Party &lt;/script&gt;&lt;script&gt;alert(1)');
  });

  it("marks a canceled event so and keeps an unlisted one out of search engines", async () => {
    expect(jsonLd(await page(`/e/${ids["Called off"]}`))?.eventStatus).toBe(
      "https://schema.org/EventCancelled",
    );
    const unlisted = await page(`/e/${ids["Unlisted dinner"]}`);
    expect(unlisted).toContain('<meta name="robots" content="noindex">');
    expect(unlisted).toContain('<meta property="og:title" content="Unlisted dinner">');
    expect(jsonLd(unlisted)).toBeNull();
  });
});

describe("a private community", () => {
  it("shows strangers its name only, on its page and its event's, with no structured data", async () => {
    const community = await page(`/c/${privateSlug}`);
    expect(community).toContain(`<meta property="og:title" content="Community ${privateSlug}">`);
    expect(community).toContain('<meta name="robots" content="noindex">');
    expect(community).toContain(`<link rel="canonical" href="${t.url}/c/${privateSlug}">`);
    expect(community).not.toContain(PRIVATE_SECRET);
    const event = await page(`/e/${ids.private}`);
    expect(event).toContain(`<meta property="og:title" content="Community ${privateSlug}">`);
    expect(event).toContain('<meta name="robots" content="noindex">');
    expect(event).not.toContain(PRIVATE_SECRET);
    expect(event).not.toContain("password");
    expect(event).not.toContain("share.png");
    expect(jsonLd(event)).toBeNull();
    expect((await t.browser().fetch(`/api/events/${ids.private}/share.png`)).status).toBe(404);
  });
});

describe("the share image", () => {
  it("is a 1200x630 PNG at the page's og:image, named by an ETag a browser can revalidate", async () => {
    const html = await page(`/e/${ids["Free meetup"]}`);
    const image = new URL(/<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? "");
    expect(image.pathname).toBe(`/api/events/${ids["Free meetup"]}/share.png`);
    const response = await t.browser().fetch(image.pathname + image.search);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("public");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    const etag = response.headers.get("etag") as string;
    expect(etag).toBe(`"${image.searchParams.get("v")}"`);
    const again = await t.browser().fetch(`/api/events/${ids["Free meetup"]}/share.png`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("draws the community's logo on its brand colour, and a new logo makes a new image", async () => {
    const setup = await communityWithOwner(t);
    const saved = await setup.owner.graphql(
      'mutation ($id: ID!) { updateCommunity(id: $id, input: { brandColor: "#1e3a8a" }) { id } }',
      { id: setup.communityId },
    );
    expect(saved.errors).toBeUndefined();
    const event = await createEvent(setup.owner, setup.communityId, { title: "Logo night" });
    const imageOf = async () => {
      const response = await t.browser().fetch(`/api/events/${event.id}/share.png`);
      expect(response.status).toBe(200);
      const pixels = await sharp(Buffer.from(await response.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => {
        const i = (y * pixels.info.width + x) * pixels.info.channels;
        return [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]];
      };
      return { etag: response.headers.get("etag"), logo: at(124, 108), background: at(600, 20) };
    };
    const before = await imageOf();
    expect(before.background).toEqual([0x1e, 0x3a, 0x8a]);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const path = `${setup.communityId}/logo.png`;
    const uploaded = await setup.owner.fetch(
      `/api/storage/v0/b/community-assets/o?name=${encodeURIComponent(path)}`,
      { method: "POST", body: form },
    );
    expect(uploaded.status).toBe(200);
    const withLogo = await setup.owner.graphql(
      "mutation ($id: ID!, $p: String) { updateCommunity(id: $id, input: { logoPath: $p }) { id } }",
      { id: setup.communityId, p: path },
    );
    expect(withLogo.errors).toBeUndefined();
    const after = await imageOf();
    expect(after.etag).not.toBe(before.etag);
    expect(after.logo).toEqual([255, 0, 0]);
  });

  it("draws a title full of markup, and unlisted events have one too", async () => {
    for (const name of [SCRIPT_TITLE, "Unlisted dinner", "Called off"]) {
      const response = await t.browser().fetch(`/api/events/${ids[name]}/share.png`);
      expect(response.status, name).toBe(200);
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(1200);
    }
  });

  it("answers 404 for members-only events, drafts and unknown ids", async () => {
    for (const id of [
      ids["Members evening"],
      ids["Draft idea"],
      "00000000-0000-4000-8000-000000000000",
      "nope",
    ]) {
      expect((await t.browser().fetch(`/api/events/${id}/share.png`)).status).toBe(404);
    }
    expect((await owner.fetch(`/api/events/${ids["Members evening"]}/share.png`)).status).toBe(404);
  });
});
