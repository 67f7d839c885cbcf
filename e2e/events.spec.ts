import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { uniqueEmail, waitForCode } from "./support/mail.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

async function coverImage() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "commons-e2e-cover-")), "cover.png");
  await sharp(randomBytes(600 * 300 * 3), { raw: { width: 600, height: 300, channels: 3 } })
    .png()
    .toFile(file);
  return file;
}

/** A date a month ahead, as the date input wants it. */
function dayAhead(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test("an organizer publishes an event with a cover and a question; a guest registers after signing in inline; the organizer checks them in", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olivia Organizer");
  const communityId = await createCommunityByApi(page.request, "Night Owls Hack Club");

  await page.goto(`/dashboard/${communityId}/create-event`);
  await page.getByLabel("Title").fill("Open Hack Night");
  await page.getByLabel("Starts date").fill(dayAhead(30));
  await page.getByLabel("Starts time").fill("19:00");
  await page.getByLabel("Ends date").fill(dayAhead(30));
  await page.getByLabel("Ends time").fill("22:00");
  await page.getByLabel("Venue name").fill("The Old Print Shop");
  await page.locator('input[type="file"][aria-label="Cover image"]').setInputFiles(await coverImage());
  await page.getByRole("button", { name: "Crop and upload" }).click();
  await expect(page.getByRole("img", { name: /cover image/i }).first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Add question" }).click();
  await page.getByLabel("Question", { exact: true }).fill("What will you work on?");
  await expectAccessible(page, "event form");
  // Guests prove their email with a code before registering (the one-step form is in guest.spec.ts).
  await page.getByLabel("Verified email required").check();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/events/[0-9a-f-]{36}$`), {
    timeout: 20_000,
  });
  const eventId = page.url().split("/").at(-1) as string;

  // A guest opens the public page signed out, answers, and signs in without leaving it.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await gotoHydrated(guest, `/e/${eventId}`);
  await expect(guest.getByRole("heading", { name: "Open Hack Night" })).toBeVisible();
  await expect(guest.locator('img[src*="/api/storage/v0/b/community-assets/"]').first()).toBeVisible();
  await expectAccessible(guest, "public event page");
  await guest.getByLabel(/What will you work on/).fill("A tiny synthesizer");
  await guest.getByRole("button", { name: "Register" }).click();
  const email = uniqueEmail("guest");
  const since = Date.now();
  await guest.getByLabel("Email").fill(email);
  await guest.getByRole("button", { name: "Continue" }).click();
  await guest.getByLabel("Verification code").fill(await waitForCode(email, 15_000, since));
  await guest.getByLabel("Your name").fill("Gus Guest");
  await guest.getByRole("button", { name: "Continue" }).click();
  await expect(guest.getByRole("heading", { name: "You're going" })).toBeVisible({ timeout: 20_000 });
  await expect(guest).toHaveURL(new RegExp(`/e/${eventId}$`));
  await saveScreenshot(guest, "event-page-going-dark");
  await expectAccessible(guest, "public event page, going");
  await guestContext.close();

  // The organizer sees the registration with the answer, then checks the guest in by name.
  await page.goto(`/dashboard/${communityId}/events/${eventId}`);
  await expect(page.getByText("Gus Guest").first()).toBeVisible();
  await expectAccessible(page, "event registrations");
  // The organizer turns on the daily mail of new registrations for this community.
  await page.getByLabel("Email me a daily digest of new registrations").check();
  await expect(page.getByText("You'll get a daily mail of new registrations.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Email me a daily digest of new registrations")).toBeChecked();
  await saveScreenshot(page, "event-registrations-digest-dark");
  await page.goto(`/dashboard/${communityId}/events/${eventId}/check-in`);
  await page.getByLabel("Find a guest by name, email or check-in code").fill("Gus");
  await page.getByRole("button", { name: "Check in Gus Guest" }).click();
  await expect(page.getByRole("button", { name: /Undo/ })).toBeVisible();
  await saveScreenshot(page, "check-in-dark");
  await expectAccessible(page, "check-in");
});
