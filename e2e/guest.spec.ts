import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { readMail, uniqueEmail } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

/** A month ahead at 19:00 in Berlin, as the event form's API takes it. */
function wallAhead(days: number, time: string) {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

async function waitForMail(email: string, subject: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMail(email).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${email}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** axe-core in both themes (support/axe.ts), no sideways scrolling, and a screenshot per theme. */
async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  // Nothing wider than the phone: long text wraps instead of pushing the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("vite-ui-theme", value), theme);
    await page.reload();
    await expect(page.locator("main h1").first()).toBeVisible();
    // The event page comes rendered from the server: its form works once the app has taken it over.
    if (new URL(page.url()).pathname.startsWith("/e/"))
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await saveScreenshot(page, `${name}-phone-${theme}`);
  }
}

test.use({ viewport: { width: 390, height: 844 } });

test("a signed-out guest registers in one step on a phone, opens the mailed link, sees the ticket and cancels", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olivia Organizer");
  const communityId = await createCommunityByApi(page.request, "Riverside Runners");
  const created = await page.request.post("/api/graphql", {
    headers: { origin },
    data: {
      query: `mutation ($id: ID!, $input: EventInput!) {
        createEvent(communityId: $id, input: $input, publish: true) { id questions { id } } }`,
      variables: {
        id: communityId,
        input: {
          title: "Sunrise 5K by the river",
          description: "An easy loop along the water, then coffee.",
          startsAtLocal: wallAhead(30, "07:00"),
          endsAtLocal: wallAhead(30, "09:00"),
          timeZone: "Europe/Berlin",
          venueName: "Boathouse",
          onlineUrl: "https://meet.example.test/sunrise",
          capacity: 40,
          waitlistEnabled: true,
          approvalRequired: false,
          visibility: "PUBLIC",
          ticketTypes: [{ name: "Runner" }],
          questions: [{ kind: "SHORT_TEXT", label: "Your usual pace?", required: true }],
        },
      },
    },
  });
  const body = (await created.json()) as { data?: { createEvent: { id: string } } };
  const eventId = body.data?.createEvent.id as string;
  expect(eventId, JSON.stringify(body)).toBeTruthy();

  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await gotoHydrated(guest, `/e/${eventId}`);
  await expect(guest.getByRole("heading", { name: "Sunrise 5K by the river" })).toBeVisible();
  await checkScreen(guest, "guest-event-page");

  // Name, email and the question, then Register once: no code, no second step.
  const email = uniqueEmail("ada-guest");
  await guest.getByLabel("Your name").fill("Ada Guest");
  await guest.getByLabel("Email").fill(email);
  await guest.getByLabel(/Your usual pace/).fill("6 min/km");
  await guest.getByRole("button", { name: "Register" }).click();
  await expect(guest.getByRole("heading", { name: "You're registered" })).toBeVisible();
  await expect(guest.getByText(email)).toBeVisible();
  // The ticket goes by mail only, and the guest is not signed in.
  await expect(guest.getByRole("img", { name: /check-in QR code/i })).toHaveCount(0);
  const session = await guest.request.get("/api/auth/get-session");
  expect(await session.json()).toBeNull();
  await saveScreenshot(guest, "guest-registered-phone");
  await expectAccessible(guest, "guest registered");

  const confirmation = await waitForMail(email, /^You're going: Sunrise 5K/);
  // Registering the same address again offers the ticket by mail instead of a duplicate.
  await gotoHydrated(guest, `/e/${eventId}`);
  await guest.getByLabel("Your name").fill("Ada Again");
  await guest.getByLabel("Email").fill(email);
  await guest.getByLabel(/Your usual pace/).fill("6 min/km");
  await guest.getByRole("button", { name: "Register" }).click();
  await expect(guest.getByText(/is already registered for this event/)).toBeVisible();
  await guest.getByRole("button", { name: "Resend my ticket" }).click();
  await expect(guest.getByText(/We sent the ticket to that address again/)).toBeVisible();
  await expectAccessible(guest, "guest already registered");
  await saveScreenshot(guest, "guest-already-registered-phone");
  const deadline = Date.now() + 20_000;
  while (readMail(email).filter((m) => m.subject.startsWith("You're going")).length < 2) {
    if (Date.now() > deadline) throw new Error("the ticket was not sent again");
    await new Promise((r) => setTimeout(r, 150));
  }

  const link = /https?:\/\/\S+\/r\/\S+/.exec(confirmation.text)?.[0];
  expect(link, confirmation.text).toBeTruthy();
  await guest.goto(new URL(link as string).pathname);
  await expect(guest.getByRole("heading", { name: "You're going" })).toBeVisible();
  await expect(guest.getByRole("img", { name: /check-in QR code/i })).toBeVisible();
  await expect(guest.getByRole("link", { name: /Join online/ })).toBeVisible();
  await expect(guest.getByRole("link", { name: /Google Calendar/ })).toBeVisible();
  await checkScreen(guest, "guest-manage-page");

  await guest.getByRole("button", { name: "Cancel registration" }).click();
  const dialog = guest.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel registration" }).click();
  await expect(guest.getByRole("heading", { name: "Your registration is canceled" })).toBeVisible();
  await expect(guest.getByRole("button", { name: "Cancel registration" })).toHaveCount(0);
  await saveScreenshot(guest, "guest-canceled-phone");
  await expectAccessible(guest, "guest manage page, canceled");
  const canceledMail = await waitForMail(email, /^Canceled: your registration for Sunrise 5K/);
  expect(canceledMail.text).toContain("is canceled");
  await guestContext.close();
});
