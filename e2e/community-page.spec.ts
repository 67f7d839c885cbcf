import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { sampleEventInput } from "#server/test/event-input.ts";
import { brandPalette } from "#shared/brand-color.ts";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, uploadCommunityAsset } from "./support/events.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { lineCount, scrollsSideways, slugPrefix, titlesInHead } from "./support/layout.ts";
import { uniqueEmail, waitForCode } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot, saveThemedScreenshots } from "./support/screenshots.ts";
import { signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await request.post("/api/graphql", { headers: { origin }, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`${query}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A community with a Markdown description, as its owner (signed in on `request`) sets it up. */
async function communityByApi(
  request: APIRequestContext,
  name: string,
  joinPolicy: "OPEN" | "APPROVAL",
  joinQuestions: unknown[] = [],
) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;
  const { createCommunity } = await gql<{ createCommunity: { id: string } }>(
    request,
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: { name, slug, timeZone: "America/New_York", currency: "USD", visibility: "PUBLIC", joinPolicy },
    },
  );
  await gql(
    request,
    "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { id } }",
    {
      id: createCommunity.id,
      input: {
        description: "Morning walks along the **river**, every weekend. Dogs welcome.",
        ...(joinQuestions.length > 0 ? { joinQuestions } : {}),
      },
    },
  );
  return { id: createCommunity.id, slug };
}

test("a signed-out visitor opens an open community's page, signs in in place, joins and leaves", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Olive Owner");
  const community = await communityByApi(page.request, "River Walkers", "OPEN");
  await createEventByApi(page.request, community.id, { title: "Sunrise walk", timeZone: "America/New_York" });

  const preview = await page.request.get(`/c/${community.slug}`);
  expect(preview.status()).toBe(200);
  expect(await preview.text()).toContain('<meta property="og:title" content="River Walkers">');
  expect((await page.request.get("/c/no-such-community-here")).status()).toBe(404);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await context.newPage();
  await gotoHydrated(visitor, `/c/${community.slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "River Walkers" })).toBeVisible();
  await expect(visitor.getByText("1 member", { exact: true })).toBeVisible();
  await expect(visitor.getByRole("link", { name: /Sunrise walk/ })).toBeVisible();
  await expectAccessible(visitor, "community page, signed out");
  await saveScreenshot(visitor, "community-page-1280");
  await visitor.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(visitor, "community-page-390");
  await visitor.setViewportSize({ width: 1280, height: 900 });

  const membership = visitor.getByRole("region", { name: "Membership" });
  await membership.getByRole("button", { name: "Join" }).click();
  const email = uniqueEmail("walker");
  await membership.getByLabel("Email").fill(email);
  const since = Date.now();
  await membership.getByRole("button", { name: "Continue" }).click();
  await membership.getByLabel("Verification code").fill(await waitForCode(email, 15_000, since));
  await membership.getByLabel("Your name").fill("Ada Guest");
  await membership.getByRole("button", { name: "Continue" }).click();
  await expect(membership.getByText("You're a member · Member")).toBeVisible({ timeout: 15_000 });
  await expect(visitor.getByText("2 members", { exact: true })).toBeVisible();
  await expectAccessible(visitor, "community page, member");
  await saveScreenshot(visitor, "community-page-member");

  await membership.getByRole("button", { name: "Leave community" }).click();
  const dialog = visitor.getByRole("alertdialog", { name: "Leave River Walkers?" });
  await dialog.getByRole("button", { name: "Leave community" }).click();
  await expect(membership.getByRole("button", { name: "Join" })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText("1 member", { exact: true })).toBeVisible();
  await context.close();
});

test("a visitor asks to join an approval community, answering its question; after the admin approves, the page shows the membership", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Olive Owner");
  const community = await communityByApi(page.request, "Harbour Swimmers", "APPROVAL", [
    { kind: "SHORT_TEXT", label: "How often do you swim?", required: true },
  ]);

  const context = await browser.newContext();
  await signInByApi(context.request, "Ada Guest");
  const visitor = await context.newPage();
  await gotoHydrated(visitor, `/c/${community.slug}`);
  const membership = visitor.getByRole("region", { name: "Membership" });
  await membership.getByRole("button", { name: "Request to join" }).click();
  await expect(membership.getByText("Answer this question.")).toBeVisible();
  await expectAccessible(visitor, "community page, request with an error");
  await membership.getByLabel(/How often do you swim\?/).fill("Twice a week");
  await membership.getByRole("button", { name: "Request to join" }).click();
  await expect(membership.getByText("Request sent, waiting for approval")).toBeVisible();
  await expectAccessible(visitor, "community page, request sent");
  await saveScreenshot(visitor, "community-page-request-sent");

  // The visitor finds the waiting request on /me, with a way to withdraw it.
  await visitor.goto("/me");
  const waiting = visitor.getByRole("region", { name: "Waiting for approval" });
  await expect(waiting.getByRole("link", { name: "Harbour Swimmers" })).toBeVisible();
  await expect(waiting.getByRole("button", { name: "Withdraw request" })).toBeVisible();
  await expectAccessible(visitor, "/me with a join request waiting");

  // The owner sees the waiting request counted on the selection card and beside Members, and the
  // card names the next event.
  await createEventByApi(page.request, community.id, { title: "Dawn swim" });
  await page.goto("/community-selection");
  const card = page.getByRole("link", { name: /Harbour Swimmers/ });
  await expect(card).toContainText("1 join request waiting");
  await expect(card).toContainText("Next: Dawn swim");
  await expectAccessible(page, "community selection with a join request waiting");
  await page.goto(`/dashboard/${community.id}`);
  // The overview's figures: members, new members, the waiting request and the newest members.
  await expect(page.getByText("Pending requests", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Newest members" })).toContainText("Olive Owner");
  await saveScreenshot(page, "overview-member-figures");
  await expect(
    page
      .getByRole("navigation", { name: "Community" })
      .first()
      .getByRole("link", { name: /^Members/ }),
  ).toContainText("1 join request");
  await expectAccessible(page, "dashboard with a join request waiting");

  const { joinRequests } = await gql<{
    joinRequests: { nodes: { id: string; answers: { values: string[] }[] }[] };
  }>(
    page.request,
    "query ($id: ID!) { joinRequests(communityId: $id) { nodes { id answers { values } } } }",
    {
      id: community.id,
    },
  );
  expect(joinRequests.nodes.map((n) => n.answers.map((a) => a.values))).toEqual([[["Twice a week"]]]);
  await gql(page.request, "mutation ($id: ID!) { approveJoinRequest(id: $id) { status } }", {
    id: joinRequests.nodes[0]?.id,
  });

  await gotoHydrated(visitor, `/c/${community.slug}`);
  await expect(membership.getByText("You're a member · Member")).toBeVisible();

  await visitor.goto("/me");
  const communities = visitor.getByRole("region", { name: "Communities" });
  await expect(communities.getByRole("link", { name: "Harbour Swimmers" })).toBeVisible();
  await expect(communities).toContainText("Member");
  await expectAccessible(visitor, "/me with communities");
  await saveScreenshot(visitor, "me-communities");
  await context.close();
});

test("an admin shows members who else belongs; a member sees the directory on the community page", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Olive Owner");
  const community = await communityByApi(page.request, "Hill Climbers", "OPEN");

  await page.goto(`/dashboard/${community.id}/edit`);
  const settings = page.getByRole("region", { name: "Membership" });
  const directory = settings.getByRole("checkbox", { name: "Show members who else belongs" });
  await directory.check();
  await settings.getByRole("button", { name: "Save membership settings" }).click();
  await expect(page.getByText("Membership settings saved.")).toBeVisible();
  await expectAccessible(page, "settings, membership with the member directory");

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await context.newPage();
  await signInByApi(member.request, "Ada Guest");
  await gql(member.request, "mutation ($id: ID!) { joinCommunity(communityId: $id) { id } }", {
    id: community.id,
  });
  await gotoHydrated(member, `/c/${community.slug}`);
  const people = member.getByRole("list", { name: "Members" });
  await expect(people.getByRole("listitem")).toHaveText([/Ada Guest/, /Olive Owner\s*Owner/]);
  await expect(member.getByText("Showing 2 of 2")).toBeVisible();
  await expectAccessible(member, "community page, member directory");
  await saveScreenshot(member, "community-page-directory");

  await directory.uncheck();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/graphql") &&
      (response.request().postData() ?? "").includes("mutation UpdateCommunity"),
  );
  await settings.getByRole("button", { name: "Save membership settings" }).click();
  expect((await saved).ok()).toBe(true);
  await member.reload();
  await expect(member.getByRole("heading", { level: 1, name: "Hill Climbers" })).toBeVisible();
  await expect(member.getByRole("list", { name: "Members" })).toHaveCount(0);
  await context.close();
});

test("on a phone, long words wrap on the community and event pages, each page has one title, and the brand colour reaches Join", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const word = "Riverside".padEnd(103, "x");
  await signInByApi(page.request, "Olive Owner");
  const community = await communityByApi(page.request, "Long Words Club", "OPEN");
  await gql(
    page.request,
    "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { id } }",
    { id: community.id, input: { brandColor: "#0f766e" } },
  );
  const eventId = await createEventByApi(page.request, community.id, {
    title: `Walk ${word}`,
    venueName: word,
  });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await gotoHydrated(visitor, `/c/${community.slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Long Words Club" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: /Walk Riverside/ })).toBeVisible();
  expect(await scrollsSideways(visitor)).toBe(false);
  expect(await titlesInHead(visitor)).toBe(1);
  await expect(visitor).toHaveTitle("Long Words Club · Commons");
  // The brand colour as the page's theme shows it: as chosen where it reads well, shifted where not.
  const theme = (await visitor.evaluate(() => document.documentElement.classList.contains("dark")))
    ? "dark"
    : "light";
  const fill = brandPalette("#0f766e")?.[theme].primary ?? "";
  const rgb = [1, 3, 5].map((i) => Number.parseInt(fill.slice(i, i + 2), 16)).join(", ");
  await expect(
    visitor.getByRole("region", { name: "Membership" }).getByRole("button", { name: "Join" }),
  ).toHaveCSS("background-color", `rgb(${rgb})`);
  await expectAccessible(visitor, "community page with a long event title, 390 px");
  await saveScreenshot(visitor, "community-page-long-words-390");

  await gotoHydrated(visitor, `/e/${eventId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: /Walk Riverside/ })).toBeVisible();
  expect(await scrollsSideways(visitor)).toBe(false);
  expect(await titlesInHead(visitor)).toBe(1);
  await expect(visitor).toHaveTitle(`Walk ${word}`);
  await expectAccessible(visitor, "event page with long words, 390 px");
  await saveScreenshot(visitor, "event-page-long-words-390");

  // Side by side on a wide screen, an error under the email leaves the name field where it was.
  await visitor.setViewportSize({ width: 1280, height: 900 });
  const name = visitor.getByLabel("Your name");
  await name.fill("Ada Guest");
  await visitor.getByLabel("Email").fill("ada-at-example");
  // Measured within its form: the card stays in view as the page scrolls to the error.
  const placeInForm = () =>
    name.evaluate((field) => {
      const form = field.closest("form")?.getBoundingClientRect();
      const own = field.getBoundingClientRect();
      return { x: own.x - (form?.x ?? 0), y: own.y - (form?.y ?? 0), width: own.width };
    });
  const before = await placeInForm();
  await visitor.getByRole("button", { name: "Register" }).click();
  await expect(visitor.getByText("Enter an email address like name@example.com.")).toBeVisible();
  expect(await placeInForm()).toEqual(before);
  await expectAccessible(visitor, "event page with an email error");
  await context.close();

  // The owner's forms on a phone: the address prefix and the crop dialog's label stay on one line.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/create-community");
  await expect(slugPrefix(page)).toBeVisible();
  expect(await lineCount(slugPrefix(page))).toBe(1);
  expect(await scrollsSideways(page)).toBe(false);
  await expectAccessible(page, "create community, 390 px");
  await page.goto(`/dashboard/${community.id}/edit`);
  await expect(slugPrefix(page)).toBeVisible();
  expect(await lineCount(slugPrefix(page))).toBe(1);
  await page.locator('input[type="file"][aria-label="Logo"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 400, height: 400, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer(),
  });
  const zoom = page.getByRole("dialog").getByText("Zoom", { exact: true });
  await expect(zoom).toBeVisible();
  expect(await lineCount(zoom)).toBe(1);
  await expectAccessible(page, "crop dialog, 390 px");
  await saveScreenshot(page, "crop-dialog-390");
});

test("a signed-out visitor subscribes in place, and the community's calendar feed follows a reschedule", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olive Owner");
  const community = await communityByApi(page.request, "Night Owls", "OPEN");
  const png = (background: string, width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const coverPath = await uploadCommunityAsset(page.request, community.id, await png("#1e3a8a", 1200, 400));
  await gql(
    page.request,
    "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { id } }",
    { id: community.id, input: { name: "نادي المشي Night Owls", brandColor: "#7c3aed", coverPath } },
  );
  const eventCover = await uploadCommunityAsset(page.request, community.id, await png("#f59e0b", 800, 400));
  const talkId = await createEventByApi(page.request, community.id, {
    title: "Stargazing on the hill",
    timeZone: "America/New_York",
    coverPath: eventCover,
  });
  await createEventByApi(page.request, community.id, {
    title: "مساء الشعر والقصص",
    timeZone: "America/New_York",
    venueName: "Supercalifragilisticexpialidocious-Community-Hall-Building",
  });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await context.newPage();
  await visitor.goto(`/c/${community.slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: /Night Owls/ })).toBeVisible();
  await expect(visitor.getByRole("link", { name: /Stargazing on the hill/ })).toBeVisible();
  expect(await scrollsSideways(visitor)).toBe(false);
  await expectAccessible(visitor, "community page with covers, signed out");
  await saveThemedScreenshots(visitor, "community-page-brand-1280");
  await visitor.setViewportSize({ width: 390, height: 844 });
  expect(await scrollsSideways(visitor)).toBe(false);
  await expectAccessible(visitor, "community page with covers, 390 px");
  await saveThemedScreenshots(visitor, "community-page-brand-390");
  await visitor.setViewportSize({ width: 1280, height: 900 });

  // The calendar feed, linked from the page, lists the community's events.
  await visitor.getByRole("button", { name: "Add to your calendar" }).click();
  const subscribeLink = visitor.getByRole("menuitem", { name: "Subscribe in your calendar app" });
  await expect(subscribeLink).toHaveAttribute(
    "href",
    `webcal://localhost:${E2E_PORT}/c/${community.slug}/calendar.ics`,
  );
  await visitor.keyboard.press("Escape");
  const feed = async () => (await page.request.get(`/c/${community.slug}/calendar.ics`)).text();
  const before = await feed();
  expect(before).toContain("SUMMARY:Stargazing on the hill");
  expect(before).toContain("X-WR-CALNAME:نادي المشي Night Owls");

  // Subscribing signed out: the sign-in form opens in place, then the visitor is subscribed.
  await visitor.getByRole("button", { name: "Subscribe", exact: true }).click();
  const email = uniqueEmail("owl");
  await visitor.getByLabel("Email").fill(email);
  const since = Date.now();
  await visitor.getByRole("button", { name: "Continue" }).click();
  await visitor.getByLabel("Verification code").fill(await waitForCode(email, 15_000, since));
  await visitor.getByLabel("Your name").fill("Ada Guest");
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByRole("button", { name: "Subscribed" })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(visitor, "community page, subscribed");
  await visitor.reload();
  await expect(visitor.getByRole("button", { name: "Subscribed" })).toBeVisible();

  // The organizer moves the talk a week later: the feed says so, under the same UID.
  const { event } = await gql<{ event: { title: string } }>(
    page.request,
    "query ($id: ID!) { event(id: $id) { title } }",
    {
      id: talkId,
    },
  );
  expect(event.title).toBe("Stargazing on the hill");
  await gql(
    page.request,
    "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
    {
      id: talkId,
      input: sampleEventInput(27, {
        title: "Stargazing on the hill",
        timeZone: "America/New_York",
        coverPath: eventCover,
      }),
    },
  );
  const after = await feed();
  const startOf = (text: string) =>
    text
      .replace(/\r\n[ \t]/g, "")
      .split("BEGIN:VEVENT")
      .find((block) => block.includes("SUMMARY:Stargazing on the hill"))
      ?.match(/DTSTART:(\S+)/)?.[1];
  expect(startOf(after)).toBeTruthy();
  expect(startOf(after)).not.toBe(startOf(before));
  await context.close();
});
