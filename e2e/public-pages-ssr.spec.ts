import { expect, type Page, test } from "@playwright/test";
import { createEventByApi } from "./support/events.ts";
import { uniqueEmail } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { openCommunityByApi, signInByApi } from "./support/session.ts";

// The event and community pages come rendered from the server (decision 034): what a shared link
// shows is in the first HTML, before any script runs, and the app then takes the page over
// without asking the server for the same data again.

const origin = `http://localhost:${E2E_PORT}`;

/** What the browser reports while the page runs: errors, and React's hydration complaints. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

test("the event and community pages are in the first HTML, hydrate without fetching again, and registering works", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Sam Server");
  const community = await openCommunityByApi(page.request, "Harbour Readers");
  const title = `Reading by the harbour ${Math.random().toString(36).slice(2, 6)}`;
  // A long description makes the page larger than the size past which React would move a
  // Suspense boundary's content out of place and reveal it by an inline script the CSP refuses.
  const description = Array.from(
    { length: 40 },
    (_, i) => `Chapter ${i + 1}: we read aloud and talk about what we heard, with tea by the water.`,
  ).join("\n\n");
  const eventId = await createEventByApi(page.request, community.id, { title, capacity: 20, description });
  const startsAt = new Date(Date.now() + 20 * 86_400_000);
  const day = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", month: "long", day: "numeric" });

  // Without JavaScript: the server's HTML is all there is.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  const eventResponse = await still.goto(`/e/${eventId}`);
  expect(eventResponse?.status()).toBe(200);
  await expect(still.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(still.locator("main")).toContainText(day.format(startsAt).split(" ")[0] as string);
  await expect(still.getByRole("button", { name: "Register" })).toBeVisible();
  await expect(still.getByText("Chapter 40: we read aloud")).toBeVisible();
  // Every Suspense boundary is written in place: none waits for a script to be revealed.
  const eventHtml = (await eventResponse?.text()) ?? "";
  expect(eventHtml).toContain("<!--$-->");
  expect(eventHtml).not.toMatch(/<template id="B:|<div hidden id="S:/);
  const communityResponse = await still.goto(`/c/${community.slug}`);
  expect(communityResponse?.status()).toBe(200);
  await expect(still.getByRole("heading", { level: 1, name: "Harbour Readers" })).toBeVisible();
  await expect(still.getByRole("link", { name: title })).toBeVisible();
  expect((await still.goto("/c/no-such-community-here"))?.status()).toBe(404);
  await noScript.close();

  // With JavaScript: the page hydrates quietly, and its data is not asked for again.
  // In a zone other than the server's: the visitor's own time comes after hydration.
  const guestContext = await browser.newContext({ timezoneId: "America/New_York" });
  const guest = await guestContext.newPage();
  const problems = watchConsole(guest);
  const queries: string[] = [];
  guest.on("request", (request) => {
    if (request.url().endsWith("/api/graphql")) queries.push(request.postData() ?? "");
  });
  await guest.goto(`/c/${community.slug}`);
  await expect(guest.getByRole("heading", { level: 1, name: "Harbour Readers" })).toBeVisible();
  await expect(guest.locator("html[data-hydrated]")).toHaveCount(1);
  await guest.goto(`/e/${eventId}`);
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(guest.locator("html[data-hydrated]")).toHaveCount(1);
  const email = uniqueEmail("ssr-guest");
  await guest.getByLabel("Your name").fill("Ada Hydrated");
  await guest.getByLabel("Email").fill(email);
  expect(queries.filter((body) => /query (EventPage|CommunityPage)\b/.test(body))).toEqual([]);
  await expect(guest.getByText(/Your time: .* EST/)).toBeVisible();
  await guest.getByRole("button", { name: "Register" }).click();
  await expect(guest.getByRole("heading", { name: "You're registered" })).toBeVisible();
  await expect(guest.getByText(email)).toBeVisible();
  expect(problems).toEqual([]);
  await guestContext.close();

  // A signed-in visitor gets the same first HTML, then their own state after hydration.
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  const memberProblems = watchConsole(memberPage);
  await signInByApi(memberPage.request, "Rita Registered");
  await memberPage.request.post("/api/graphql", {
    headers: { origin },
    data: {
      query:
        "mutation ($eventId: ID!, $input: RegisterInput!) { register(eventId: $eventId, input: $input) { id } }",
      variables: { eventId, input: { answers: [] } },
    },
  });
  const firstHtml = await (await memberPage.request.get(`/e/${eventId}`)).text();
  expect(firstHtml).toContain(title);
  // Her own state comes after hydration (the guest list names her to everyone, as it names every guest).
  expect(firstHtml).not.toContain("You're going");
  await memberPage.goto(`/e/${eventId}`);
  await expect(memberPage.getByRole("heading", { name: "You're going" })).toBeVisible();
  expect(memberProblems).toEqual([]);
  await member.close();
});

test("the stored theme is on the page before any of the app's scripts runs, with nothing refused", async ({
  page,
}) => {
  await signInByApi(page.request, "Tess Theme");
  const { slug } = await openCommunityByApi(page.request, "Evening light");
  await page.context().clearCookies();
  const problems = watchConsole(page);
  await page.goto(`/c/${slug}`);
  await page.evaluate(() => localStorage.setItem("vite-ui-theme", "light"));
  // Without the app's scripts, only index.html's own theme script can set the colours.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Evening light" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.className)).toBe("light");
  // The Content-Security-Policy allows that script by its hash: the browser refused nothing.
  expect(problems.filter((problem) => /Content Security Policy|Refused/i.test(problem))).toEqual([]);
});
