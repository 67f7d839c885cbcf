import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./support/axe.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const dir = mkdtempSync(path.join(tmpdir(), "commons-e2e-images-"));

/** A plain logo: crops to a small WebP, so it goes up in one request. */
async function logoFile() {
  const file = path.join(dir, "logo.png");
  await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 79, g: 70, b: 229 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="400"><circle cx="200" cy="200" r="120" fill="#fde68a"/></svg>',
        ),
      },
    ])
    .png()
    .toFile(file);
  return file;
}

/** Random noise does not compress: the cropped cover stays well above 256 KiB and goes resumable. */
async function coverFile() {
  const file = path.join(dir, "cover.png");
  const width = 2400;
  const height = 800;
  await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toFile(file);
  return file;
}

test("an owner uploads a logo and a large cover with pause and resume, sees them on the dashboard, then deletes the community", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Bea Branding");
  const communityId = await createCommunityByApi(page.request, "Canal Sketchers");
  await page.goto(`/dashboard/${communityId}/edit`);
  await expect(page.getByRole("heading", { name: "Branding" })).toBeVisible();
  await expectAccessible(page, "community settings");

  // Logo: small, one multipart request.
  await page.locator('input[type="file"][aria-label="Logo"]').setInputFiles(await logoFile());
  await page.getByRole("button", { name: "Crop and upload" }).click();
  await expect(page.getByRole("img", { name: /Current logo/i })).toBeVisible({ timeout: 20_000 });

  // Cover: resumable; the upload is slowed so there is time to pause it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.locator('input[type="file"][aria-label="Cover image"]').setInputFiles(await coverFile());
  await page.getByRole("button", { name: "Crop and upload" }).click();
  const progress = page.getByRole("progressbar");
  await expect(progress).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText("Paused")).toBeVisible();
  const pausedAt = Number(await progress.getAttribute("aria-valuenow"));
  await saveScreenshot(page, "settings-cover-paused-dark");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByRole("img", { name: /Current cover image/i })).toBeVisible({ timeout: 30_000 });
  expect(pausedAt).toBeLessThan(100);

  // The logo shows on the dashboard, the cover on the public page.
  await page.getByRole("link", { name: "Overview" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}$`));
  const logos = page.locator(`img[src*="community-assets/o/${communityId}%2Flogo"]`);
  await expect(logos.first()).toBeVisible();
  expect(await logos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await saveScreenshot(page, "dashboard-with-branding-dark");
  await expectAccessible(page, "dashboard with branding");
  await page.getByRole("link", { name: "Public page" }).click();
  await expect(page.getByRole("heading", { name: "Canal Sketchers" })).toBeVisible();
  const cover = page.locator(`img[src*="community-assets/o/${communityId}%2Fcover"]`);
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1000);
  await expectAccessible(page, "community page with branding");

  // Delete the community after typing its name.
  await page.goto(`/dashboard/${communityId}/edit`);
  await page.getByRole("button", { name: "Delete community" }).click();
  const confirm = page.getByRole("button", { name: "Delete this community" });
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Type Canal Sketchers to confirm").fill("Canal Sketchers");
  await confirm.click();
  await expect(page).toHaveURL(/\/community-selection$/);
  await expect(page.getByText("Canal Sketchers was deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Canal Sketchers/ })).toHaveCount(0);
  await page.goto(`/dashboard/${communityId}`);
  await expect(page.getByText("Not Found")).toBeVisible();
});
