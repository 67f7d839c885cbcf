import { expect, type Page, test } from "@playwright/test";
import { wallInDays } from "#server/test/event-input.ts";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi } from "./support/events.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;
const HOSTILE = "[first](javascript&#58;alert(1)) and [second](java&#9;script:alert(2))";

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await page.request.post("/api/graphql", {
    headers: { origin },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Every link target on the page, as the browser resolved it. */
const hrefs = (page: Page) =>
  page.locator("a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));

test("hostile Markdown links render as plain text on the event page and the community screens", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Mara Markdown");
  const slug = `plain-text-${Math.random().toString(36).slice(2, 7)}`;
  const { createCommunity } = await graphql<{ createCommunity: { id: string } }>(
    page,
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Plain Text Club",
        slug,
        description: `We **meet** on Fridays. ${HOSTILE}. [Our site](https://example.com)`,
        timeZone: "Europe/Berlin",
        currency: "EUR",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
  const communityId = createCommunity.id;
  const eventId = await createEventByApi(page.request, communityId, {
    title: "Link Safety Evening",
    description: `Bring snacks. ${HOSTILE}.`,
    endsAtLocal: wallInDays(20, "20:00"),
  });

  await page.goto(`/e/${eventId}`);
  const about = page.getByRole("region", { name: "About this event" });
  await expect(about).toContainText("Bring snacks. first and second.");
  expect((await hrefs(page)).filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
  await expect(about.locator("a")).toHaveCount(0);

  // The description belongs to the public page; the dashboard's overview leads with its figures.
  await page.goto(`/c/${slug}`);
  await expect(page.getByRole("heading", { name: "Plain Text Club" })).toBeVisible();
  await expect(page.locator("strong", { hasText: "meet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Our site" })).toHaveAttribute("href", "https://example.com");
  await expect(page.getByText("**meet**")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "first" })).toHaveCount(0);
  expect((await hrefs(page)).filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
  await expectAccessible(page, "community page with a Markdown description");
  await saveScreenshot(page, "community-page-markdown-description");

  await page.goto("/community-selection");
  const card = page.getByRole("link", { name: /Plain Text Club/ });
  await expect(card).toContainText("We meet on Fridays. first and second. Our site");
  await expect(card).not.toContainText("**");
  await expectAccessible(page, "community selection with a Markdown description");
});
