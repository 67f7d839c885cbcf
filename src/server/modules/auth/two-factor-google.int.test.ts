import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import { personWithApp, signedInEmail } from "./two-factor.test-support.ts";

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
  vi.useRealTimers();
  await t.close();
  await provider.stop();
});

it("a sign-in with Google asks for the second factor before there is a session", async () => {
  // Held mid-step (better-auth reads Date): the set-up's code and the sign-in's are a step apart.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
  const { email, app } = await personWithApp(t.browser());
  vi.setSystemTime(Date.now() + 30_000);

  const browser = t.browser();
  const token = await provider.issuer.buildToken({
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { aud: CLIENT_ID, email_verified: true, sub: "g-2fa", email });
    },
  });
  const first = await browser.post("/api/auth/sign-in/social", { provider: "google", idToken: { token } });
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  expect(await signedInEmail(browser)).toBeNull();

  expect((await browser.post("/api/auth/two-factor/verify-totp", { code: app.code() })).status).toBe(200);
  expect(await signedInEmail(browser)).toBe(email);
});
