import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEvent, registerFor } from "#server/modules/events/events-test-support.ts";
import { communityWithOwner, join, person } from "#server/modules/membership/membership-test-support.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import { inlineScriptHashes } from "./security.ts";

// The public pages rendered on the server (decision 034), with the real build: the client and the
// server's renderer that Vite makes beside it.

const distDir = path.resolve("dist/client");
let t: TestServer;

beforeAll(async () => {
  const built = ["client/index.html", "server/entry-server.js"].every((file) =>
    existsSync(path.resolve("dist", file)),
  );
  if (!built) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  t = await startTestServer({ distDir });
  // The renderer loads with the first page; a kept page lives a second from when its read began.
  const { slug } = await communityWithOwner(t);
  expect((await t.browser().fetch(`/c/${slug}`)).status).toBe(200);
}, 240_000);
afterAll(() => t?.close());
// A kept page lives a second by the server's clock: held, a loaded machine's slow render does not
// outlast it between two reads the tests expect to share it.
beforeEach(() => t.clock.hold());
afterEach(() => t.clock.release());

/**
 * A read that starts within a second of a change is not kept (decision 010): the tests let that
 * second pass on the server's clock before the reads they expect to be kept and shared.
 */
const settle = () => t.clock.advance(1_001);

/** The app's HTML inside #root, as the server rendered it. */
const rendered = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];

describe("/e/{id} rendered on the server", () => {
  it("renders the event, keeps one HTML for everyone, and makes it again after a change", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const event = await createEvent(owner, communityId, { title: "Lanterns on the pier", capacity: 20 });
    const guest = await person(t, "guest", "Grace Guestname");
    settle();

    const first = await t.browser().fetch(`/e/${event.id}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(rendered(html)).toContain("Lanterns on the pier");
    expect(rendered(html)).toContain("20 spots left");
    expect(html).toContain('<script type="application/json" id="commons-server-data">');
    // One inline script, index.html's theme setter, which the Content-Security-Policy allows by
    // its hash alone: nothing a page shows can add one that runs (data blocks are never run).
    const inline = html.match(
      /<script(?![^>]*(type="application\/(ld\+)?json"|src=))[^>]*>[\s\S]*?<\/script>/g,
    );
    expect(inline).toHaveLength(1);
    expect(inline?.[0]).toContain("vite-ui-theme");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(inlineScriptHashes(inline?.[0] ?? "")[0]);

    // A signed-in guest gets the very page kept for everyone: their own state comes later.
    expect(await (await guest.browser.fetch(`/e/${event.id}`)).text()).toBe(html);
    expect((await registerFor(guest.browser, event.id)).errors).toBeUndefined();
    settle();
    const signedOut = await (await t.browser().fetch(`/e/${event.id}`)).text();
    expect(rendered(signedOut)).toContain("19 spots left");
    const signedIn = await (await guest.browser.fetch(`/e/${event.id}`)).text();
    expect(signedIn).toBe(signedOut);
    // The guest list names her to everyone; her own state is not in the page.
    expect(rendered(signedIn)).toContain("Grace Guestname");
    expect(signedIn).not.toContain("You're going");
    expect(signedIn).not.toContain("You're registered");
    expect(signedIn).not.toContain(guest.email);
  });

  it("never keeps what a signed-in viewer would see, even when they ask first", async () => {
    const { owner, ownerUser, communityId } = await communityWithOwner(t);
    const event = await createEvent(owner, communityId, { title: "Tide pools at dawn" });
    settle();
    const forOwner = await owner.fetch(`/e/${event.id}`);
    expect(forOwner.status).toBe(200);
    const ownerHtml = await forOwner.text();
    expect(rendered(ownerHtml)).toContain("Tide pools at dawn");
    expect(ownerHtml).not.toContain(ownerUser.email);
    // Managing the event is the owner's own state: the page kept for all offers none of it.
    expect(rendered(ownerHtml)).not.toMatch(/Manage event|Edit event/);
    expect(await (await t.browser().fetch(`/e/${event.id}`)).text()).toBe(ownerHtml);
  });

  it("keeps the status codes: 404 unknown or unseen, 200 with the gate for members only", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    expect((await t.browser().fetch("/e/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const draft = await createEvent(owner, communityId, { title: "Secret draft" }, false);
    const draftPage = await t.browser().fetch(`/e/${draft.id}`);
    expect(draftPage.status).toBe(404);
    expect(await draftPage.text()).not.toContain("Secret draft");
    // Its organizer still gets the page, made in the browser as before.
    expect((await owner.fetch(`/e/${draft.id}`)).status).toBe(200);

    const membersOnly = await createEvent(owner, communityId, {
      title: "Members' supper",
      visibility: "MEMBERS",
    });
    const gated = await t.browser().fetch(`/e/${membersOnly.id}`);
    expect(gated.status).toBe(200);
    const gatedHtml = await gated.text();
    expect(rendered(gatedHtml)).toContain("This event is for members");
    expect(gatedHtml).not.toContain("Members&#x27; supper");
    expect(gatedHtml).not.toContain("Members' supper");

    // A signed-in viewer, a member or not, is not handed the stranger's gate to hydrate: the
    // browser renders what they may see.
    const member = await person(t, "member", "Milo Member");
    expect((await join(member.browser, communityId)).errors).toBeUndefined();
    for (const viewer of [member.browser, owner]) {
      const page = await viewer.fetch(`/e/${membersOnly.id}`);
      expect(page.status).toBe(200);
      expect(rendered(await page.text())).toBeUndefined();
    }
  });

  it("leaves a buyer's return from checkout to the browser, which shows it from the address", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const event = await createEvent(owner, communityId, { title: "Paid supper" });
    settle();
    expect(rendered(await (await t.browser().fetch(`/e/${event.id}`)).text())).toContain("Paid supper");
    const back = await t.browser().fetch(`/e/${event.id}?checkout=paid&order=abc`);
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(rendered(html)).toBeUndefined();
    expect(html).toContain("Paid supper");
  });
});

describe("the public pages' bytes", () => {
  /** A GET as a browser sends it, read as the raw bytes that came over the wire. */
  const rawGet = (pathname: string, acceptEncoding: string | null) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = {
        accept: "text/html",
        ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
      };
      get(`${t.url}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      }).on("error", reject);
    });

  it("come compressed as the browser accepts, made and kept alike", async () => {
    const { owner, communityId, slug } = await communityWithOwner(t);
    const event = await createEvent(owner, communityId, { title: "Kites over the dunes" });
    settle();
    for (const pathname of [`/e/${event.id}`, `/c/${slug}`]) {
      // The first is made by the app, the others come from memory: every way answers alike.
      const brotli = await rawGet(pathname, "gzip, deflate, br, zstd");
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(brotli.body).toString();
      expect(html).toContain(pathname.startsWith("/e/") ? "Kites over the dunes" : '<div id="root"><');

      const gzipped = await rawGet(pathname, "gzip;q=1, br;q=0");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzipped.body).toString()).toBe(html);

      const plain = await rawGet(pathname, null);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(html);
      expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
      // Compressed, the page is a small part of its size.
      expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
    }
    // The app's other screens (here /login) come compressed too.
    const login = await rawGet("/login", "gzip, deflate, br");
    expect(login.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(login.body).toString()).toContain('<div id="root"></div>');
  });
});

describe("/c/{slug} rendered on the server", () => {
  it("renders the community for everyone alike and makes it again when its events or members change", async () => {
    const { owner, communityId, slug } = await communityWithOwner(t);
    settle();
    const first = await t.browser().fetch(`/c/${slug}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(rendered(html)).toContain(`Community ${slug}`);
    expect(await (await t.browser().fetch(`/c/${slug}`)).text()).toBe(html);

    await createEvent(owner, communityId, { title: "Harbour swim" });
    settle();
    const withEvent = await (await t.browser().fetch(`/c/${slug}`)).text();
    expect(rendered(withEvent)).toContain("Harbour swim");

    const member = await person(t, "member", "Mona Membername");
    expect((await join(member.browser, communityId)).errors).toBeUndefined();
    settle();
    const afterJoin = await (await t.browser().fetch(`/c/${slug}`)).text();
    expect(rendered(afterJoin)).toContain("2 members");
    const forMember = await (await member.browser.fetch(`/c/${slug}`)).text();
    expect(forMember).toBe(afterJoin);
    expect(forMember).not.toContain("Mona Membername");
    expect(forMember).not.toContain(member.email);

    expect((await t.browser().fetch("/c/no-such-community-anywhere")).status).toBe(404);

    // Back from a plan's checkout (or sent to pay for one), the browser renders the page from its address.
    for (const query of ["membership=paid", "plan=monthly"]) {
      const back = await t.browser().fetch(`/c/${slug}?${query}`);
      expect(back.status).toBe(200);
      const backHtml = await back.text();
      expect(rendered(backHtml)).toBeUndefined();
      expect(backHtml).toContain(`Community ${slug}`);
    }
  });

  it("shows a stranger only a private community's name", async () => {
    const { owner, communityId, slug } = await communityWithOwner(t, { visibility: "PRIVATE" });
    await createEvent(owner, communityId, { title: "Closed-door meeting", visibility: "MEMBERS" });
    const page = await t.browser().fetch(`/c/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(rendered(html)).toContain(`Community ${slug}`);
    expect(html).not.toContain("Closed-door meeting");
  });
});
