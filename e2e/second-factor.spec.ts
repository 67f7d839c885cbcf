import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { uniqueEmail } from "./support/mail.ts";
import { enterCodeFromMail, signInByApi } from "./support/session.ts";
import { uniquePhoneNumber, waitForTextedCode } from "./support/texts.ts";
import { authenticatorCode } from "./support/totp.ts";

test("turn on an authenticator app on /me, then sign in again with its code", async ({ page }) => {
  // Three sign-ins through real mail and two axe passes per screen.
  test.setTimeout(120_000);
  const email = await signInByApi(page.request, "Second factor member", uniqueEmail("2fa"));
  await page.goto("/me");
  const section = page.getByRole("region", { name: "Second factor" });
  await expect(section.getByText("Off", { exact: true })).toBeVisible({ timeout: 15_000 });
  await section.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(section.getByRole("img", { name: /QR code to scan/ })).toBeVisible();
  await expectAccessible(page, "/me second factor set-up");

  const key = (await section.locator("code").first().textContent()) ?? "";
  expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32,}$/);
  await section.getByLabel("Code from the app").fill(authenticatorCode(key));
  await section.getByRole("button", { name: "Turn on" }).click();

  const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const firstCode = (await codes.first().textContent()) ?? "";
  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download as a text file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("commons-recovery-codes.txt");
  expect(readFileSync(await download.path(), "utf8")).toContain(firstCode);
  await expectAccessible(page, "/me recovery codes");
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByText("10 recovery codes left.")).toBeVisible();
  await expect(section.getByText("On", { exact: true })).toBeVisible();

  // Signed out, the email code alone no longer signs in.
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  const since = Date.now();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/otp/);
  await enterCodeFromMail(page, email, since);

  await expect(page).toHaveURL(/\/two-factor/);
  await expect(page.getByRole("heading", { name: "One more step" })).toBeVisible();
  // The normal second step is no failure: no support code reads like an error here.
  await expect(
    page.getByText("Enter the code from your authenticator app to finish signing in."),
  ).toBeVisible();
  await expect(page.getByText(/Code for support/)).toHaveCount(0);
  await expect(page.getByText("auth/multi-factor-auth-required")).toHaveCount(0);
  await expectAccessible(page, "/two-factor");
  await page.getByLabel("Trust this device for 30 days").check();
  // The set-up used this step's code, which is accepted only once: the app's next code is taken
  // (one step of clock skew either way is allowed).
  await page.getByLabel("Code from your app").fill(authenticatorCode(key, 1));
  await expect(page).toHaveURL(/\/community-selection/);

  // This device is trusted now: the next sign-in here needs only the email code.
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  const again = Date.now();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await enterCodeFromMail(page, email, again);
  await expect(page).toHaveURL(/\/community-selection/);

  // Turning it off asks for a fresh check: a recovery code does, once.
  await page.goto("/me");
  await section.getByRole("button", { name: "Turn off" }).click();
  const check = section.getByLabel("Code from your app, or a recovery code");
  await expect(check).toBeFocused();
  await expectAccessible(page, "/me second factor fresh check");
  await check.fill(firstCode);
  await section.getByRole("button", { name: "Turn off" }).click();
  await expect(section.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
});

test("turn on texts to a verified phone on /me, then finish signing in with a texted code", async ({
  page,
}) => {
  // Three texts, two sign-ins through real mail and two axe passes per screen.
  test.setTimeout(120_000);
  const email = await signInByApi(page.request, "Texted second factor", uniqueEmail("2fa-text"));
  await page.goto("/me");
  const phone = page.getByRole("region", { name: "Phone number" });
  await phone.getByRole("button", { name: "Add a phone number" }).click();
  const number = uniquePhoneNumber();
  await phone.getByLabel("Country").selectOption({ label: "United Kingdom (+44)" });
  await phone.getByRole("textbox", { name: "Phone number" }).fill(number.national);
  let since = Date.now();
  await phone.getByRole("button", { name: "Send code" }).click();
  await phone.getByLabel("Code from the text").fill(await waitForTextedCode(number.e164, since));
  await expect(phone.getByText("Verified")).toBeVisible();

  const section = page.getByRole("region", { name: "Second factor" });
  const masked = `+44 •••• ••${number.e164.slice(-4)}`;
  since = Date.now();
  await section.getByRole("button", { name: `Text codes to ${masked}` }).click();
  const code = section.getByLabel(`Code we texted to ${masked}`);
  await expect(code).toBeFocused();
  await expectAccessible(page, "/me turning on texts");
  await code.fill(await waitForTextedCode(number.e164, since));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByText(`Texts to ${masked}: on`)).toBeVisible();

  // While texts are the only factor, the number stays.
  await phone.getByRole("button", { name: "Remove" }).click();
  await phone.getByRole("button", { name: "Remove number" }).click();
  await expect(phone.getByText(/Texts to this number are your second factor/)).toBeVisible();

  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  since = Date.now();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await enterCodeFromMail(page, email, since);

  await expect(page).toHaveURL(/\/two-factor/);
  await expect(page.getByText(`We'll text a 6-digit code to ${masked}.`)).toBeVisible();
  await expect(page.getByText(/Code for support/)).toHaveCount(0);
  await expectAccessible(page, "/two-factor by text");
  since = Date.now();
  await page.getByRole("button", { name: "Text me a code" }).click();
  await page.getByLabel("Code we texted you").fill(await waitForTextedCode(number.e164, since));
  await expect(page).toHaveURL(/\/community-selection/);
});
