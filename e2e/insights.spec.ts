import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi } from "./support/events.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveThemedScreenshots } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

async function gql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await request.post("/api/graphql", { headers: { origin }, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A figure card's text: its label, value and change. */
const figure = (page: Page, label: string) =>
  page
    .locator('[aria-label="Key figures"] > div')
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) });

test("an admin reads the community's insights, changes the period, reads a tooltip and a table, downloads a CSV; an organizer sees no revenue and a member none of it", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Insight Gardeners");
  const eventId = await createEventByApi(page.request, communityId, { title: "Seed swap" });

  // Three people join and register; one of them becomes an organizer, one stays a member.
  const people: { email: string; membershipId: string; registrationId: string }[] = [];
  for (const name of ["Ada Gardener", "Bo Gardener", "Cy Gardener"]) {
    const context = await browser.newContext();
    const email = await signInByApi(context.request, name);
    const joined = await gql<{ joinCommunity: { id: string } }>(
      context.request,
      "mutation ($id: ID!) { joinCommunity(communityId: $id) { id } }",
      { id: communityId },
    );
    const registration = await registerByApi(context.request, eventId);
    people.push({ email, membershipId: joined.joinCommunity.id, registrationId: registration.id });
    await context.close();
  }
  const [ada, bo, cy] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  await gql(
    page.request,
    "mutation ($id: ID!) { setMemberRole(membershipId: $id, role: ORGANIZER) { id } }",
    {
      id: bo.membershipId,
    },
  );
  // Ada paid for her seat at the door: revenue for the admin, none for the organizer.
  await gql(
    page.request,
    "mutation ($communityId: ID!, $input: RecordPaymentInput!) { recordPayment(communityId: $communityId, input: $input) { id } }",
    {
      communityId,
      input: {
        purpose: "TICKET",
        amountMinor: 2_500,
        currency: "EUR",
        method: "CASH",
        registrationId: ada.registrationId,
      },
    },
  );

  // The sidebar leads there; the rollups follow the log, so the page is read again until they have.
  await page.goto(`/dashboard/${communityId}`);
  await page
    .getByRole("navigation", { name: "Community" })
    .getByRole("link", { name: "Insights", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/insights$`));
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByRole("radio", { name: "30 days" })).toBeChecked();
  await expect(async () => {
    await page.reload();
    await expect(figure(page, "Registrations")).toContainText("3", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(figure(page, "Members")).toContainText("4");
  await expect(figure(page, "Revenue (EUR)")).toContainText("€25.00");
  await expect(page.getByRole("heading", { name: "Revenue", exact: true })).toBeVisible();
  // Where people came from: the three who joined through no page we know, and the owner.
  const sources = page.getByRole("list", { name: "Registrations and joins by source" });
  await expect(sources.getByRole("listitem").filter({ hasText: "Unknown" })).toHaveText(
    /3 registrations\s*3 joins$/,
  );
  await expect(sources.getByRole("listitem").filter({ hasText: "Created the community" })).toHaveText(
    /0 registrations\s*1 join$/,
  );

  // The period lives in the URL.
  await page.getByText("7 days", { exact: true }).click();
  await expect(page).toHaveURL(/\?period=last_7_days$/);
  await expect(page.getByText(/compared with/)).toBeVisible();

  // Pointing at the member growth chart shows that day's numbers, once the 7 days' chart is drawn.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const growth = page.getByRole("group", { name: "Member growth" });
  const tooltip = page.getByTestId("chart-tooltip");
  await expect(async () => {
    await growth.scrollIntoViewIfNeeded();
    const box = await growth.locator(".u-over").boundingBox();
    if (!box) throw new Error("the member growth chart has no plotting area yet");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
    await expect(tooltip).toContainText("Members", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(tooltip).toContainText("Joined");
  await expect(tooltip).toContainText("4");

  // The same numbers as a table.
  const growthCard = page.getByRole("region", { name: "Member growth" });
  await growthCard.getByRole("button", { name: "Show as table: Member growth" }).click();
  const table = growthCard.getByRole("table", { name: "Member growth" });
  await expect(table.getByRole("row")).toHaveCount(8);
  await expect(table.getByRole("row").last()).toContainText("4");

  // And as a CSV file: a header with the bucket first, then one row per day of the 7.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    growthCard.getByRole("link", { name: "CSV: download Member growth" }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, "utf8")
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe("Bucket,Members,Joined,Left");
  expect(csv).toHaveLength(8);
  // The community began today: six empty days, then the owner and the three who joined.
  expect(csv[1]).toMatch(/^\d{4}-\d{2}-\d{2},0,0,0$/);
  expect(csv.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},4,4,0$/);
  const today = csv.at(-1)?.split(",")[0] ?? "";

  // The revenue file, which only people who see revenue may download, holds Ada's ticket.
  const revenueCsv = await page.request.get(
    `/api/communities/${communityId}/insights/revenue.csv?preset=last_7_days`,
  );
  expect(revenueCsv.status()).toBe(200);
  const revenueRows = (await revenueCsv.text()).trim().split(/\r?\n/);
  expect(revenueRows[0]).toBe("Bucket,Currency,Tickets,Memberships,Other,Refunds");
  expect(revenueRows).toContain(`${today},EUR,25.00,0.00,0.00,0.00`);

  await growthCard.getByRole("button", { name: "Show as chart: Member growth" }).click();
  await expectAccessible(page, "insights");
  await saveThemedScreenshots(page, "insights-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveThemedScreenshots(page, "insights-390");
  await expectAccessible(page, "insights on a phone");

  // The organizer reads the same numbers without revenue.
  const organizerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const organizer = await organizerContext.newPage();
  await signInByApi(organizer.request, "Bo Gardener", bo.email);
  await organizer.goto(`/dashboard/${communityId}/insights?period=last_7_days`);
  await expect(figure(organizer, "Registrations")).toContainText("3");
  await expect(organizer.getByText(/Revenue/)).toHaveCount(0);
  await expect(organizer.getByRole("columnheader", { name: "Revenue" })).toHaveCount(0);
  const forOrganizer = (chart: string) =>
    organizer.request.get(`/api/communities/${communityId}/insights/${chart}.csv?preset=last_7_days`);
  expect((await forOrganizer("member-growth")).status()).toBe(200);
  expect((await forOrganizer("revenue")).status()).toBe(403);
  await organizerContext.close();

  // A member finds no entry in the menu and a clear answer at the address.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await signInByApi(member.request, "Cy Gardener", cy.email);
  await member.goto(`/dashboard/${communityId}/insights`);
  await expect(member.getByText(/Insights are not available to you/)).toBeVisible();
  await expect(member.getByRole("link", { name: "Insights", exact: true })).toHaveCount(0);
  await memberContext.close();
});
