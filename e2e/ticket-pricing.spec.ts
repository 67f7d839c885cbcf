import { join } from "node:path";
import { expect, type Locator, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { readMail, uniqueEmail } from "./support/mail.ts";
import { screenshotDir } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";
import { connectStripeInSettings } from "./support/stripe.ts";

const totalOf = (summary: Locator) => summary.locator("div").last().locator("dd");

test("an organizer prices a ticket once Stripe is connected, sets the receipt details and adds a promo code; a guest buys two tickets with it through Stripe Checkout and gets the receipt", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Olga Owner");
  const communityId = await createCommunityByApi(page.request, "Riverside Jazz");

  // Before Stripe: the form says tickets are free and leads to settings → payments.
  await page.goto(`/dashboard/${communityId}/create-event`);
  await expect(page.getByRole("link", { name: "Connect Stripe in Settings → Payments" })).toBeVisible();
  await expect(page.getByLabel("Price (EUR)")).toHaveCount(0);
  await expectAccessible(page, "event form, payments not connected");
  await page
    .getByRole("group", { name: "Ticket types" })
    .screenshot({ path: join(screenshotDir, "ticket-pricing-form-not-connected.png") });

  await connectStripeInSettings(page, communityId);
  // What receipts say of the seller, set in settings → payments beside the connection.
  const receiptForm = page.getByRole("form", { name: "Receipt details" });
  await expect(receiptForm.getByRole("figure", { name: "Receipt preview" })).toContainText("Riverside Jazz");
  await receiptForm.getByLabel("Legal name").fill("Riverside Jazz e.V.");
  await receiptForm.getByLabel("Address").fill("Hafenstraße 12\n20457 Hamburg\nGermany");
  await receiptForm.getByLabel("Tax note").fill("Prices include 19 % VAT · VAT ID DE123456789");
  await expect(receiptForm.getByRole("figure", { name: "Receipt preview" })).toContainText(
    "Riverside Jazz e.V.Hafenstraße 12",
  );
  await expectAccessible(page, "settings → payments with the receipt details form");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((next) => {
      document.documentElement.className = next;
      document.documentElement.style.colorScheme = next;
    }, theme);
    await receiptForm.screenshot({ path: join(screenshotDir, `receipt-details-form-${theme}.png`) });
  }
  await receiptForm.getByRole("button", { name: "Save receipt details" }).click();
  await expect(page.getByText("Receipt details saved.")).toBeVisible();
  await expect(receiptForm.getByRole("button", { name: "Save receipt details" })).toBeDisabled();

  await page.goto(`/dashboard/${communityId}/create-event`);
  await page.getByLabel("Title").fill("Late night session");
  await page.getByLabel("Name", { exact: true }).fill("Standard");
  await page.getByLabel("Price (EUR)").fill("25.00");
  await page.getByLabel("Member price (optional)").fill("15");
  await page.getByLabel("Per order", { exact: true }).fill("4");
  const eventDate = await page.getByLabel("Starts date").inputValue();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Sales start date").fill(yesterday);
  await page.getByLabel("Sales start time").fill("09:00");
  await page.getByLabel("Sales end date").fill(eventDate);
  await page.getByLabel("Sales end time").fill("12:00");
  await expectAccessible(page, "event form with a priced ticket");
  await page
    .getByRole("group", { name: "Ticket types" })
    .screenshot({ path: join(screenshotDir, "ticket-pricing-form.png") });
  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForURL((url) => /\/dashboard\/[^/]+\/events\/[^/]+$/.test(url.pathname));
  const eventId = page.url().split("/").at(-1) as string;

  // A promo code for the event, from its dashboard.
  const promos = page.getByRole("region", { name: "Promo codes" });
  await expect(promos.getByText("No promo codes yet.")).toBeVisible();
  await promos.getByRole("button", { name: "New promo code" }).click();
  const dialog = page.getByRole("dialog", { name: "New promo code" });
  await dialog.getByLabel("Code", { exact: true }).fill("SPRING15");
  await dialog.getByLabel("Percent off (%)").fill("15");
  await dialog.getByLabel("Usage limit (optional)").fill("20");
  await expectAccessible(page, "new promo code dialog");
  await dialog.screenshot({ path: join(screenshotDir, "ticket-pricing-promo-dialog.png") });
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expect(dialog).toHaveCount(0);
  const row = promos.getByRole("row", { name: /SPRING15/ });
  await expect(row).toContainText("15% off");
  await expect(row).toContainText("0 of 20");
  await expectAccessible(page, "event dashboard with promo codes");
  await promos.screenshot({ path: join(screenshotDir, "ticket-pricing-promo-codes.png") });

  // The community-wide list in settings shows it too.
  await page.goto(`/dashboard/${communityId}/edit#promo-codes`);
  await expect(
    page.getByRole("region", { name: "Promo codes" }).getByRole("row", { name: /SPRING15/ }),
  ).toContainText("Late night session");
  await expectAccessible(page, "settings → promo codes");

  // A visitor, signed out, on the public page.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await gotoHydrated(publicPage, `/e/${eventId}`);
  const registration = publicPage.getByRole("region", { name: "Registration" });
  const ticket = registration.locator("label", {
    has: publicPage.getByRole("radio", { name: /Standard/ }),
  });
  await expect(ticket).toContainText("€25.00");
  await expect(ticket).toContainText("Members €15.00");
  const summary = registration.getByLabel("Order total");
  await expect(totalOf(summary)).toHaveText("€25.00");
  await registration.getByLabel("Quantity").selectOption("2");
  await expect(totalOf(summary)).toHaveText("€50.00");

  await registration.getByLabel("Promo code").fill("spring15");
  await registration.getByRole("button", { name: "Apply" }).click();
  await expect(totalOf(summary)).toHaveText("€42.50");
  await expect(summary).toContainText("Promo code SPRING15");
  await expect(summary).toContainText("−€7.50");
  const pay = registration.getByRole("button", { name: "Continue to payment" });
  await expect(pay).toBeEnabled();
  await expectAccessible(publicPage, "event page with a priced ticket and a promo code");
  for (const theme of ["light", "dark"] as const) {
    await publicPage.evaluate((next) => {
      document.documentElement.className = next;
      document.documentElement.style.colorScheme = next;
    }, theme);
    await registration.screenshot({ path: join(screenshotDir, `ticket-pricing-event-page-${theme}.png`) });
  }

  await registration.getByLabel("Promo code").fill("NOPE");
  await registration.getByRole("button", { name: "Apply" }).click();
  await expect(
    registration.getByText("This code doesn't apply to this event. Check the spelling."),
  ).toBeVisible();
  await expect(totalOf(summary)).toHaveText("€50.00");
  // Clearing the refused code clears its refusal: the order no longer holds it.
  await registration.getByLabel("Promo code").fill("");
  await expect(
    registration.getByText("This code doesn't apply to this event. Check the spelling."),
  ).toHaveCount(0);
  await registration.getByLabel("Promo code").fill("SPRING15");
  await registration.getByRole("button", { name: "Apply" }).click();
  await expect(totalOf(summary)).toHaveText("€42.50");

  // The guest buys the two tickets on the stand-in's checkout page and comes back going.
  const buyer = uniqueEmail("buyer");
  await registration.getByLabel("Your name").fill("Gina Guest");
  await registration.getByLabel("Email").fill(buyer);
  await pay.click();
  await publicPage.waitForURL((url) => url.pathname.startsWith("/checkout/"));
  await expect(publicPage.getByText("€42.50").first()).toBeVisible();
  await publicPage.getByLabel("Name on card").fill("Gina Guest");
  await publicPage.getByRole("button", { name: /^Pay / }).click();
  await publicPage.waitForURL(
    (url) => url.pathname === `/e/${eventId}` && url.searchParams.get("checkout") === "paid",
  );
  const paid = publicPage.getByRole("status").filter({ hasText: "You're going: payment received" });
  await expect(paid).toBeVisible({ timeout: 20_000 });
  await expect(paid).toContainText("2 × Standard, €42.50");
  // Under the notice: the ticket bought and how to manage it, not a form to fill in again.
  const yours = publicPage.getByRole("region", { name: "Your registration" });
  await expect(yours.getByRole("heading", { name: "You're going" })).toBeVisible();
  await expect(yours).toContainText("2 × Standard");
  await expect(yours).toContainText("private link to see your QR code");
  // Adding it to a calendar sits in its own card beside the registration, in the same aside.
  await expect(
    publicPage
      .getByRole("complementary", { name: "Registration and sharing" })
      .getByRole("link", { name: /Google Calendar/ }),
  ).toBeVisible();
  await expect(publicPage.getByLabel("Your name")).toHaveCount(0);
  await expect(publicPage.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
  await expectAccessible(publicPage, "event page after paying");
  for (const theme of ["light", "dark"] as const) {
    await publicPage.evaluate((next) => {
      document.documentElement.className = next;
      document.documentElement.style.colorScheme = next;
    }, theme);
    await paid.screenshot({ path: join(screenshotDir, `checkout-paid-${theme}.png`) });
    await yours.screenshot({ path: join(screenshotDir, `checkout-paid-ticket-${theme}.png`) });
  }
  await expect
    .poll(() => readMail(buyer).map((mail) => mail.subject), { timeout: 20_000 })
    .toEqual(expect.arrayContaining([expect.stringMatching(/^Receipt: Late night session/)]));
  const receipt = readMail(buyer).find((mail) => mail.subject.startsWith("Receipt"));
  expect(receipt?.text).toContain("2 × Standard at €25.00");
  expect(receipt?.text).toContain("Discount (code SPRING15)");
  expect(receipt?.text).toContain("Total paid: €42.50");
  expect(receipt?.text).toContain("Prices include 19 % VAT · VAT ID DE123456789");
  expect(receipt?.text).toContain("Sold by:\nRiverside Jazz e.V.\nHafenstraße 12\n20457 Hamburg\nGermany");

  // Bought once, the code keeps its text; the organizer changes its discount and limit in
  // settings, turns it off and on again, and a new visitor's page follows. (Without the fragment:
  // the page is already at #promo-codes, and a fragment alone would not load the list anew.)
  await page.goto(`/dashboard/${communityId}/edit`);
  const settingsPromos = page.getByRole("region", { name: "Promo codes" });
  const spring = settingsPromos.getByRole("row", { name: /SPRING15/ });
  await expect(spring).toContainText("1 of 20");
  await spring.getByRole("button", { name: "Edit SPRING15" }).click();
  const edit = page.getByRole("dialog", { name: "Edit SPRING15" });
  await expect(edit.getByLabel("Applies to")).toHaveValue(eventId);
  await expect(edit.getByLabel("Code", { exact: true })).toHaveAttribute("readonly", "");
  await expect(edit.getByText(/Buyers have used this code once, so it can't be renamed/)).toBeVisible();
  await expect(edit.getByLabel("Percent off (%)")).toHaveValue("15");
  await expect(edit.getByLabel("Usage limit (optional)")).toHaveValue("20");
  await edit.getByLabel("Percent off (%)").fill("20");
  await edit.getByLabel("Usage limit (optional)").fill("0");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Allow at least one use, or leave it empty for no limit.")).toBeVisible();
  await expect(edit.getByLabel("Percent off (%)")).toHaveValue("20");
  await expectAccessible(page, "edit promo code dialog with an error");
  await edit.getByLabel("Usage limit (optional)").fill("30");
  await edit.screenshot({ path: join(screenshotDir, "ticket-pricing-promo-edit.png") });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(spring).toContainText("20% off");
  await expect(spring).toContainText("1 of 30");

  await spring.getByRole("button", { name: "Deactivate SPRING15" }).click();
  await expect(spring).toContainText("Deactivated");
  const later = await browser.newContext();
  const laterPage = await later.newPage();
  const order = laterPage.getByRole("region", { name: "Registration" });
  const laterTotal = totalOf(order.getByLabel("Order total"));
  const applyCode = async () => {
    await gotoHydrated(laterPage, `/e/${eventId}`);
    // The first quote shows the form's own part of the page has been taken over too: a choice made
    // while it is still the server's HTML would be lost.
    await expect(laterTotal).toHaveText("€25.00");
    await order.getByLabel("Quantity").selectOption("2");
    await expect(laterTotal).toHaveText("€50.00");
    await order.getByLabel("Promo code").fill("SPRING15");
    await order.getByRole("button", { name: "Apply" }).click();
  };
  await applyCode();
  await expect(order.getByText(/This code/)).toBeVisible();
  await expect(laterTotal).toHaveText("€50.00");

  await spring.getByRole("button", { name: "Reactivate SPRING15" }).click();
  await expect(spring).toContainText("Active");
  await expect(spring.getByRole("button", { name: "Deactivate SPRING15" })).toBeVisible();
  await expectAccessible(page, "settings → promo codes after reactivating");
  await settingsPromos.screenshot({ path: join(screenshotDir, "ticket-pricing-promo-reactivated.png") });
  await applyCode();
  await expect(laterTotal).toHaveText("€40.00");
  await expect(order.getByLabel("Order total")).toContainText("−€10.00");
  await later.close();
  await visitor.close();

  // Back from Stripe's page without paying: the held seats, not a form to fill in again.
  const holder = await browser.newContext();
  const held = await holder.newPage();
  await gotoHydrated(held, `/e/${eventId}`);
  const holdForm = held.getByRole("region", { name: "Registration" });
  await holdForm.getByLabel("Your name").fill("Hal Holder");
  await holdForm.getByLabel("Email").fill(uniqueEmail("holder"));
  await holdForm.getByRole("button", { name: "Continue to payment" }).click();
  await held.waitForURL((url) => url.pathname.startsWith("/checkout/"));
  await held.getByRole("button", { name: "Cancel" }).click();
  await held.waitForURL((url) => url.searchParams.get("checkout") === "canceled");
  await expect(held.getByRole("status").filter({ hasText: /Your seats are held until/ })).toBeVisible();
  await expect(holdForm).toContainText("Your seats are held for the order above");
  await expect(holdForm.getByLabel("Your name")).toHaveCount(0);
  await expectAccessible(held, "event page with seats held");
  await held.getByRole("button", { name: "Release my seats" }).click();
  await expect(holdForm.getByRole("button", { name: "Continue to payment" })).toBeVisible();
  await holder.close();

  // The overview ticks what the community did: an event published, payments connected, money taken.
  await page.goto(`/dashboard/${communityId}`);
  const steps = page.getByRole("list", { name: "Steps" });
  for (const name of ["Publish an event", "Connect payments", "Take your first payment"]) {
    await expect(steps.getByRole("listitem").filter({ hasText: name }).getByLabel("Done")).toBeVisible();
  }
  await expectAccessible(page, "overview after the first sale");
  await saveScreenshot(page, "overview-after-first-sale-1280");
});
