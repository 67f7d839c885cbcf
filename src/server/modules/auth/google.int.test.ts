import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueEmail } from "#server/test/harness.ts";

const CLIENT_ID = "commons-test.apps.googleusercontent.com";
let provider: OAuth2Server;
let t: TestServer;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  const issuer = provider.issuer.url as string;
  t = await startTestServer({
    overrides: { google: { clientId: CLIENT_ID, clientSecret: "secret", issuer, jwksUrl: `${issuer}/jwks` } },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

/** What Google Identity Services hands the page: a signed ID token for our client. */
const idToken = (claims: Record<string, unknown>) =>
  provider.issuer.buildToken({
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { aud: CLIENT_ID, email_verified: true, ...claims });
    },
  });

const signInWithGoogle = (browser: ReturnType<TestServer["browser"]>, token: string) =>
  browser.post("/api/auth/sign-in/social", { provider: "google", idToken: { token } });

describe("Continue with Google", () => {
  it("tells the page the client id to load Google's button with", async () => {
    const config = await (await t.browser().fetch("/api/config")).json();
    // Outside production the phone is offered too, its codes in the log.
    expect(config).toEqual({ googleClientId: CLIENT_ID, phoneSignIn: true, signInProviders: [] });
  });

  it("signs a new user in from a verified ID token, with the name Google gives", async () => {
    const browser = t.browser();
    const email = uniqueEmail("google");
    const response = await signInWithGoogle(
      browser,
      await idToken({ sub: "g-1", email, name: "Grace Google" }),
    );
    expect(response.status).toBe(200);
    const current = (await (await browser.fetch("/api/auth/get-session")).json()) as {
      user: { email: string; name: string };
    };
    expect(current.user).toMatchObject({ email, name: "Grace Google" });
  });

  it("makes a provider's multi-line, over-long name and script picture safe instead of storing them", async () => {
    const browser = t.browser();
    const email = uniqueEmail("google-odd");
    const name = `Gil\nFrom: admin@example.test\n${"G".repeat(200)}`;
    const token = await idToken({ sub: "g-odd", email, name, picture: "javascript:alert(1)" });
    expect((await signInWithGoogle(browser, token)).status).toBe(200);
    const current = (await (await browser.fetch("/api/auth/get-session")).json()) as {
      user: { name: string; image: string | null };
    };
    expect(current.user.name).toBe(`Gil From: admin@example.test ${"G".repeat(80 - 29)}`);
    expect(current.user.image).toBeNull();
  });

  it("signs into the same account as the email code when the verified email matches", async () => {
    const email = uniqueEmail("both");
    const byCode = await t.browser().signIn(email, "Both Ways");
    const browser = t.browser();
    const response = await signInWithGoogle(browser, await idToken({ sub: "g-2", email, name: "Both Ways" }));
    expect(response.status).toBe(200);
    const current = (await (await browser.fetch("/api/auth/get-session")).json()) as { user: { id: string } };
    expect(current.user.id).toBe(byCode.id);
  });

  it("refuses tokens for another client, from another issuer, or with an unverified email", async () => {
    const email = uniqueEmail("bad");
    const otherAudience = await idToken({ sub: "g-3", email, aud: "someone-else" });
    const unverified = await idToken({ sub: "g-4", email, email_verified: false });
    const stranger = new OAuth2Server();
    await stranger.issuer.keys.generate("RS256");
    stranger.issuer.url = provider.issuer.url;
    const forged = await stranger.issuer.buildToken({
      scopesOrTransform: (_h, p) =>
        Object.assign(p, { aud: CLIENT_ID, email, email_verified: true, iss: provider.issuer.url }),
    });
    for (const token of [otherAudience, unverified, forged]) {
      const browser = t.browser();
      const response = await signInWithGoogle(browser, token);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(await (await browser.fetch("/api/auth/get-session")).json()).toBeNull();
    }
  });
});

describe("linking Google from /me", () => {
  const linkGoogle = (browser: ReturnType<TestServer["browser"]>, token: string) =>
    browser.post("/api/auth/link-social", { provider: "google", idToken: { token } });
  const providers = async (browser: ReturnType<TestServer["browser"]>) =>
    ((await (await browser.fetch("/api/auth/list-accounts")).json()) as { providerId: string }[]).map(
      (account) => account.providerId,
    );

  it("links a Google account to someone signed in by email code, which then signs in with Google", async () => {
    const email = uniqueEmail("link-google");
    const browser = t.browser();
    const person = await browser.signIn(email, "Link Google");
    const linked = await linkGoogle(
      browser,
      await idToken({ sub: "g-link-1", email: "someone.else@gmail.test" }),
    );
    expect(linked.status).toBe(200);
    expect(await providers(browser)).toContain("google");

    const other = t.browser();
    const signedIn = await signInWithGoogle(
      other,
      await idToken({ sub: "g-link-1", email: "someone.else@gmail.test" }),
    );
    expect(signedIn.status).toBe(200);
    const current = (await (await other.fetch("/api/auth/get-session")).json()) as { user: { id: string } };
    expect(current.user.id).toBe(person.id);
  });

  it("refuses a Google account already linked to another person, and a token Google did not sign", async () => {
    const first = t.browser();
    await first.signIn(uniqueEmail("first"), "First");
    expect(
      (await linkGoogle(first, await idToken({ sub: "g-link-2", email: "shared@gmail.test" }))).status,
    ).toBe(200);

    const second = t.browser();
    await second.signIn(uniqueEmail("second"), "Second");
    const taken = await linkGoogle(second, await idToken({ sub: "g-link-2", email: "shared@gmail.test" }));
    expect(taken.status).toBe(409);
    const forged = await linkGoogle(second, "not.a.token");
    expect(forged.status).toBe(401);
    expect(await providers(second)).not.toContain("google");
  });
});
