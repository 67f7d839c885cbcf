import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFromDatabase } from "#server/http/session-cookies.ts";
import { session } from "#server/modules/auth/auth.tables.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { SESSION_CACHE_SECONDS } from "./session-revocation.service.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

type Listed = {
  id: string;
  device: string;
  browser: string;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

async function signInWith(browser: TestBrowser, email: string, userAgent: string) {
  const before = t.smtp.mails.length;
  await browser.sendCode(email);
  const code = await t.smtp.codeFor(email, before);
  const verified = await browser.post(
    "/api/auth/sign-in/email-otp",
    { email, otp: code },
    { "user-agent": userAgent },
  );
  expect(verified.status).toBe(200);
}

/** One person signed in on a laptop (Chrome on a Mac) and a phone (Safari on an iPhone). */
async function laptopAndPhone(label: string) {
  const email = uniqueEmail(label);
  const laptop = t.browser();
  const phone = t.browser();
  await signInWith(laptop, email, MAC_CHROME);
  await signInWith(phone, email, IPHONE_SAFARI);
  return { email, laptop, phone };
}

async function sessionsOf(browser: TestBrowser): Promise<Listed[]> {
  const response = await browser.fetch("/api/auth/list-sessions");
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: Listed[] }).sessions;
}

const signedIn = async (browser: TestBrowser) =>
  Boolean(await (await browser.fetch("/api/auth/get-session")).json()) &&
  (await browser.graphql<{ viewer: { id: string } | null }>("{ viewer { id } }")).data?.viewer != null;

describe("the sessions list on /me", () => {
  it("shows each browser's device, browser, address and times, and marks this one", async () => {
    const { laptop, phone } = await laptopAndPhone("devices");

    const response = await laptop.fetch("/api/auth/list-sessions");
    const text = await response.text();
    const sessions = (JSON.parse(text) as { sessions: Listed[] }).sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      browser: "Chrome 142",
      device: expect.stringContaining("macOS"),
      ipAddress: laptop.address,
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      browser: "Safari 18",
      device: "Apple iPhone · iOS 18.1",
      ipAddress: phone.address,
      current: false,
    });
    // Tokens stay on the server: the list names sessions by id only.
    const token =
      decodeURIComponent(phone.cookies.get("better-auth.session_token") ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);

    // Last seen follows use, a few minutes at a time.
    const firstSeen = sessions[1]?.lastSeenAt as string;
    t.clock.advance(10 * 60_000);
    await phone.fetch("/api/auth/get-session");
    const later = (await sessionsOf(laptop)).find((one) => !one.current);
    expect(new Date(later?.lastSeenAt as string).getTime()).toBeGreaterThan(new Date(firstSeen).getTime());
  });

  it("signs one browser out at once, even while its cookie cache is fresh", async () => {
    const { laptop, phone } = await laptopAndPhone("revoke");
    expect(await signedIn(phone)).toBe(true);

    const other = (await sessionsOf(laptop)).find((one) => !one.current) as Listed;
    expect((await laptop.post("/api/auth/revoke-session", { id: other.id })).status).toBe(200);
    expect(phone.cookies.has("better-auth.session_data")).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await sessionsOf(laptop)).map((one) => one.current)).toEqual([true]);

    // Its own session is ended with Sign out; someone else's is not found.
    const [own] = await sessionsOf(laptop);
    const refused = await laptop.post("/api/auth/revoke-session", { id: own?.id });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "CURRENT_SESSION" });
    const stranger = t.browser();
    await stranger.signIn(uniqueEmail("stranger"));
    const foreign = await stranger.post("/api/auth/revoke-session", { id: own?.id });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(await signedIn(laptop)).toBe(true);
  });

  it("signs out everywhere else and keeps this browser signed in", async () => {
    const { email, laptop, phone } = await laptopAndPhone("elsewhere");
    const tablet = t.browser();
    await tablet.signIn(email);
    expect(await sessionsOf(laptop)).toHaveLength(3);

    const answer = await laptop.post("/api/auth/revoke-other-sessions", {});
    expect(await answer.json()).toMatchObject({ count: 2 });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect(await sessionsOf(laptop)).toHaveLength(1);
  });

  it("answers nothing to a signed-out visitor", async () => {
    const response = await t.browser().fetch("/api/auth/list-sessions");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("a browser whose signed copy of the session ran out", () => {
  const viewerOf = async (browser: TestBrowser) =>
    (await browser.graphql<{ viewer: { id: string } | null }>("{ viewer { id } }")).data?.viewer ?? null;

  it("is read from the database once a copy's life, and stopped at once when its session is ended elsewhere", async () => {
    const { email, laptop, phone } = await laptopAndPhone("copyless");

    // A browser drops the copy when its time is up; better-auth then reads the database, and
    // says so by writing a fresh copy.
    const copy = phone.cookies.get("better-auth.session_data");
    phone.cookies.delete("better-auth.session_data");
    const token = `better-auth.session_token=${phone.cookies.get("better-auth.session_token")}`;
    const fromDatabase = await fetch(new URL("/api/auth/get-session", t.url), { headers: { cookie: token } });
    expect(readFromDatabase(fromDatabase.headers)).toBe(true);
    const fromCopy = await fetch(new URL("/api/auth/get-session", t.url), {
      headers: { cookie: `${token}; better-auth.session_data=${copy}` },
    });
    expect(readFromDatabase(fromCopy.headers)).toBe(false);

    // Read once, the session is kept for a copy's life: a row deleted behind the app's back (not
    // through sign-out or better-auth) is noticed when that time is up, as with the copy itself.
    expect(await viewerOf(phone)).not.toBeNull();
    const other = (await sessionsOf(laptop)).find((one) => !one.current) as Listed;
    await t.server.database.db.delete(session).where(eq(session.id, other.id));
    t.clock.advance(10_000);
    expect(await viewerOf(phone)).not.toBeNull();
    t.clock.advance(SESSION_CACHE_SECONDS * 1000 - 9_000);
    expect(await viewerOf(phone)).toBeNull();

    // Sign-out elsewhere stops such a browser at once.
    const tablet = t.browser();
    await signInWith(tablet, email, IPHONE_SAFARI);
    tablet.cookies.delete("better-auth.session_data");
    expect(await viewerOf(tablet)).not.toBeNull();
    const third = (await sessionsOf(laptop)).find((one) => !one.current) as Listed;
    expect((await laptop.post("/api/auth/revoke-session", { id: third.id })).status).toBe(200);
    expect(await viewerOf(tablet)).toBeNull();
  });
});
