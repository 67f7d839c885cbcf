import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { readMail, uniqueEmail, waitForCode } from "./support/mail.ts";
import { createCommunityByApi, signInByApi, signInByPhoneApi } from "./support/session.ts";
import { uniquePhoneNumber, waitForText, waitForTextedCode } from "./support/texts.ts";

test("a person sees where they are signed in and signs the other browser out from /me", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail();
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  try {
    const here = await laptop.newPage();
    const there = await phone.newPage();
    await signInByApi(here.request, "Sol Sessions", email);
    await signInByApi(there.request, "Sol Sessions", email);
    await there.goto("/me");
    await expect(there.getByRole("heading", { name: "Your profile" })).toBeVisible({ timeout: 15_000 });

    await here.goto("/me");
    const list = here.getByRole("list", { name: "Signed-in sessions" });
    await expect(list.getByRole("listitem")).toHaveCount(2, { timeout: 15_000 });
    await expect(list.getByText("This device")).toHaveCount(1);
    await expectAccessible(here, "sessions on /me");

    await list.getByRole("button", { name: /^Sign out / }).click();
    await expect(here.getByText(/^Signed out of /)).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);

    // The other browser's next request finds it signed out.
    await there.reload();
    await expect(there).toHaveURL(/\/login/);
    await here.reload();
    await expect(here.getByRole("heading", { name: "Your profile" })).toBeVisible();
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test("a person hands over what they own, then deletes their account with a mailed code", async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail();
  await signInByApi(page.request, "Dana Departing", email);
  const communityId = await createCommunityByApi(page.request, "Departure Lounge");
  await page.goto("/me");
  const section = page.getByRole("region", { name: "Delete your account" });
  await expect(section.getByRole("link", { name: "Departure Lounge" })).toBeVisible({ timeout: 15_000 });
  await expect(section.getByRole("button", { name: /Delete my account/ })).toHaveCount(0);
  await expectAccessible(page, "delete account on /me, owning a community");

  const deleted = await page.request.post("/api/graphql", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      query: "mutation ($id: ID!, $name: String!) { deleteCommunity(id: $id, confirmName: $name) }",
      variables: { id: communityId, name: "Departure Lounge" },
    },
  });
  expect(deleted.ok()).toBe(true);
  await page.reload();
  await section.getByRole("button", { name: "Delete my account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const since = Date.now();
  await dialog.getByRole("button", { name: "Email me a code" }).click();
  const code = dialog.getByLabel("Code from the mail");
  await code.fill("12");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter the 6-digit code from the mail.");
  await expect(code).toHaveValue("12");
  await expectAccessible(page, "delete account dialog");

  await code.fill(await waitForCode(email, 15_000, since));
  await code.press("Enter");
  await expect(page.getByText("Your account is deleted")).toBeVisible();
  await expect(page).not.toHaveURL(/\/me$/);
  await expect
    .poll(() => readMail(email).some((mail) => mail.subject === "Your Commons account is deleted"))
    .toBe(true);
  await page.goto("/me");
  await expect(page).toHaveURL(/\/login/);
});

test("someone who signed up by phone deletes their account with a texted code", async ({ page }) => {
  test.setTimeout(60_000);
  const number = uniquePhoneNumber();
  await signInByPhoneApi(page.request, "Tam Textonly", number.e164);
  await page.goto("/me");
  const section = page.getByRole("region", { name: "Delete your account" });
  await section.getByRole("button", { name: "Delete my account…" }).click({ timeout: 15_000 });
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  // Neither the placeholder address nor the whole number is shown.
  await expect(dialog).toContainText(`we'll text a code to +44 •••• ${number.e164.slice(-4)}`);
  // Screen readers hear the number's last digits rather than the dots.
  await expect(dialog).toContainText(`your number ending in ${number.e164.slice(-4)}`);
  await expect(dialog).not.toContainText("phone.invalid");
  await expectAccessible(page, "delete account dialog, texting the code");

  const since = Date.now();
  await dialog.getByRole("button", { name: "Text me a code" }).click();
  const code = dialog.getByLabel("Code from the text");
  await code.fill("12");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter the 6-digit code from the text.");
  await expectAccessible(page, "delete account dialog, code from the text");

  await code.fill(await waitForTextedCode(number.e164, since));
  await code.press("Enter");
  await expect(page.getByText("Your account is deleted")).toBeVisible();
  await waitForText(number.e164, since, /is deleted/);
  await page.goto("/me");
  await expect(page).toHaveURL(/\/login/);
});

test("a person adds a passkey on /me, signs out, and signs back in with it", async ({ page }) => {
  test.setTimeout(90_000);
  // Chromium's virtual authenticator stands in for the device's fingerprint or PIN.
  await addVirtualAuthenticator(page);
  await signInByApi(page.request, "Pat Passkey");
  await page.goto("/me");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("You haven't added a passkey yet.")).toBeVisible({ timeout: 15_000 });

  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("alert")).toHaveText("Give the passkey a name, like the device it is on.");
  await section.getByLabel("Name for a new passkey").fill("Test laptop");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  const list = section.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByText("Test laptop")).toBeVisible();
  await expect(list.getByText(/Not used yet/)).toBeVisible();
  await expectAccessible(page, "passkeys on /me");

  await list.getByRole("button", { name: "Rename Test laptop" }).click();
  const rename = page.getByRole("dialog", { name: "Rename passkey" });
  await rename.getByLabel("Passkey name").fill("Desk laptop");
  await expectAccessible(page, "rename passkey dialog");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(list.getByText("Desk laptop")).toBeVisible();

  // Signed out, the passkey signs back in, skipping the mailed code.
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  const signedOut = page.waitForResponse((response) => response.url().endsWith("/api/auth/sign-out"));
  await page.getByRole("menuitem", { name: /Sign out/i }).click();
  await signedOut;
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expectAccessible(page, "/login with the passkey button");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
  await page.goto("/me");
  const used = page.getByRole("region", { name: "Passkeys" }).getByRole("list", { name: "Your passkeys" });
  await expect(used.getByText(/Last used/)).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, "passkeys on /me after use");

  await used.getByRole("button", { name: "Remove Desk laptop" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "remove passkey dialog");
  await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(
    page.getByRole("region", { name: "Passkeys" }).getByText("You haven't added a passkey yet."),
  ).toBeVisible();
});

test("someone who signed up by phone adds a passkey: the device keeps it under their number and name", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const number = uniquePhoneNumber();
  await signInByPhoneApi(page.request, "Pia Passkeyphone", number.e164);
  await page.goto("/me");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("You haven't added a passkey yet.")).toBeVisible({ timeout: 15_000 });
  await section.getByLabel("Name for a new passkey").fill("Phone");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("list", { name: "Your passkeys" }).getByText("Phone")).toBeVisible();

  // What the device's passkey picker will show: the number and the name, never the placeholder.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials.map(({ userName, userDisplayName }) => ({ userName, userDisplayName }))).toEqual([
    { userName: number.e164, userDisplayName: "Pia Passkeyphone" },
  ]);
  await expect(page.locator("body")).not.toContainText("phone.invalid");
});

test("a person moves their account to a new address with the code mailed there; the old address is told", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const oldEmail = uniqueEmail("old");
  const newEmail = uniqueEmail("new");
  await signInByApi(page.request, "Mona Mover", oldEmail);
  await page.goto("/me");
  const section = page.getByRole("region", { name: "Email address" });
  await expect(section.getByText(oldEmail)).toBeVisible();
  await section.getByRole("button", { name: "Change email address" }).click();
  await section.getByLabel("New email address").fill(newEmail);
  const since = Date.now();
  await section.getByRole("button", { name: "Send code" }).click();
  const code = await waitForCode(newEmail, 15_000, since);
  await expect(section.getByLabel("Code from the email")).toBeFocused();
  await expectAccessible(page, "changing the email address on /me");
  await section.getByLabel("Code from the email").fill(code);
  await section.getByRole("button", { name: "Change address" }).click();

  await expect(page.getByText(`You now sign in with ${newEmail}.`)).toBeVisible();
  await expect(section.getByText(newEmail)).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(newEmail);
  await expect
    .poll(() => readMail(oldEmail).some((mail) => mail.text.includes(`now signs in with ${newEmail}`)))
    .toBe(true);
});

/** A device's fingerprint or PIN, always saying yes: Chromium's virtual authenticator on this page. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
