import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { type OAuthStandIn, type StandInIdentity, startOAuthStandIn } from "./oauth-standin.test-support.ts";
import { personWithApp, signedInEmail } from "./two-factor.test-support.ts";

let standIn: OAuthStandIn;
let t: TestServer;

beforeAll(async () => {
  standIn = await startOAuthStandIn();
  t = await startTestServer({
    overrides: {
      oauthProviders: { github: standIn.settings("github"), twitter: standIn.settings("twitter") },
    },
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  await standIn.close();
});

// better-auth reads the time from Date itself: held in the middle of a 30-second step, the set-up's
// code and the sign-in's are exactly one step apart however slowly the machine runs.
const STEP_MS = 30_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2);
});
const nextStep = () => vi.setSystemTime(Date.now() + STEP_MS);

let nextId = 5000;

/** A person whose account has the authenticator app on and a GitHub (or X) account with the same confirmed address. */
async function guardedPerson() {
  const person = await personWithApp(t.browser(), uniqueEmail("provider-2fa"));
  nextStep();
  return { ...person, providerAccount: { id: String(nextId++), name: "Gus Guarded", email: person.email } };
}

/** Presses "Sign in with …" and consents at the stand-in; answers Commons' reply to the provider's callback. */
async function signInWith(
  browser: TestBrowser,
  who: StandInIdentity,
  { provider = "github", callbackURL = "/events/spring" } = {},
): Promise<{ response: Response; location: string }> {
  const start = await browser.post("/api/auth/sign-in/social", {
    provider,
    callbackURL,
    errorCallbackURL: `/login?provider=${provider}`,
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const response = await browser.fetch(await standIn.approve(url, who));
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location") ?? "", t.url);
  expect(location.origin).toBe(new URL(t.url).origin);
  return { response, location: location.pathname + location.search };
}

/** The cookies a response sets with a value, by name (expired ones are left out). */
function cookiesSet(response: Response): Map<string, string> {
  const set = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const [name = "", value = ""] = pair.split("=");
    if (value && !attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) set.set(name.trim(), value);
  }
  return set;
}

const secondStep = (redirect: string) => `/two-factor?${new URLSearchParams({ redirect })}`;

const verifyApp = (browser: TestBrowser, code: string, trustDevice?: boolean) =>
  browser.post("/api/auth/two-factor/verify-totp", { code, trustDevice });

describe("GitHub and X sign-in of an account with a second factor", () => {
  it("sends the browser to the second step with no session, and the app's code signs it in", async () => {
    const person = await guardedPerson();
    const browser = t.browser();
    const { response, location } = await signInWith(browser, person.providerAccount);

    expect(location).toBe(secondStep("/events/spring"));
    const cookies = [...cookiesSet(response).keys()];
    expect(cookies).toContain("better-auth.two_factor");
    expect(cookies.filter((name) => /session_(token|data)/.test(name))).toEqual([]);
    expect(await signedInEmail(browser)).toBeNull();

    const wrong = await verifyApp(browser, person.app.code(5));
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code?: string }).code).toBe("INVALID_CODE");
    expect(await signedInEmail(browser)).toBeNull();

    expect((await verifyApp(browser, person.app.code())).status).toBe(200);
    expect(await signedInEmail(browser)).toBe(person.email);
  });

  it("carries a pop-up's sign-in on to the page that tells the opener, and finishes with a recovery code", async () => {
    const person = await guardedPerson();
    const browser = t.browser();
    const { location } = await signInWith(browser, person.providerAccount, {
      provider: "twitter",
      callbackURL: "/signed-in?provider=twitter",
    });
    expect(location).toBe(secondStep("/signed-in?provider=twitter"));
    expect(await signedInEmail(browser)).toBeNull();

    const [recovery] = person.recoveryCodes;
    const used = await browser.post("/api/auth/two-factor/verify-backup-code", { code: recovery });
    expect(used.status).toBe(200);
    expect(await signedInEmail(browser)).toBe(person.email);
  });

  it("lets a device trusted at an earlier second step straight through, and still asks another", async () => {
    const person = await guardedPerson();
    const laptop = t.browser();
    await signInWith(laptop, person.providerAccount);
    expect((await verifyApp(laptop, person.app.code(), true)).status).toBe(200);
    await laptop.post("/api/auth/sign-out", {});
    expect(await signedInEmail(laptop)).toBeNull();

    const again = await signInWith(laptop, person.providerAccount, { callbackURL: "/me" });
    expect(again.location).toBe("/me");
    expect(cookiesSet(again.response).has("better-auth.two_factor")).toBe(false);
    expect(await signedInEmail(laptop)).toBe(person.email);

    const phone = t.browser();
    expect((await signInWith(phone, person.providerAccount, { callbackURL: "/me" })).location).toBe(
      secondStep("/me"),
    );
    expect(await signedInEmail(phone)).toBeNull();
  });

  it("signs an account without a second factor straight in, as before", async () => {
    const browser = t.browser();
    const email = uniqueEmail("no-2fa");
    const { location } = await signInWith(browser, { id: String(nextId++), name: "Nadia Nofactor", email });
    expect(location).toBe("/events/spring");
    expect(await signedInEmail(browser)).toBe(email);
  });
});
