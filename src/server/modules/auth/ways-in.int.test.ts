import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import {
  identityMaker,
  type OAuthStandIn,
  type StandInIdentity,
  startOAuthStandIn,
} from "./oauth-standin.test-support.ts";
import { phoneOverridesOf, startTwilioStandin, type TwilioStandin } from "./twilio-standin.test-support.ts";

let standIn: OAuthStandIn;
let twilio: TwilioStandin;
let t: TestServer;

beforeAll(async () => {
  standIn = await startOAuthStandIn();
  twilio = await startTwilioStandin();
  t = await startTestServer({
    overrides: {
      ...phoneOverridesOf(twilio),
      oauthProviders: { github: standIn.settings("github"), facebook: standIn.settings("facebook") },
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
  await standIn.close();
});

const uniqueNumber = () => `+447400${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
const identity = identityMaker({ firstId: 5000, name: "Gia Github", email: () => uniqueEmail("ways-in") });

async function signInWith(
  browser: TestBrowser,
  provider: "github" | "facebook",
  who: StandInIdentity,
  path = "sign-in/social",
) {
  const start = await browser.post(`/api/auth/${path}`, { provider, callbackURL: "/me" });
  const { url } = (await start.json()) as { url: string };
  const done = await browser.fetch(await standIn.approve(url, who));
  expect(done.headers.get("location")).toMatch(/\/me$/);
}

async function textCode(browser: TestBrowser, phoneNumber: string, extra: object = {}) {
  const before = twilio.texts.length;
  expect((await browser.post("/api/auth/phone-number/send-otp", { phoneNumber })).status).toBe(200);
  const code = await twilio.codeFor(phoneNumber, before);
  const verified = await browser.post("/api/auth/phone-number/verify", { phoneNumber, code, ...extra });
  expect(verified.status).toBe(200);
}

type Methods = { email: string | null; phoneNumber: string | null; providers: string[] };
const methodsOf = async (browser: TestBrowser) =>
  (await (await browser.fetch("/api/auth/ways-in")).json()) as Methods;
const accountsOf = async (browser: TestBrowser) =>
  (await (await browser.fetch("/api/auth/list-accounts")).json()) as { id: string; providerId: string }[];

describe("the ways into an account", () => {
  it("are asked only with a session, and as often as /me loads", async () => {
    expect((await t.browser().fetch("/api/auth/ways-in")).status).toBe(401);
    const browser = t.browser();
    await browser.signIn(undefined, "Rae Reloads");
    const answers = [];
    for (let load = 0; load < 5; load++) answers.push((await browser.fetch("/api/auth/ways-in")).status);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
  });

  it("count a confirmed address, never a phone sign-up's placeholder", async () => {
    const emailed = t.browser();
    const me = await emailed.signIn(undefined, "Eve Emailed");
    expect(await methodsOf(emailed)).toEqual({ email: me.email, phoneNumber: null, providers: [] });

    const texted = t.browser();
    const number = uniqueNumber();
    await textCode(texted, number);
    expect(await methodsOf(texted)).toEqual({ email: null, phoneNumber: number, providers: [] });
  });

  it("leave out an unconfirmed address: a GitHub-only account cannot unlink GitHub", async () => {
    const browser = t.browser();
    await signInWith(browser, "github", identity({ emailVerified: false }));
    expect(await methodsOf(browser)).toEqual({ email: null, phoneNumber: null, providers: ["github"] });
    const [github] = await accountsOf(browser);
    const refused = await browser.post("/api/auth/unlink-account", { accountId: github?.id });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "LAST_SIGN_IN_METHOD" });
    expect(await accountsOf(browser)).toHaveLength(1);
  });

  it("count a verified number as another way in, so the provider can go and the number then stays", async () => {
    const browser = t.browser();
    await signInWith(browser, "facebook", identity());
    const number = uniqueNumber();
    await textCode(browser, number, { updatePhoneNumber: true });
    expect(await methodsOf(browser)).toEqual({ email: null, phoneNumber: number, providers: ["facebook"] });

    const [facebook] = await accountsOf(browser);
    expect((await browser.post("/api/auth/unlink-account", { accountId: facebook?.id })).status).toBe(200);
    expect(await methodsOf(browser)).toEqual({ email: null, phoneNumber: number, providers: [] });

    const removal = await browser.post("/api/auth/update-user", { phoneNumber: null });
    expect(removal.status).toBe(400);
    expect(await removal.json()).toMatchObject({ code: "PHONE_NUMBER_ONLY_WAY_IN" });
    expect((await methodsOf(browser)).phoneNumber).toBe(number);
  });

  it("let the number go while a provider still signs in", async () => {
    const browser = t.browser();
    await signInWith(browser, "facebook", identity());
    await signInWith(browser, "github", identity(), "link-social");
    await textCode(browser, uniqueNumber(), { updatePhoneNumber: true });
    expect((await browser.post("/api/auth/update-user", { phoneNumber: null })).status).toBe(200);
    expect((await methodsOf(browser)).providers.sort()).toEqual(["facebook", "github"]);
  });
});

describe("what other devices are told of a phone sign-up", () => {
  it("names its passkey by the number and the person, never the placeholder address", async () => {
    const browser = t.browser();
    const number = uniqueNumber();
    await textCode(browser, number);
    expect((await browser.post("/api/auth/update-user", { name: "Pho Nell" })).status).toBe(200);
    // Whatever the page asks for, the device gets the account's own name for it.
    const options = await browser.fetch(
      "/api/auth/passkey/generate-register-options?name=phone-x%40phone.invalid",
    );
    expect(options.status).toBe(200);
    const body = (await options.json()) as { user: { name: string; displayName: string } };
    expect(body.user).toMatchObject({ name: number, displayName: "Pho Nell" });
    expect(JSON.stringify(body)).not.toContain("phone.invalid");
  });

  it("labels the authenticator app's entry with the number", async () => {
    const browser = t.browser();
    const number = uniqueNumber();
    await textCode(browser, number);
    const enabled = await browser.post("/api/auth/two-factor/enable", {});
    expect(enabled.status).toBe(200);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    expect(totpURI).not.toContain("phone.invalid");
    expect(decodeURIComponent(totpURI.split("?")[0] ?? "")).toBe(`otpauth://totp/Commons:${number}`);
  });
});
