import { readFileSync } from "node:fs";
import { request as apiRequest, expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi } from "./support/events.ts";
import { uniqueEmail } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const baseURL = `http://localhost:${E2E_PORT}`;

test("an admin records a cash payment, refunds part of it, sees the totals change and exports CSV", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Harbour Rowing Club");
  await createEventByApi(page.request, communityId, { title: "Open regatta" });

  await page.goto(`/dashboard/${communityId}/payments`);
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  await expect(page.getByText(/No payments yet\. Use “Record payment”/)).toBeVisible();
  await expect(page.getByText("No money came in or went back in this period.")).toBeVisible();
  await expectAccessible(page, "payments page, empty");

  await page.getByRole("button", { name: "Record payment" }).click();
  const record = page.getByRole("dialog", { name: "Record a payment" });
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(record.getByText("Enter the amount.")).toBeVisible();
  await expectAccessible(page, "record payment dialog with errors");
  await record.getByLabel("Amount").fill("40.00");
  await record.getByLabel("Event (optional)").selectOption({ label: "Open regatta" });
  await record.getByLabel("Payer's name").fill("Ada Guest");
  await record.getByLabel("Note (optional)").fill("Paid at the boathouse");
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(record).toBeHidden();

  const table = page.getByRole("table", { name: /Payments/ });
  const row = table.getByRole("row").filter({ hasText: "Ada Guest" });
  await expect(row).toContainText("€40.00");
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("Open regatta");
  await expect(row).toContainText("Cash");
  const totals = page.getByLabel("Last 30 days in EUR");
  const figure = (label: string) =>
    totals.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Gross")).toHaveText("€40.00");
  await expect(figure("Net")).toHaveText("€40.00");
  await saveScreenshot(page, "payments-1280");
  await expectAccessible(page, "payments page");

  await table.getByRole("button", { name: "Ada Guest" }).click();
  const drawer = page.getByRole("dialog", { name: "Payment from Ada Guest" });
  await expect(drawer.getByText("Paid at the boathouse")).toBeVisible();
  await drawer.getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: "Refund Ada Guest" });
  await expect(refund.getByLabel("Amount to refund (EUR)")).toHaveValue("40.00");
  await refund.getByLabel("Amount to refund (EUR)").fill("15");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(refund.getByText("Say why the money goes back.")).toBeVisible();
  await expectAccessible(page, "refund dialog with an error");
  await refund.getByLabel("Reason").fill("Left before the race");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(refund).toBeHidden();
  const refunds = drawer.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText("€15.00");
  await expect(refunds).toContainText("Left before the race");
  await expect(drawer.getByText("Partly refunded")).toBeVisible();
  await expect(drawer.getByText("€25.00 can still be refunded.")).toBeVisible();
  await saveScreenshot(page, "payments-drawer-1280");
  await expectAccessible(page, "payment drawer");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await expect(figure("Refunds")).toHaveText("€15.00");
  await expect(figure("Net")).toHaveText("€25.00");
  await expect(row).toContainText("€15.00 refunded");

  await page.getByLabel("Status").selectOption("PARTIALLY_REFUNDED");
  await expect(page).toHaveURL(/status=PARTIALLY_REFUNDED/);
  await expect(page.getByText("1 payment matches")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Export filtered to CSV/ }).click(),
  ]);
  const csv = readFileSync(await download.path(), "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    "Date,Payer,Email,Purpose,Event,Currency,Amount,Fee,Refunded,Net,Status,Method,Reference,Note,Paid at",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    ",Ada Guest,,ticket,Open regatta,EUR,40.00,0.00,15.00,25.00,partially_refunded,cash,,Paid at the boathouse,",
  );

  // The overview's revenue comes from the insights rollups, which the log subscriber updates just
  // after the refund commits: like a person who has just refunded, the journey reloads until the
  // figure has caught up.
  await page.goto(`/dashboard/${communityId}`);
  const revenue = page.getByText("Revenue in the last 30 days").locator("xpath=following-sibling::dd[1]");
  await expect(async () => {
    await page.reload();
    await expect(revenue).toHaveText("€25.00", { timeout: 2_000 });
  }).toPass();
  await expectAccessible(page, "overview with revenue");

  await page.goto(`/dashboard/${communityId}/payments`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByText("Ada Guest")).toBeVisible();
  await saveScreenshot(page, "payments-390");
  await expectAccessible(page, "payments page on a phone");
});

test("an admin sees a member's payments in the member drawer and opens one on the payments page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Harbour Sailing Club");
  const eventId = await createEventByApi(page.request, communityId, { title: "Summer regatta" });
  // Registering for a public event of an open community makes Grace a member.
  const email = uniqueEmail("grace");
  const grace = await apiRequest.newContext({ baseURL });
  await signInByApi(grace, "Grace Hopper", email);
  await registerByApi(grace, eventId);
  await grace.dispose();

  // Her address links what is recorded for her to her membership.
  await page.goto(`/dashboard/${communityId}/payments`);
  for (const [amount, name, payerEmail] of [
    ["40.00", "Grace Hopper", email],
    ["25.00", "Grace Hopper", email],
    ["12.00", "Walk-in guest", ""],
  ] as const) {
    await page.getByRole("button", { name: "Record payment" }).click();
    const record = page.getByRole("dialog", { name: "Record a payment" });
    await record.getByLabel("Amount").fill(amount);
    await record.getByLabel("Payer's name").fill(name);
    if (payerEmail) await record.getByLabel("Payer's email (optional)").fill(payerEmail);
    await record.getByRole("button", { name: "Record payment" }).click();
    await expect(record).toBeHidden();
  }
  await expect(
    page.getByRole("region", { name: "Payments" }).getByText("3 payments", { exact: true }),
  ).toBeVisible();

  await page.goto(`/dashboard/${communityId}/members`);
  const table = page.getByRole("table", { name: /Members/ });
  await table.getByRole("button", { name: "Grace Hopper" }).click();
  const drawer = page.getByRole("dialog", { name: "Grace Hopper" });
  const payments = drawer.getByRole("region", { name: "Payments" });
  await expect(payments.getByRole("link")).toHaveCount(2);
  await expect(payments.getByRole("link").first()).toContainText("€25.00");
  await expect(payments.getByRole("link").last()).toContainText("€40.00");
  await expect(payments.getByLabel("Paid in all")).toContainText("€65.00");
  await expect(payments).not.toContainText("€12.00");
  await saveScreenshot(page, "member-drawer-payments-1280");
  await expectAccessible(page, "member drawer with payments");

  await payments.getByRole("link").last().click();
  await expect(page).toHaveURL(/\/payments\?payment=/);
  const paymentDrawer = page.getByRole("dialog", { name: "Payment from Grace Hopper" });
  await expect(paymentDrawer.getByText("€40.00").first()).toBeVisible();
  await expect(paymentDrawer.getByText(email)).toBeVisible();
  await expectAccessible(page, "payment drawer opened from a member's drawer");
  await page.keyboard.press("Escape");
  await expect(paymentDrawer).toBeHidden();
  await expect(page).not.toHaveURL(/payment=/);
});
