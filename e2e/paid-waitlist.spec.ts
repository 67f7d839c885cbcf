import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { readMail, uniqueEmail } from "./support/mail.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";
import { connectStripeInSettings } from "./support/stripe.ts";

/** Pays on the Stripe stand-in's checkout page and waits to be back on the event page, paid. */
async function payOnStandin(page: Page, name: string, eventId: string) {
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/"));
  await page.getByLabel("Name on card").fill(name);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(
    (url) => url.pathname === `/e/${eventId}` && url.searchParams.get("checkout") === "paid",
  );
  await expect(page.getByRole("status").filter({ hasText: "You're going: payment received" })).toBeVisible({
    timeout: 20_000,
  });
}

test("a freed paid seat is offered to the first on the waitlist, who pays from the mail's link within the organizer's hours and goes", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInByApi(page.request, "Olga Owner");
  const communityId = await createCommunityByApi(page.request, "Harbour Strings");
  await connectStripeInSettings(page, communityId);

  // One paid seat, a waitlist, and six hours to pay for an offered seat.
  await page.goto(`/dashboard/${communityId}/create-event`);
  await page.getByLabel("Title").fill("Cellar recital");
  await page.getByLabel("Name", { exact: true }).fill("Standard");
  await page.getByLabel("Price (EUR)").fill("25.00");
  await page.getByLabel("Capacity").fill("1");
  await page.getByRole("checkbox", { name: "Waitlist" }).check();
  await page.getByLabel("Hours to pay for an offered seat").fill("6");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForURL((url) => /\/dashboard\/[^/]+\/events\/[^/]+$/.test(url.pathname));
  const eventId = page.url().split("/").at(-1) as string;

  // Ada buys the only seat.
  const adaContext = await browser.newContext();
  const ada = await adaContext.newPage();
  await gotoHydrated(ada, `/e/${eventId}`);
  const adaForm = ada.getByRole("region", { name: "Registration" });
  await adaForm.getByLabel("Your name").fill("Ada Guest");
  await adaForm.getByLabel("Email").fill(uniqueEmail("ada"));
  await adaForm.getByRole("button", { name: "Continue to payment" }).click();
  await payOnStandin(ada, "Ada Guest", eventId);
  await adaContext.close();

  // Sold out: Bo joins the waitlist for the paid ticket and pays nothing yet. Bo reads times in
  // another zone than the event's.
  const boEmail = uniqueEmail("bo");
  const boContext = await browser.newContext({ timezoneId: "America/New_York" });
  const bo = await boContext.newPage();
  await gotoHydrated(bo, `/e/${eventId}`);
  const boForm = bo.getByRole("region", { name: "Registration" });
  await expect(boForm).toContainText("Nothing to pay now.");
  await expect(boForm).toContainText("you'll have 6 hours to pay");
  await boForm.getByLabel("Your name").fill("Bo Guest");
  await boForm.getByLabel("Email").fill(boEmail);
  await boForm.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(bo.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();

  // The organizer refunds Ada and cancels her registration from the event's dashboard.
  await page.reload();
  const table = page.getByRole("table", { name: /Registrations/ });
  const row = (name: string) => table.getByRole("row").filter({ hasText: name });
  await expect(row("Ada Guest")).toContainText("Going");
  await expect(row("Bo Guest")).toContainText("Waitlisted");
  await row("Ada Guest").getByRole("button", { name: "Refund Ada Guest" }).click();
  const refund = page.getByRole("dialog", { name: "Refund Ada Guest" });
  await refund.getByLabel("Reason").fill("Can't come after all");
  await refund.getByRole("checkbox", { name: "Also cancel the registration and free the seat" }).check();
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(refund).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText("Refunded €25.00 to Ada Guest and canceled the registration.")).toBeVisible();
  await expect(row("Ada Guest")).toContainText("Canceled");

  // The seat is held for Bo: the dashboard says so, and until when in the event's time.
  await expect(row("Bo Guest")).toContainText("Paying");
  await expect(row("Bo Guest")).toContainText(/Held until .+ GMT\+1/);
  // The header's figures come first; the event's insights further down count going too.
  const going = page
    .locator("dt", { hasText: /^Going$/ })
    .locator("..")
    .first();
  await expect(going).toContainText("0 / 1");
  await expect(going).toContainText("0 left · 1 held for payment");
  await expect(page.locator("dt", { hasText: /^Ticket types$/ }).locator("..")).toContainText("Paid");
  await saveScreenshot(page, "paid-waitlist-dashboard-offer-1280");
  await expectAccessible(page, "event dashboard with an open offer");

  // Bo's mail: the seat and the link to pay.
  await expect
    .poll(() => readMail(boEmail).map((mail) => mail.subject), { timeout: 20_000 })
    .toEqual(expect.arrayContaining([expect.stringMatching(/^A seat is yours at Cellar recital/)]));
  const offer = readMail(boEmail).find((mail) => mail.subject.startsWith("A seat is yours"));
  expect(offer?.text).toMatch(/held for you until .+ \(Europe\/Berlin\)/);
  const link = new URL(offer?.text.match(/Pay now: (\S+)/)?.[1] ?? "");
  await bo.goto(link.pathname);
  const status = bo.getByRole("region", { name: "A seat is held for you" });
  await expect(status).toContainText(/Pay by .+ GMT\+1 \(in 6 hours\)/);
  await saveScreenshot(bo, "paid-waitlist-offer-page-1280");
  await expectAccessible(bo, "offer page");
  await status.getByRole("button", { name: "Pay now" }).click();
  await payOnStandin(bo, "Bo Guest", eventId);

  // Back through the mail's link: the ticket.
  await bo.goto(link.pathname);
  await expect(bo.getByRole("heading", { name: "You're going" })).toBeVisible();
  await expect(bo.getByRole("img", { name: /Check-in QR code/ })).toBeVisible();
  await saveScreenshot(bo, "paid-waitlist-ticket-1280");
  await boContext.close();

  await page.reload();
  await expect(row("Bo Guest")).toContainText("Going");
  await expect(row("Bo Guest")).not.toContainText("Held until");
  await expect(going).toContainText("1 / 1");
  await expect(going).not.toContainText("held for payment");
  await saveScreenshot(page, "paid-waitlist-dashboard-paid-1280");
});
