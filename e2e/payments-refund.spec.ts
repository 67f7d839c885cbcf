import { request as apiRequest, expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi } from "./support/events.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { uniqueEmail } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";
import { connectStripeInSettings } from "./support/stripe.ts";

const baseURL = `http://localhost:${E2E_PORT}`;
const origin = baseURL;

test("an admin refunds part of a ticket from the event's registrations, frees the seat for the waitlist and sees the totals change", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Riverside Choir");
  const eventId = await createEventByApi(page.request, communityId, {
    title: "Spring concert",
    capacity: 1,
    waitlistEnabled: true,
  });
  const registrations: Record<string, string> = {};
  for (const name of ["Ada Guest", "Bo Guest"]) {
    const context = await apiRequest.newContext({ baseURL });
    await signInByApi(context, name);
    registrations[name] = (await registerByApi(context, eventId)).id;
    await context.dispose();
  }
  // Ada paid for her seat at the door.
  const recorded = await page.request.post("/api/graphql", {
    headers: { origin },
    data: {
      query: `mutation ($communityId: ID!, $input: RecordPaymentInput!) {
        recordPayment(communityId: $communityId, input: $input) { id } }`,
      variables: {
        communityId,
        input: {
          purpose: "TICKET",
          amountMinor: 3_000,
          currency: "EUR",
          method: "CASH",
          registrationId: registrations["Ada Guest"],
        },
      },
    },
  });
  expect(((await recorded.json()) as { errors?: unknown }).errors).toBeUndefined();

  await page.goto(`/dashboard/${communityId}/events/${eventId}`);
  const table = page.getByRole("table", { name: /Registrations/ });
  const row = (name: string) => table.getByRole("row").filter({ hasText: name });
  await expect(row("Ada Guest")).toContainText("Going");
  await expect(row("Bo Guest")).toContainText("Waitlist");
  await expect(row("Bo Guest").getByRole("button", { name: /^Refund/ })).toHaveCount(0);
  await expectAccessible(page, "event dashboard with a paid registration");

  await row("Ada Guest").getByRole("button", { name: "Refund Ada Guest" }).click();
  const refund = page.getByRole("dialog", { name: "Refund Ada Guest" });
  await expect(refund.getByLabel("Amount to refund (EUR)")).toHaveValue("30.00");
  await refund.getByLabel("Amount to refund (EUR)").fill("35");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(refund.getByText("At most €30.00 is left to refund.")).toBeVisible();
  await refund.getByLabel("Amount to refund (EUR)").fill("20");
  await refund.getByLabel("Reason").fill("Sick on the day");
  await refund.getByRole("checkbox", { name: "Also cancel the registration and free the seat" }).check();
  await saveScreenshot(page, "refund-from-registration-1280");
  await expectAccessible(page, "refund dialog from a registration");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByText("Refunded €20.00 to Ada Guest and canceled the registration.")).toBeVisible();
  await expect(row("Ada Guest")).toContainText("Canceled");
  await expect(row("Bo Guest")).toContainText("Going");
  await saveScreenshot(page, "event-dashboard-refunded-1280");
  await expectAccessible(page, "event dashboard after a refund");

  await page.goto(`/dashboard/${communityId}/payments`);
  const payments = page.getByRole("table", { name: /Payments/ });
  await expect(payments.getByRole("row").filter({ hasText: "Ada Guest" })).toContainText("€20.00 refunded");
  const totals = page.getByLabel("Last 30 days in EUR");
  const figure = (label: string) =>
    totals.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Gross")).toHaveText("€30.00");
  await expect(figure("Refunds")).toHaveText("€20.00");
  await expect(figure("Net")).toHaveText("€10.00");
  await payments.getByRole("button", { name: "Ada Guest" }).click();
  const drawer = page.getByRole("dialog", { name: "Payment from Ada Guest" });
  await expect(drawer.getByText("Partly refunded")).toBeVisible();
  await expect(drawer.getByRole("region", { name: "Refunds" })).toContainText("Sick on the day");
  // Her registration is canceled now: refunding the rest no longer offers to cancel it.
  await drawer.getByRole("button", { name: "Refund" }).click();
  const rest = page.getByRole("dialog", { name: "Refund Ada Guest" });
  await expect(rest.getByLabel("Amount to refund (EUR)")).toHaveValue("10.00");
  await expect(rest.getByRole("checkbox")).toHaveCount(0);
  await expectAccessible(page, "refund dialog from the payments drawer");
});

test("an admin refunds part of a card payment from the payments drawer through Stripe and sees the status and totals change", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Harbour Jazz");
  await connectStripeInSettings(page, communityId);
  const eventId = await createEventByApi(page.request, communityId, {
    title: "Quay session",
    ticketTypes: [{ name: "Standard", priceMinor: 2_500 }],
  });

  // A guest buys a ticket on the stand-in's checkout page.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await gotoHydrated(guest, `/e/${eventId}`);
  const registration = guest.getByRole("region", { name: "Registration" });
  await registration.getByLabel("Your name").fill("Gina Guest");
  await registration.getByLabel("Email").fill(uniqueEmail("buyer"));
  await registration.getByRole("button", { name: "Continue to payment" }).click();
  await guest.waitForURL((url) => url.pathname.startsWith("/checkout/"));
  await guest.getByLabel("Name on card").fill("Gina Guest");
  await guest.getByRole("button", { name: /^Pay / }).click();
  await expect(guest.getByRole("status").filter({ hasText: "You're going: payment received" })).toBeVisible({
    timeout: 20_000,
  });
  await visitor.close();

  await page.goto(`/dashboard/${communityId}/payments`);
  const payments = page.getByRole("table", { name: /Payments/ });
  const row = payments.getByRole("row").filter({ hasText: "Gina Guest" });
  await expect(row).toContainText("€25.00");
  await expect(row).toContainText("Card");
  const totals = page.getByLabel("Last 30 days in EUR");
  const figure = (label: string) =>
    totals.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Gross")).toHaveText("€25.00");
  await expect(figure("Refunds")).toHaveText("€0.00");
  const fees = await figure("Fees").textContent();

  await payments.getByRole("button", { name: "Gina Guest" }).click();
  const drawer = page.getByRole("dialog", { name: "Payment from Gina Guest" });
  await drawer.getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: "Refund Gina Guest" });
  await expect(refund.getByText(/Stripe sends it back to the card it was paid with\./)).toBeVisible();
  await expect(
    refund.getByRole("checkbox", { name: "Also cancel the registration and free the seat" }),
  ).not.toBeChecked();
  await refund.getByLabel("Amount to refund (EUR)").fill("10");
  await refund.getByLabel("Reason").fill("Arrived after the first set");
  await saveScreenshot(page, "card-refund-dialog-1280");
  await expectAccessible(page, "card refund dialog");
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(refund).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText("Refunded €10.00 to Gina Guest.")).toBeVisible();
  await expect(drawer.getByText("Partly refunded")).toBeVisible();
  await expect(drawer.getByRole("region", { name: "Refunds" })).toContainText("Arrived after the first set");
  await expect(drawer.getByText("€15.00 can still be refunded.")).toBeVisible();
  await saveScreenshot(page, "card-refund-drawer-1280");
  await expectAccessible(page, "payment drawer after a card refund");
  await page.keyboard.press("Escape");

  await expect(row).toContainText("€10.00 refunded");
  await expect(figure("Refunds")).toHaveText("€10.00");
  await expect(figure("Fees")).toHaveText(fees ?? "");
  await expect(row).toContainText("Partly refunded");
});
