import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { uniqueEmail, waitForCode } from "./support/mail.ts";
import { screenshotDir } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const screenshotPath = (name: string) => `${screenshotDir}/${name}.png`;

/** Pastes text into the focused field the way a clipboard paste arrives. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData("text", value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function askForCode(page: Page, email: string) {
  await page.goto("/login");
  const since = Date.now();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/otp/);
  return waitForCode(email, 15_000, since);
}

/** True when leaving the page now would make the browser ask first. */
const reloadWouldAsk = (page: Page) =>
  page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test("/otp: a pasted code and a quick Verify sign in once, without calling the code wrong", async ({
  page,
}) => {
  const email = uniqueEmail("paste");
  const code = await askForCode(page, email);
  const attempts: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/auth/sign-in/email-otp")) attempts.push(request.url());
  });
  await page.getByLabel("Verification code").focus();
  await paste(page, code);
  // A second submit straight away, before the page has had a chance to draw anything.
  await page.evaluate(() => document.querySelector("form")?.requestSubmit());
  await expect(page).not.toHaveURL(/\/otp/);
  await expect(page.getByText(/isn't right/)).toHaveCount(0);
  expect(attempts).toHaveLength(1);
});

test("/otp: after too many tries the old code is called used up and a new one can be asked for at once", async ({
  page,
}) => {
  const email = uniqueEmail("lockout");
  const code = await askForCode(page, email);
  const wrong = code === "000000" ? "111111" : "000000";
  const input = page.getByLabel("Verification code");
  for (let i = 0; i < 5; i++) {
    await expect(input).toBeEnabled();
    await input.fill(wrong);
    await expect(
      page.getByText("That code isn't right. Check the latest email and try again."),
    ).toBeVisible();
  }
  await expect(input).toBeEnabled();
  await input.fill(wrong);
  await expect(page.getByText("Too many tries — send a new code.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend code" })).toBeVisible();
  await input.fill(code);
  await expect(page.getByText("That code is used up after too many tries — send a new code.")).toBeVisible();
  await expectAccessible(page, "code entry after too many tries");
  await saveScreenshot(page, "otp-used-up");

  const since = Date.now();
  await page.getByRole("button", { name: "Resend code" }).click();
  const fresh = await waitForCode(email, 15_000, since);
  await input.fill(fresh);
  await expect(page).not.toHaveURL(/\/otp/);
});

test("a half-filled event form asks before the sidebar or a reload drop it", async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Fiona Forms");
  const communityId = await createCommunityByApi(page.request, "Draft Keepers");
  await page.goto(`/dashboard/${communityId}/create-event`);
  const title = page.getByLabel("Title");
  await title.fill("Half-typed night");
  expect(await reloadWouldAsk(page)).toBe(true);

  await page.getByRole("link", { name: "Members" }).click();
  const prompt = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(prompt).toBeVisible();
  await expectAccessible(page, "leave without saving prompt");
  await saveScreenshot(page, "leave-without-saving");
  await prompt.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/create-event$`));
  await expect(title).toHaveValue("Half-typed night");

  // A start in the past is pointed out before anyone presses Publish.
  await page.getByLabel("Starts date").fill("2020-01-10");
  await page.getByLabel("Starts time").fill("18:00");
  await expect(page.getByText(/This start time has already passed/)).toBeVisible();
  await expectAccessible(page, "event form with a past start");
  await page.getByText(/This start time has already passed/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("event-form-past-start") });

  await page.getByRole("link", { name: "Members" }).click();
  await prompt.getByRole("button", { name: "Leave and discard" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/members$`));
  // The form is gone once the members screen has replaced it; only then is the reload guard checked.
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveCount(0);
  expect(await reloadWouldAsk(page)).toBe(false);
});

test("Back after creating a community does not show the filled form again", async ({ page }) => {
  await signInByApi(page.request, "Cora Create");
  await page.goto("/community-selection");
  await page.goto("/create-community");
  await page.getByLabel("Name").fill("Back Button Club");
  await page
    .getByRole("link", { name: /Commons/ })
    .first()
    .click();
  await expect(page.getByRole("alertdialog", { name: "Leave without saving?" })).toBeVisible();
  await page.getByRole("button", { name: "Stay and keep editing" }).click();
  await page.getByRole("button", { name: "Create community" }).click();
  await expect(page.getByRole("heading", { name: "Back Button Club" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/community-selection$/);
  await expect(page.getByLabel("Name")).toHaveCount(0);
});

test("the profile form asks before its typed name is dropped", async ({ page }) => {
  await signInByApi(page.request, "Pia Profile");
  await createCommunityByApi(page.request, "Profile Pals");
  await page.goto("/me");
  await page.getByLabel("Name", { exact: true }).fill("Pia P. Profile");
  await page.getByRole("link", { name: "Commons home" }).click();
  const prompt = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Pia P. Profile");
});
