import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi, uploadCommunityAsset } from "./support/events.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const phone = { width: 390, height: 844 };

test("an unknown address answers 404 and shows a Not Found page with the site header and a way home", async ({
  page,
}) => {
  for (const path of ["/no/such/page", "/e/00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Commons home" })).toBeVisible();
  }
  await expectAccessible(page, "Not Found (signed out)");
  await saveScreenshot(page, "not-found-desktop-dark");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.setViewportSize(phone);
  await signInByApi(page.request, "Nina Nowhere");
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu for Nina Nowhere/ })).toBeVisible();
  await expectAccessible(page, "Not Found (signed in)");
  await saveScreenshot(page, "not-found-phone-dark");
});

/** Fails when anything on the page is wider than the screen (the page scrolls sideways). */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, `${screen} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
}

async function expectInsideViewport(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test("long unbroken words and URLs wrap on a 390 px phone: the event page, its Register button and the community cards stay on screen", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  await signInByApi(page.request, "Lou Longword");
  const communityName = `Supercalifragilistic${"x".repeat(20)}`;
  const communityId = await createCommunityByApi(page.request, communityName);
  const eventId = await createEventByApi(page.request, communityId, {
    title: `Hackathon${"T".repeat(131)}`,
    description: "W".repeat(20_000),
    venueName: `Venue${"V".repeat(195)}`,
    venueAddress: `https://example.org/${"a".repeat(400)}`,
  });

  const guestContext = await browser.newContext({ viewport: phone });
  const guest = await guestContext.newPage();
  await guest.goto(`/e/${eventId}`);
  await expect(guest.getByRole("heading", { level: 1 })).toContainText("Hackathon");
  await expectNoSidewaysScroll(guest, "the event page");
  await expectInsideViewport(guest, guest.getByRole("button", { name: "Register" }));
  await expectAccessible(guest, "event page with long words");
  await saveScreenshot(guest, "event-long-words-phone-dark");
  await guestContext.close();

  await page.goto("/community-selection");
  const card = page.getByRole("link", { name: /Supercalifragilistic/ });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page, "community selection");
  const cardBox = await card.boundingBox();
  const badgeBox = await card.getByText("Owner").boundingBox();
  expect((badgeBox?.x ?? 0) + (badgeBox?.width ?? 0)).toBeLessThanOrEqual(
    (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
  );
  await expectAccessible(page, "community selection with a long name");
  await saveScreenshot(page, "selection-long-name-phone-dark");

  for (const path of [`/dashboard/${communityId}/events`, `/dashboard/${communityId}/events/${eventId}`]) {
    await page.goto(path);
    await expect(page.getByText(/Hackathon/).first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});

test("the event cover is shown at 2:1, as it was cropped, on a phone and on a desktop", async ({ page }) => {
  await signInByApi(page.request, "Cora Cover");
  const communityId = await createCommunityByApi(page.request, "Cover Club");
  const png = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const coverPath = await uploadCommunityAsset(page.request, communityId, png);
  const eventId = await createEventByApi(page.request, communityId, { title: "Cover night", coverPath });

  for (const [viewport, name] of [
    [phone, "phone"],
    [{ width: 1280, height: 900 }, "desktop"],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/e/${eventId}`);
    const cover = page.locator('img[src*="/api/storage/v0/b/community-assets/"]').first();
    await expect(cover).toBeVisible();
    const box = await cover.boundingBox();
    expect((box?.width ?? 0) / (box?.height ?? 1), `cover on a ${name}`).toBeCloseTo(2, 1);
    await saveScreenshot(page, `event-cover-${name}-dark`);
  }
  await expectAccessible(page, "event page with a cover");
});

test("a draft offers no link to share and no check-in until it is published; the agents screen reads as text", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInByApi(page.request, "Dora Draft");
  const communityId = await createCommunityByApi(page.request, "Draft Society");
  const eventId = await createEventByApi(page.request, communityId, { title: "Unfinished gathering" }, false);

  await page.goto(`/dashboard/${communityId}/events/${eventId}`);
  await expect(page.getByRole("heading", { name: "Unfinished gathering" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Check-in" })).toHaveCount(0);
  await expect(page.getByText(/Share the public link/)).toHaveCount(0);
  await expect(page.getByText(/Once the event is published, people can register/)).toBeVisible();
  await expectAccessible(page, "draft event dashboard");
  await saveScreenshot(page, "event-dashboard-draft-dark");

  await page.goto(`/dashboard/${communityId}/events/${eventId}/check-in`);
  await expect(page.getByText(/Check-in opens once the event is published/)).toBeVisible();
  await expect(page.getByLabel(/Find a guest/)).toHaveCount(0);

  await page.goto(`/dashboard/${communityId}/events/${eventId}`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("link", { name: "Check-in" })).toBeVisible();
  await expect(page.getByText(/Share the public link/)).toBeVisible();

  // The sidebar's screens for an owner, agents among them.
  const nav = page.getByRole("navigation", { name: "Community" });
  await expect(nav.getByRole("link", { name: "Insights", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members", exact: true })).toBeVisible();
  await nav.getByRole("link", { name: "Agents", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/agents$`));
  await expect(page.getByText(/routine work off your plate/)).toBeVisible();
  expect(await page.locator("main").textContent()).not.toMatch(/\\u[0-9a-f]{4}/i);
  await expectAccessible(page, "agents list");
});

test("on a 390 px phone the organizer checks a guest in without scrolling sideways, the photo button stays in its drop zone, and the theme control has a name", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  await signInByApi(page.request, "Pia Phone");
  const communityId = await createCommunityByApi(page.request, "Pocket Meetups");
  const eventId = await createEventByApi(page.request, communityId, { title: "Pocket picnic" });
  const guestContext = await browser.newContext();
  await signInByApi(guestContext.request, "Gwen Guestwithalongername");
  await registerByApi(guestContext.request, eventId);
  await guestContext.close();

  await page.goto(`/dashboard/${communityId}/events/${eventId}`);
  const checkIn = page.getByRole("button", { name: "Check in Gwen Guestwithalongername" });
  await expectInsideViewport(page, checkIn);
  await expectNoSidewaysScroll(page, "the registrations on a phone");
  await expectAccessible(page, "registrations on a phone");
  await saveScreenshot(page, "registrations-phone-dark");
  await checkIn.click();
  await expect(page.getByText(/^Checked in/).first()).toBeVisible();

  await page.goto("/me");
  const choose = page.getByRole("button", { name: "Choose image" });
  const zone = page.getByTestId("image-drop-zone");
  for (const width of [320, 390, 700]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(choose).toBeVisible();
    const [button, area] = [await choose.boundingBox(), await zone.boundingBox()];
    expect(button && area).toBeTruthy();
    if (button && area) {
      expect(button.x, `at ${width} px`).toBeGreaterThanOrEqual(area.x);
      expect(button.x + button.width, `at ${width} px`).toBeLessThanOrEqual(area.x + area.width);
    }
    await expectNoSidewaysScroll(page, `/me at ${width} px`);
  }
  await page.setViewportSize(phone);
  await expect(page.getByRole("banner").getByRole("button", { name: /^Theme: dark/ })).toBeVisible();
  await expectAccessible(page, "/me on a phone");
  await saveScreenshot(page, "me-phone-dark");
});

test("content widths line up: lists with dashboards, forms with check-in, the event page with its header", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInByApi(page.request, "Wes Width");
  const communityId = await createCommunityByApi(page.request, "Aligned Club");
  const eventId = await createEventByApi(page.request, communityId, { title: "Straight lines" });
  const headingX = async (path: string, name: string | RegExp) => {
    await page.goto(path);
    const heading = page.getByRole("heading", { level: 1, name });
    await expect(heading).toBeVisible();
    return (await heading.boundingBox())?.x;
  };
  const events = await headingX(`/dashboard/${communityId}/events`, "Events");
  const dashboard = await headingX(`/dashboard/${communityId}/events/${eventId}`, "Straight lines");
  expect(dashboard).toBe(events);
  const checkIn = await headingX(`/dashboard/${communityId}/events/${eventId}/check-in`, /Check-in/);
  const form = await headingX(`/dashboard/${communityId}/create-event`, /event/i);
  expect(checkIn).toBe(form);
  // Editing an event happens in the same dashboard frame as creating one, with its community's sidebar.
  const edit = await headingX(`/event/${eventId}/edit`, "Edit event");
  expect(edit).toBe(form);
  const nav = page.getByRole("navigation", { name: "Community" });
  await expect(nav.getByRole("link", { name: "Members", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Current community: Aligned Club/ }).first()).toBeVisible();
  await expectAccessible(page, "edit event in the dashboard");
  await saveScreenshot(page, "event-edit-1600-dark");
  await headingX(`/e/${eventId}`, "Straight lines");
  const header = await page.getByRole("banner").locator("> div").boundingBox();
  const article = await page.locator("article").first().boundingBox();
  expect(article?.x).toBe(header?.x);
  expect(article?.width).toBe(header?.width);
});

test("a signed-in attendee who runs no community lands on their events; an organizer on their communities", async ({
  page,
  browser,
}) => {
  const organizer = await browser.newContext();
  await signInByApi(organizer.request, "Otto Organizer");
  const communityId = await createCommunityByApi(organizer.request, "Lantern Walkers");
  const eventId = await createEventByApi(organizer.request, communityId, { title: "Lantern walk" });

  await signInByApi(page.request, "Ava Attendee");
  await page.goto("/");
  await expect(page).toHaveURL(/\/community-selection$/);
  await registerByApi(page.request, eventId);
  await page.goto("/");
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByText("Lantern walk").first()).toBeVisible();

  const organizerPage = await organizer.newPage();
  await organizerPage.goto("/");
  await expect(organizerPage).toHaveURL(/\/community-selection$/);
  await organizer.close();
});

test("the terms and privacy policy name the operator from the configuration and show no placeholder", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  for (const [path, heading] of [
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const text = (await page.locator("main").textContent()) ?? "";
    // The e2e server leaves OPERATOR_NAME and OPERATOR_CONTACT unset: APP_URL's host and MAIL_FROM's address stand in.
    expect(text).toContain("run by localhost");
    expect(text).toContain("no-reply@localhost");
    expect(text).not.toContain("[");
    expect(text).not.toContain("{{");
    await expectNoSidewaysScroll(page, path);
    await expectAccessible(page, path);
    await saveScreenshot(page, `${path.slice(1)}-phone-dark`);
  }
});

test("the sign-in window's last page says how it went when it is opened on its own", async ({ page }) => {
  // A pop-up closes itself here; opened as a page it cannot, and must still read well.
  await page.goto("/signed-in?error=access_denied&provider=github");
  await expect(page.getByRole("heading", { name: "Signing in didn't finish" })).toBeVisible();
  await expect(page.getByText("You can close this window and go back to Commons.")).toBeVisible();
  await expectAccessible(page, "/signed-in after a cancelled sign-in");
});
