import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  const distDir = path.join(t.config.dataDir, "no-client");
  mkdirSync(distDir, { recursive: true });
  writeFileSync(
    path.join(distDir, "index.html"),
    '<!doctype html><html><head><meta charset="utf-8"><meta name="description" content="Commons: run your community."><title>Commons</title></head><body><div id="root"></div></body></html>',
  );
});
afterAll(() => t.close());

async function describeCommunity(setup: Awaited<ReturnType<typeof communityWithOwner>>, description: string) {
  const saved = await setup.owner.graphql(
    "mutation ($id: ID!, $d: String) { updateCommunity(id: $id, input: { description: $d }) { id } }",
    { id: setup.communityId, d: description },
  );
  expect(saved.errors).toBeUndefined();
}

describe("/c/{slug}", () => {
  it("puts the community's Open Graph tags into a public community's page", async () => {
    const setup = await communityWithOwner(t);
    await describeCommunity(setup, "Walks & **talks** every <week>.");
    const response = await t.browser().fetch(`/c/${setup.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta property="og:title" content="Community ${setup.slug}">`);
    expect(html).toContain('<meta property="og:description" content="Walks &amp; talks every .">');
    expect(html).toContain(`<meta property="og:url" content="${t.url}/c/${setup.slug}">`);
    expect(html).toContain(`<title>Community ${setup.slug} · Commons</title>`);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it("keeps a private community's description out of its preview", async () => {
    const setup = await communityWithOwner(t, { visibility: "PRIVATE" });
    await describeCommunity(setup, "Our secret plans");
    const html = await (await t.browser().fetch(`/c/${setup.slug}`)).text();
    expect(html).toContain(`<meta property="og:title" content="Community ${setup.slug}">`);
    expect(html).toContain(
      `<meta property="og:description" content="Join Community ${setup.slug} on Commons.">`,
    );
    expect(html).not.toContain("secret plans");
  });

  it("answers 404 with the app, which shows Not Found, for an unknown slug", async () => {
    const response = await t.browser().fetch("/c/no-such-community");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("og:title");
  });
});
