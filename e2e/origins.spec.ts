import { type APIRequestContext, expect, test } from "@playwright/test";
import { createEventByApi } from "./support/events.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { uniqueEmail, waitForCode } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await request.post("/api/graphql", { headers: { origin }, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data;
}

/** Where each of an event's registrations came from, as its organizer reads them. */
async function originsOf(request: APIRequestContext, eventId: string) {
  const data = await graphql<{
    eventRegistrations: { nodes: { origin: string | null; person: { name: string } }[] };
  }>(
    request,
    "query ($eventId: ID!) { eventRegistrations(eventId: $eventId) { nodes { origin person { name } } } }",
    { eventId },
  );
  return Object.fromEntries(data.eventRegistrations.nodes.map((node) => [node.person.name, node.origin]));
}

test("a visitor from a newsletter link signs in with a code and registers, and the organizer sees the link; one who came through the community page is counted there", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olivia Organizer");
  const communityId = await createCommunityByApi(page.request, "Harbour Readers");
  const { community } = await graphql<{ community: { slug: string } }>(
    page.request,
    "query ($id: ID!) { community(id: $id) { slug } }",
    { id: communityId },
  );
  // Guests prove their address with a code first, so the visitor signs in on the event's page.
  const eventId = await createEventByApi(page.request, communityId, {
    title: "Poetry by the harbour",
    requireVerifiedEmail: true,
  });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await gotoHydrated(visitor, `/e/${eventId}?ref=Newsletter`);
  await expect(visitor.getByRole("heading", { name: "Poetry by the harbour" })).toBeVisible();
  await visitor.getByRole("button", { name: "Register" }).click();
  const email = uniqueEmail("reader");
  const since = Date.now();
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByRole("button", { name: "Continue" }).click();
  await visitor.getByLabel("Verification code").fill(await waitForCode(email, 15_000, since));
  await visitor.getByLabel("Your name").fill("Nora Newsletter");
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByRole("heading", { name: "You're going" })).toBeVisible({ timeout: 20_000 });
  await saveScreenshot(visitor, "origin-link-registered-dark");
  // The ref is kept in the tab's session storage only, cleaned as the server would keep it.
  expect(await visitor.evaluate(() => sessionStorage.getItem("commons:ref"))).toBe("newsletter");
  await visitorContext.close();

  // Someone else finds the event on the community's page and registers as a guest.
  const neighbourContext = await browser.newContext();
  const neighbour = await neighbourContext.newPage();
  const other = await createEventByApi(page.request, communityId, { title: "Short stories night" });
  await gotoHydrated(neighbour, `/c/${community.slug}`);
  await neighbour.getByRole("link", { name: /Short stories night/ }).click();
  await expect(neighbour).toHaveURL(new RegExp(`/e/${other}$`));
  await neighbour.getByLabel("Your name").fill("Cora Community");
  await neighbour.getByLabel("Email").fill(uniqueEmail("cora"));
  await neighbour.getByRole("button", { name: "Register" }).click();
  await expect(neighbour.getByRole("heading", { name: "You're registered" })).toBeVisible();
  await neighbourContext.close();

  expect(await originsOf(page.request, eventId)).toEqual({ "Nora Newsletter": "link:newsletter" });
  expect(await originsOf(page.request, other)).toEqual({ "Cora Community": "community_page" });
});
