import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { uniqueEmail } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { createCommunityByApi, enterCodeFromMail, signInByApi } from "./support/session.ts";
import { uniquePhoneNumber, waitForTextedCode } from "./support/texts.ts";
import { authenticatorCode, turnOnAppByApi } from "./support/totp.ts";

/** The sign-in stand-in's page, standing in for the provider's own: who signs in, and consent. */
async function consentAtStandIn(
  page: Page,
  provider: string,
  who: { id: string; name: string; email: string },
) {
  await expect(page.getByRole("heading", { name: `Sign in to ${provider} (stand-in)` })).toBeVisible();
  await page.getByLabel("Account id").fill(who.id);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByRole("button", { name: "Authorize" }).click();
}

const providerId = () => `e2e-${Math.random().toString(36).slice(2, 10)}`;

test("a newcomer signs in with GitHub and finds it linked on their profile", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in with GitHub" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Facebook" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with X" })).toBeVisible();
  await expectAccessible(page, "/login with provider buttons");

  await page.getByRole("button", { name: "Sign in with GitHub" }).click();
  await consentAtStandIn(page, "GitHub", {
    id: providerId(),
    name: "Gita Hubbard",
    email: uniqueEmail("github"),
  });

  await expect(page).toHaveURL(/\/community-selection$/);
  await page.goto("/me");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Gita Hubbard", { timeout: 20_000 });
  const linked = page.getByRole("region", { name: "Linked sign-in methods" });
  await expect(
    linked.getByRole("listitem").filter({ has: page.getByText("GitHub", { exact: true }) }),
  ).toContainText("Linked");
  await expect(linked.getByRole("button", { name: "Link Facebook" })).toBeVisible();
  await expectAccessible(page, "/me with linked sign-in methods");
});

test("GitHub with an unconfirmed address is the only way in /me lists until a verified phone number joins it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with GitHub" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to GitHub (stand-in)" })).toBeVisible();
  await page.getByLabel("Email confirmed").uncheck();
  await consentAtStandIn(page, "GitHub", {
    id: providerId(),
    name: "Una Unconfirmed",
    email: uniqueEmail("unconfirmed"),
  });
  await expect(page).toHaveURL(/\/community-selection$/);

  await page.goto("/me");
  const linked = page.getByRole("region", { name: "Linked sign-in methods" });
  const github = linked.getByRole("listitem").filter({ has: page.getByText("GitHub", { exact: true }) });
  await expect(github).toContainText("Linked", { timeout: 20_000 });
  // An address GitHub did not confirm signs nothing in, so it is not listed as a way in.
  await expect(linked.getByText("Email code")).toHaveCount(0);
  await linked.getByRole("button", { name: "Unlink GitHub" }).click();
  await expect(linked.getByRole("alert")).toContainText("This is your only way to sign in.");
  await expect(linked.getByRole("alert")).toContainText("Code for support: LAST_SIGN_IN_METHOD");
  await expectAccessible(page, "/me refusing to unlink the only way in");

  const phone = page.getByRole("region", { name: "Phone number" });
  await phone.getByRole("button", { name: "Add a phone number" }).click();
  const number = uniquePhoneNumber();
  await phone.getByLabel("Country").selectOption({ label: "United Kingdom (+44)" });
  await phone.getByRole("textbox", { name: "Phone number" }).fill(number.national);
  const since = Date.now();
  await phone.getByRole("button", { name: "Send code" }).click();
  await phone.getByLabel("Code from the text").fill(await waitForTextedCode(number.e164, since));
  await expect(phone.getByText("Verified")).toBeVisible();

  // The verified number is another way in: GitHub can go now.
  await expect(linked.getByText("Text message code")).toBeVisible();
  await linked.getByRole("button", { name: "Unlink GitHub" }).click();
  await expect(github).toContainText("Not linked");
  await expect(linked.getByRole("alert")).toHaveCount(0);
  await expectAccessible(page, "/me with the phone number as the way in");
});

test("Facebook with an address that already has an account asks to sign in by code, then links it from /me", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("existing");
  await signInByApi(request, "Esme Existing", email);
  const facebook = { id: providerId(), name: "Esme on Facebook", email };

  await page.goto("/login?redirect=%2Fcommunity-selection");
  await page.getByRole("button", { name: "Sign in with Facebook" }).click();
  await consentAtStandIn(page, "Facebook", facebook);

  await expect(page).toHaveURL(/\/login\?/);
  const notice = page.getByRole("alert");
  await expect(notice).toContainText(
    "This email already has a Commons account that signs in with an email code. Sign in that way, then link Facebook from your profile.",
  );
  await expect(notice).toContainText("Code for support: auth/account-exists-with-different-credential");
  await expectAccessible(page, "/login saying the email already has an account");

  const since = Date.now();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await enterCodeFromMail(page, email, since);
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Esme Existing", { timeout: 20_000 });

  const linked = page.getByRole("region", { name: "Linked sign-in methods" });
  await linked.getByRole("button", { name: "Link Facebook" }).click();
  await consentAtStandIn(page, "Facebook", facebook);
  await expect(page).toHaveURL(/\/me$/, { timeout: 20_000 });
  await expect(
    linked.getByRole("listitem").filter({ has: page.getByText("Facebook", { exact: true }) }),
  ).toContainText("Linked");
});

test("cancelling at the provider comes back to /login saying nothing changed", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with X" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole("alert")).toContainText(
    "You cancelled signing in with X. Nothing was changed.",
  );
  await expect(page.getByRole("alert")).toContainText("Code for support: access_denied");
});

/** A new public community, by an organizer signed in on `request`; answers its page's path. */
async function communityPage(request: APIRequestContext, name: string): Promise<string> {
  await signInByApi(request, "Olga Organizer");
  const id = await createCommunityByApi(request, name);
  const answer = await request.post("/api/graphql", {
    headers: { origin: `http://localhost:${E2E_PORT}` },
    data: { query: "query ($id: ID!) { community(id: $id) { slug } }", variables: { id } },
  });
  const { data } = (await answer.json()) as { data: { community: { slug: string } } };
  return `/c/${data.community.slug}`;
}

test("joining a community, a visitor signs in with GitHub in a pop-up and the page carries on", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, await communityPage(request, "Hill Climbers"));
  const membership = page.getByRole("region", { name: "Membership" });
  await membership.getByRole("button", { name: "Join" }).click();
  const opening = page.waitForEvent("popup");
  await membership.getByRole("button", { name: "Sign in with GitHub" }).click();
  const popup = await opening;
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
  await consentAtStandIn(popup, "GitHub", {
    id: providerId(),
    name: "Hana Hiker",
    email: uniqueEmail("popup"),
  });
  await popup.waitForEvent("close");
  await expect(membership.getByText("You're a member · Member")).toBeVisible({ timeout: 15_000 });
});

test("someone with an authenticator app signs in with GitHub, enters its code, and lands where they were headed", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await signInByApi(request, "Tara Twostep", uniqueEmail("github-2fa"));
  const key = await turnOnAppByApi(request);

  await page.goto("/login?redirect=%2Fme");
  await page.getByRole("button", { name: "Sign in with GitHub" }).click();
  await consentAtStandIn(page, "GitHub", { id: providerId(), name: "Tara on GitHub", email });

  await expect(page).toHaveURL(/\/two-factor\?redirect=%2Fme$/);
  await expect(page.getByRole("heading", { name: "One more step" })).toBeVisible();
  // The set-up spent this step's code: the app's next one is taken (one step of skew is allowed).
  await page.getByLabel("Code from your app").fill(authenticatorCode(key, 1));
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Tara Twostep", { timeout: 20_000 });
});

test("joining a community, someone with an authenticator app enters its code in the pop-up and the page carries on", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await signInByApi(request, "Vera Twostep", uniqueEmail("popup-2fa"));
  const key = await turnOnAppByApi(request);
  await gotoHydrated(page, await communityPage(request, "Ridge Runners"));
  const membership = page.getByRole("region", { name: "Membership" });
  await membership.getByRole("button", { name: "Join" }).click();
  const opening = page.waitForEvent("popup");
  await membership.getByRole("button", { name: "Sign in with GitHub" }).click();
  const popup = await opening;
  await consentAtStandIn(popup, "GitHub", { id: providerId(), name: "Vera on GitHub", email });

  // The window asks for the second step itself, then ends on its last page, which tells this one.
  await expect(popup).toHaveURL(/\/two-factor\?redirect=%2Fsigned-in%3Fprovider%3Dgithub$/);
  await expect(popup.getByRole("heading", { name: "One more step" })).toBeVisible();
  await expectAccessible(popup, "/two-factor in the sign-in window");
  await popup.getByLabel("Code from your app").fill(authenticatorCode(key, 1));
  await popup.waitForEvent("close");
  await expect(membership.getByText("You're a member · Member")).toBeVisible({ timeout: 15_000 });
});
