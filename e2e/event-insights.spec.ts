import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi } from "./support/events.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveThemedScreenshots } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

/** The value shown under a figure's label in the insights section. */
const figure = (section: Locator, label: string) =>
  section.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await page.request.post("/api/graphql", {
    headers: { origin },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data;
}

test("visitors open an event's page, directly and from the community page; the organizer sees the views, the conversion, the sources and the check-ins", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Vera Viewcount");
  const communityId = await createCommunityByApi(page.request, "Counting Club");
  const eventId = await createEventByApi(page.request, communityId, { title: "Counted Evening" });
  const { community } = await graphql<{ community: { slug: string } }>(
    page,
    "query ($id: ID!) { community(id: $id) { slug } }",
    { id: communityId },
  );

  // Three visits of the page itself, by people who are not signed in.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  for (let i = 0; i < 3; i++) {
    await gotoHydrated(visitor, `/e/${eventId}`);
    await expect(visitor.getByRole("heading", { name: "Counted Evening" })).toBeVisible();
  }
  // One more from the community page, inside the app: no page load, a beacon.
  await gotoHydrated(visitor, `/c/${community.slug}`);
  const beacon = visitor.waitForRequest((request) => request.url().endsWith(`/api/events/${eventId}/view`));
  await visitor
    .getByRole("link", { name: /Counted Evening/ })
    .first()
    .click();
  await expect(visitor.getByRole("heading", { name: "Counted Evening" })).toBeVisible();
  await beacon;
  await visitorContext.close();

  // The organizer registers and checks in: one registration out of four views.
  const registration = await registerByApi(page.request, eventId);
  await graphql(page, "mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", { id: registration.id });

  await page.goto(`/dashboard/${communityId}/events/${eventId}`);
  const insights = page.getByRole("region", { name: "Insights" });
  // Views reach the database a few seconds after they are counted.
  await expect(async () => {
    await page.reload();
    await expect(figure(insights, "Page views")).toHaveText("4", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(figure(insights, "Registrations")).toHaveText("1");
  await expect(figure(insights, "Conversion")).toHaveText("25%");
  const sources = insights.getByRole("table", { name: "Registrations by source" });
  await expect(sources.getByRole("row")).toHaveCount(2);
  await expect(sources.getByRole("row").nth(1)).toContainText("100%");
  // The check-in curve is drawn, and its table lists the quarter hour of the one check-in.
  await expect(insights.getByRole("group", { name: "Check-ins" }).locator("canvas")).toBeVisible();
  await expectAccessible(page, "event insights");
  await saveThemedScreenshots(page, "event-insights-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveThemedScreenshots(page, "event-insights-390");
  await expectAccessible(page, "event insights on a phone");
  await page.setViewportSize({ width: 1280, height: 720 });
  await insights.getByRole("button", { name: /Show as table.*Check-ins/ }).click();
  const checkIns = insights.getByRole("table", { name: "Check-ins per quarter hour" });
  await expect(checkIns.getByRole("row")).toHaveCount(2);
  await expect(checkIns.getByRole("row").nth(1).getByRole("cell").last()).toHaveText("1");
  await expectAccessible(page, "event insights, check-ins as a table");
});
