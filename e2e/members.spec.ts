import { readFileSync } from "node:fs";
import { request as apiRequest, expect, type Locator, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi } from "./support/events.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const baseURL = `http://localhost:${E2E_PORT}`;

/** Words of the table's headers that wrap inside themselves: such a word has two boxes. */
function wordsSplitInHeaders(table: Locator): Promise<string[]> {
  return table.locator("thead").evaluate((head) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
    }
    return split;
  });
}

test("an admin tags two members, filters by the tag, saves a segment, exports it and finds a guest registrant among the people", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Chess Club");
  const eventId = await createEventByApi(page.request, communityId, { title: "Open board night" });
  // Registering for a public event of an open community makes each person a member.
  for (const name of ["Ada Guest", "Bo Guest", "Cy Guest"]) {
    const context = await apiRequest.newContext({ baseURL });
    await signInByApi(context, name);
    await registerByApi(context, eventId);
    await context.dispose();
  }

  await page.goto(`/dashboard/${communityId}/members`);
  const table = page.getByRole("table", { name: /Members/ });
  await expect(table.getByText("Cy Guest")).toBeVisible();
  await expect(page.getByText("4 members", { exact: true })).toBeVisible();
  // At 1280 px the useful columns fit beside the sidebar, without scrolling sideways; the rest
  // are chosen with Columns, and the choice outlives a reload.
  const scroller = table.locator("..");
  const fits = () => scroller.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(await fits()).toBe(true);
  for (const name of ["Events attended", "Check-ins", "Last active"]) {
    await expect(table.getByRole("columnheader", { name })).toBeInViewport();
  }
  expect(await wordsSplitInHeaders(table)).toEqual([]);
  await expect(table.getByRole("columnheader", { name: "Source" })).toHaveCount(0);
  await page.getByRole("button", { name: "Columns" }).click();
  const chooser = page.getByRole("group", { name: "Columns shown" });
  await chooser.getByRole("checkbox", { name: "Source" }).check();
  await expect(table.getByRole("columnheader", { name: "Source" })).toBeVisible();
  await expectAccessible(page, "members page with the column chooser open");
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Source" })).toBeVisible();
  await page.getByRole("button", { name: "Columns" }).click();
  await chooser.getByRole("checkbox", { name: "Source" }).uncheck();
  await page.getByRole("button", { name: "Columns" }).click();
  await expect(table.getByRole("columnheader", { name: "Source" })).toHaveCount(0);
  await expectAccessible(page, "members page");

  await table.getByRole("checkbox", { name: "Select Ada Guest" }).check();
  await table.getByRole("checkbox", { name: "Select Bo Guest" }).check();
  await page.getByLabel("Tag for the selected members").fill("volunteer");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByText('Tagged 2 members "volunteer".')).toBeVisible();

  await page.getByLabel("Filter by tag").fill("volunteer");
  await page.getByLabel("Filter by tag").press("Enter");
  await expect(page).toHaveURL(/tag=/);
  await expect(page.getByText("2 members match")).toBeVisible();
  await expect(table.getByText("Cy Guest")).toHaveCount(0);

  const segments = page.getByRole("complementary", { name: "Segments" });
  await segments.getByLabel("Save this filter as a segment").fill("Volunteers");
  await segments.getByRole("button", { name: "Save segment" }).click();
  await expect(segments.getByRole("link", { name: "Volunteers" })).toBeVisible();
  expect(await fits()).toBe(true);
  await saveScreenshot(page, "members-1280");
  await expectAccessible(page, "members page, filtered");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Export filtered to CSV/ }).click(),
  ]);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv).toContain("Ada Guest");
  expect(csv).toContain("Bo Guest");
  expect(csv).not.toContain("Cy Guest");
  expect(csv).toContain("volunteer");

  // The saved segment opens the same view from anywhere.
  await page.goto(`/dashboard/${communityId}/members`);
  await expect(page.getByText("4 members", { exact: true })).toBeVisible();
  await segments.getByRole("link", { name: "Volunteers" }).click();
  await expect(page.getByText("2 members match")).toBeVisible();

  // A signed-out guest's registration makes them one of the community's people, not a member.
  const guest = await apiRequest.newContext({ baseURL });
  const registered = await guest.post("/api/graphql", {
    headers: { origin: baseURL },
    data: {
      query:
        "mutation ($eventId: ID!, $input: GuestRegisterInput!) { registerAsGuest(eventId: $eventId, input: $input) { status } }",
      variables: {
        eventId,
        input: { name: "Dee Registrant", email: `dee-${Date.now()}@example.test`, answers: [] },
      },
    },
  });
  expect(await registered.json()).toMatchObject({ data: { registerAsGuest: { status: "GOING" } } });
  await guest.dispose();
  await page.goto(`/dashboard/${communityId}/members`);
  const deeRow = table.getByRole("row").filter({ hasText: "Dee Registrant" });
  await expect(deeRow.getByText("Person, not a member")).toBeVisible();
  await page.getByRole("button", { name: "Came to an event but never joined" }).click();
  await expect(page).toHaveURL(/kind=people/);
  await expect(page.getByText("1 person matches", { exact: true })).toBeVisible();
  await expect(table.getByText("Ada Guest")).toHaveCount(0);
  await expect(table.getByText("Dee Registrant")).toBeVisible();
  expect(await wordsSplitInHeaders(table)).toEqual([]);
  expect(await fits()).toBe(true);
  await saveScreenshot(page, "members-people-1280");
  await expectAccessible(page, "members page, people who never joined");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByText("Dee Registrant")).toBeVisible();
  await saveScreenshot(page, "members-390");
  await expectAccessible(page, "members page on a phone");
});
