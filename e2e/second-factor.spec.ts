import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { uniqueEmail } from "./support/mail.ts";
import { enterCodeFromMail, signInByApi } from "./support/session.ts";
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
  await expect(page.getByText("auth/multi-factor-auth-required")).toBeVisible();
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
