import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OAuthProviderId } from "#server/config-providers.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import {
  identityMaker,
  type OAuthStandIn,
  type StandInIdentity,
  startOAuthStandIn,
} from "./oauth-standin.test-support.ts";

let standIn: OAuthStandIn;
let t: TestServer;

beforeAll(async () => {
  standIn = await startOAuthStandIn();
  t = await startTestServer({
    overrides: {
      oauthProviders: {
        github: standIn.settings("github"),
        facebook: standIn.settings("facebook"),
        twitter: standIn.settings("twitter"),
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const identity = identityMaker({ firstId: 1000, name: "Pat Provider", email: () => uniqueEmail("provider") });

type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
const sessionOf = async (browser: TestBrowser) =>
  (await (await browser.fetch("/api/auth/get-session")).json()) as { user: SessionUser } | null;

/** Presses the button, then the stand-in's page; returns where Commons sends the browser in the end. */
async function signInWith(
  browser: TestBrowser,
  provider: OAuthProviderId,
  who: StandInIdentity | "deny",
  path = "sign-in/social",
): Promise<string> {
  const start = await browser.post(`/api/auth/${path}`, {
    provider,
    callbackURL: "/events/spring",
    errorCallbackURL: `/login?provider=${provider}`,
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(`${standIn.url}/${provider}/authorize?`)).toBe(true);
  const back = who === "deny" ? await standIn.deny(url) : await standIn.approve(url, who);
  const done = await browser.fetch(back);
  expect(done.status).toBe(302);
  const location = new URL(done.headers.get("location") ?? "", t.url);
  return location.pathname + location.search;
}

const linkedProviders = async (browser: TestBrowser) =>
  ((await (await browser.fetch("/api/auth/list-accounts")).json()) as { providerId: string }[])
    .map((account) => account.providerId)
    .sort();

describe("GitHub, Facebook and X sign-in", () => {
  it("tells the page which providers have a button", async () => {
    const config = await (await t.browser().fetch("/api/config")).json();
    expect(config).toEqual({
      googleClientId: null,
      phoneSignIn: true,
      signInProviders: ["github", "facebook", "twitter"],
    });
  });

  describe.each(["github", "facebook", "twitter"] as const)("%s", (provider) => {
    it("signs a new person in with the name the provider gives, back where they started", async () => {
      const browser = t.browser();
      const who = identity({ name: `New ${provider} Person` });
      expect(await signInWith(browser, provider, who)).toBe("/events/spring");
      expect((await sessionOf(browser))?.user).toMatchObject({ email: who.email, name: who.name });
      // The same provider account signs into the same Commons account next time.
      const again = t.browser();
      await signInWith(again, provider, who);
      expect((await sessionOf(again))?.user.id).toBe((await sessionOf(browser))?.user.id);
    });

    it("comes back to /login with the reason and no session when the person cancels", async () => {
      const browser = t.browser();
      const location = await signInWith(browser, provider, "deny");
      const search = new URL(location, t.url).searchParams;
      expect(location.startsWith("/login?")).toBe(true);
      expect(search.get("provider")).toBe(provider);
      expect(search.get("error")).toBe("access_denied");
      expect(await sessionOf(browser)).toBeNull();
    });

    it("never signs into an existing account by an address the provider did not confirm", async () => {
      const email = uniqueEmail("existing");
      const owner = t.browser();
      await owner.signIn(email, "Owner Person");
      const intruder = t.browser();
      const location = await signInWith(intruder, provider, identity({ email, emailVerified: false }));
      const error = new URL(location, t.url).searchParams.get("error");
      // X shares only confirmed addresses, so an unconfirmed one arrives as none at all.
      expect(error).toBe(provider === "twitter" ? "email_not_found" : "account_not_linked");
      expect(await sessionOf(intruder)).toBeNull();
      expect(await linkedProviders(owner)).toEqual([]);
    });

    it("joins an existing account by a confirmed address, or asks to sign in the old way and link", async () => {
      const email = uniqueEmail("linking");
      const owner = t.browser();
      const existing = await owner.signIn(email, "Linda Linker");
      const who = identity({ email, name: "Someone Else" });
      const browser = t.browser();
      const location = await signInWith(browser, provider, who);
      if (provider === "facebook") {
        // Facebook does not say whether it confirmed the address.
        expect(new URL(location, t.url).searchParams.get("error")).toBe("account_not_linked");
        expect(await sessionOf(browser)).toBeNull();
        expect(await signInWith(owner, provider, who, "link-social")).toBe("/events/spring");
        expect(await signInWith(browser, provider, who)).toBe("/events/spring");
      } else {
        expect(location).toBe("/events/spring");
      }
      const signedIn = await sessionOf(browser);
      expect(signedIn?.user).toMatchObject({ id: existing.id, name: "Linda Linker" });
      expect(await linkedProviders(owner)).toEqual([provider]);
    });
  });

  it("refuses a provider that shares no address, and links it from /me instead", async () => {
    const browser = t.browser();
    const who = identity({ email: null });
    const location = await signInWith(browser, "twitter", who);
    expect(new URL(location, t.url).searchParams.get("error")).toBe("email_not_found");
    expect(await sessionOf(browser)).toBeNull();

    const owner = t.browser();
    const existing = await owner.signIn(uniqueEmail("no-address"), "Nora Noaddress");
    expect(await signInWith(owner, "twitter", who, "link-social")).toBe("/events/spring");
    await signInWith(browser, "twitter", who);
    expect((await sessionOf(browser))?.user.id).toBe(existing.id);
  });

  it("links a provider account with a different address, and never one already someone else's", async () => {
    const owner = t.browser();
    await owner.signIn(uniqueEmail("different"), "Dee Different");
    const who = identity({ email: uniqueEmail("elsewhere") });
    expect(await signInWith(owner, "github", who, "link-social")).toBe("/events/spring");
    expect(await linkedProviders(owner)).toEqual(["github"]);

    const other = t.browser();
    await other.signIn(uniqueEmail("other"), "Otto Other");
    const location = await signInWith(other, "github", who, "link-social");
    expect(new URL(location, t.url).searchParams.get("error")).toBe(
      "account_already_linked_to_different_user",
    );
    expect(await linkedProviders(other)).toEqual([]);
  });

  it("unlinks a provider while another way in remains, never the last one", async () => {
    // A confirmed address is a way in: a code can be mailed to it.
    const confirmed = t.browser();
    await signInWith(confirmed, "github", identity());
    const [github] = (await (await confirmed.fetch("/api/auth/list-accounts")).json()) as { id: string }[];
    expect((await confirmed.post("/api/auth/unlink-account", { accountId: github?.id })).status).toBe(200);
    expect(await linkedProviders(confirmed)).toEqual([]);

    // Facebook's address is unconfirmed: its account is the only way in until another is linked.
    const onlyFacebook = t.browser();
    await signInWith(onlyFacebook, "facebook", identity());
    const [facebook] = (await (await onlyFacebook.fetch("/api/auth/list-accounts")).json()) as {
      id: string;
    }[];
    const refused = await onlyFacebook.post("/api/auth/unlink-account", { accountId: facebook?.id });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "LAST_SIGN_IN_METHOD" });
    await signInWith(onlyFacebook, "github", identity({ email: uniqueEmail("second") }), "link-social");
    const unlinked = await onlyFacebook.post("/api/auth/unlink-account", { accountId: facebook?.id });
    expect(unlinked.status).toBe(200);
    expect(await linkedProviders(onlyFacebook)).toEqual(["github"]);
  });
});
