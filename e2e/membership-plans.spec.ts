import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi } from "./support/events.ts";
import { E2E_PORT, screenshotDir } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";
import { connectStripeInSettings } from "./support/stripe.ts";

const origin = `http://localhost:${E2E_PORT}`;

async function slugOf(page: Page, communityId: string): Promise<string> {
  const response = await page.request.post("/api/graphql", {
    headers: { origin },
    data: { query: "query ($id: ID!) { community(id: $id) { slug } }", variables: { id: communityId } },
  });
  const body = (await response.json()) as { data?: { community: { slug: string } } };
  if (!body.data) throw new Error(`community: ${JSON.stringify(body)}`);
  return body.data.community.slug;
}

/** Both themes' screenshots of what the person sees now: the whole page, or one part of it. */
async function screenshots(page: Page, name: string, part?: Locator) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((next) => {
      document.documentElement.className = next;
      document.documentElement.style.colorScheme = next;
    }, theme);
    if (part) await part.screenshot({ path: join(screenshotDir, `${name}-${theme}.png`) });
    else await saveScreenshot(page, `${name}-${theme}`);
  }
}

test("an owner offers a monthly plan; a person subscribes through Stripe Checkout, manages billing from /me, registers for a members-only event, and the admin finds them by plan among members and payments", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInByApi(page.request, "Olga Owner");
  const communityId = await createCommunityByApi(page.request, "Harbour Sailing Club");
  const slug = await slugOf(page, communityId);
  await connectStripeInSettings(page, communityId);

  // Settings → Membership plans: a monthly plan with members-only events.
  await page.goto(`/dashboard/${communityId}/edit#plans`);
  const plans = page.getByRole("region", { name: "Membership plans" });
  await expect(plans.getByText("No plans yet.")).toBeVisible();
  await plans.getByRole("button", { name: "New plan" }).click();
  const dialog = page.getByRole("dialog", { name: "New plan" });
  await dialog.getByLabel("Name").fill("Supporter");
  await dialog.getByLabel("Description (optional)").fill("Keeps the boats on the water.");
  await dialog.getByLabel("Billing").selectOption({ label: "Every month" });
  await dialog.getByLabel("Price (EUR)").fill("5.00");
  await dialog.getByRole("checkbox", { name: "See members-only events" }).check();
  await expectAccessible(page, "settings → membership plans with the new plan dialog");
  await screenshots(page, "plans-dialog", dialog);
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog).toHaveCount(0);
  const supporter = plans.getByRole("listitem").filter({ hasText: "Supporter" });
  await expect(supporter).toContainText("€5.00 a month");
  await expect(supporter).toContainText("Gives members-only events");
  await expectAccessible(page, "settings → membership plans with a plan");
  const eventId = await createEventByApi(page.request, communityId, {
    title: "Crew evening",
    visibility: "MEMBERS",
  });

  // A signed-in person chooses the plan on the community's page and pays on Stripe's Checkout.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInByApi(member.request, "Ada Guest");
  await member.goto(`/c/${slug}`);
  const choice = member.getByRole("radio", { name: /Supporter/ });
  await expect(choice).toBeVisible();
  await expect(member.getByRole("group", { name: "Choose a plan" })).toContainText("€5.00 a month");
  await expectAccessible(member, "community page with a plan");
  await screenshots(member, "community-page-plans");
  await choice.click();
  await member.getByRole("button", { name: "Continue to payment" }).click();
  await member.waitForURL((url) => url.pathname.startsWith("/checkout/"));
  await expect(member.getByText("€5.00").first()).toBeVisible();
  await member.getByLabel("Name on card").fill("Ada Guest");
  await member.getByRole("button", { name: /^Pay / }).click();
  await member.waitForURL((url) => url.pathname === `/c/${slug}`);
  // The page polls until Stripe's webhook is handled and the plan is active.
  const standing = member.getByText("Plan:").locator("..");
  await expect(standing).toContainText("Supporter", { timeout: 20_000 });
  await expect(standing).toContainText("Active");
  await expect(member.getByText("You're a member", { exact: false })).toBeVisible();

  // /me: the plan, active, with its next renewal, and Manage billing opens Stripe's portal.
  await member.goto("/me");
  const yourPlans = member.getByRole("region", { name: "Membership plans" });
  const held = yourPlans.getByRole("listitem").filter({ hasText: "Supporter" });
  await expect(held).toContainText("Active");
  await expect(held).toContainText("Harbour Sailing Club");
  await expect(held).toContainText(/Renews on \w+/);
  await expectAccessible(member, "/me with a membership plan");
  await screenshots(member, "me-plans");
  await held.getByRole("button", { name: "Manage billing for Supporter of Harbour Sailing Club" }).click();
  await member.waitForURL((url) => url.pathname.startsWith("/billing/"));
  const subscriptions = member.getByRole("table", { name: "Subscriptions" });
  await expect(subscriptions).toContainText("Supporter");
  await expect(subscriptions).toContainText("active, renews");
  await member.getByRole("link", { name: "Return" }).click();
  await member.waitForURL((url) => url.pathname === "/me");

  // The members-only event is open to them now.
  await member.goto(`/e/${eventId}`);
  await expect(member.getByRole("heading", { name: "Crew evening" })).toBeVisible();
  const registration = member.getByRole("region", { name: "Registration" });
  await registration.getByRole("button", { name: /^Register/ }).click();
  await expect(registration.getByText(/You're going/)).toBeVisible();
  await memberContext.close();

  // The admin's member table: the plan and its status, and the plan filter keeps only Ada.
  await page.goto(`/dashboard/${communityId}/members`);
  const table = page.getByRole("table", { name: /Members/ });
  const ada = table.getByRole("row").filter({ hasText: "Ada Guest" });
  await expect(ada).toContainText("Supporter");
  await expect(ada).toContainText("Active");
  await expect(table.getByRole("row").filter({ hasText: "Olga Owner" })).toBeVisible();
  // Short words stay whole in the crowded table: one line box each, not "Suppor / ter".
  for (const word of [ada.getByText("Supporter", { exact: true }), ada.getByText("None", { exact: true })])
    expect(await word.evaluate((element) => element.getClientRects().length)).toBe(1);
  await page.getByLabel("Plan", { exact: true }).selectOption({ label: "Supporter" });
  await expect(table.getByRole("row").filter({ hasText: "Olga Owner" })).toHaveCount(0);
  await expect(ada).toBeVisible();
  await expectAccessible(page, "member table with the plan column");
  await screenshots(page, "members-plan-column");

  // The payments page lists the membership payment.
  await page.goto(`/dashboard/${communityId}/payments`);
  const payments = page.getByRole("table", { name: /Payments/ });
  const paid = payments.getByRole("row").filter({ hasText: "Ada Guest" });
  await expect(paid).toContainText("€5.00");
  await expect(paid).toContainText("Membership");
  await page.getByLabel("Plan", { exact: true }).selectOption({ label: "Supporter" });
  await expect(page).toHaveURL(/[?&]plan=/);
  await expect(paid).toContainText("€5.00");
  await expectAccessible(page, "payments filtered by plan");
  await screenshots(page, "payments-plan-filter");
});
