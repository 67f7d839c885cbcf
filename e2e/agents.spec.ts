import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydrated.ts";
import { readMail, uniqueEmail, waitForCode } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveThemedScreenshots } from "./support/screenshots.ts";
import { createCommunityByApi, openCommunityByApi, signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await request.post("/api/graphql", { headers: { origin }, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`${query}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Someone signs in on their own and joins the community over the API; returns their address. */
async function joinByApi(browser: Browser, communityId: string, name: string) {
  const context = await browser.newContext();
  const email = await signInByApi(context.request, name);
  await gql(context.request, "mutation ($id: ID!) { joinCommunity(communityId: $id) { id } }", {
    id: communityId,
  });
  await context.close();
  return email;
}

/** The newest captured mail to `email` whose subject is `subject`, waited for. */
async function mailWithSubject(email: string, subject: string) {
  await expect
    .poll(() => readMail(email).filter((m) => m.subject === subject).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  return readMail(email)
    .filter((m) => m.subject === subject)
    .at(-1) as ReturnType<typeof readMail>[number];
}

/** Whether the members table, filtered by `tag`, lists `name`. */
async function membersTagged(page: Page, communityId: string, tag: string) {
  await page.goto(`/dashboard/${communityId}/members`);
  await page.getByLabel("Filter by tag").fill(tag);
  await page.getByLabel("Filter by tag").press("Enter");
  await expect(page).toHaveURL(/tag=/);
  return page.getByRole("table", { name: /Members/ });
}

test("an admin starts an agent from a template, sees its sentence follow the form, fixes a refused webhook without losing anything typed, switches it on and finds the approvals queue empty", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Aggie Admin");
  const communityId = await createCommunityByApi(page.request, "Robot Gardeners");

  // The sidebar leads to the agents: built now, so no "Soon".
  await page.goto(`/dashboard/${communityId}`);
  const nav = page.getByRole("navigation", { name: "Community" });
  await nav.getByRole("link", { name: "Agents", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/agents$`));
  await expect(page.getByText(/No agents yet/)).toBeVisible();
  await expectAccessible(page, "agents list, empty");
  await saveThemedScreenshots(page, "agents-list-empty");

  // A template card opens the form filled from it, its sentence on top.
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  await expect(dialog.getByRole("link", { name: /Welcome new members/ })).toBeVisible();
  await expectAccessible(page, "new agent templates");
  await saveThemedScreenshots(page, "agents-templates");
  await dialog.getByRole("link", { name: /Welcome new members/ }).click();
  await expect(page).toHaveURL(/\/agents\/new\?template=welcome_new_members$/);
  const sentence = page.getByTestId("agent-sentence");
  await expect(sentence).toContainText("When someone joins");
  await expect(page.getByLabel("Name")).toHaveValue("Welcome new members");

  // Edits show in the sentence as they are typed.
  await page.getByLabel("Subject").fill("Hello from the robots");
  await expect(sentence).toContainText("Hello from the robots");

  // A webhook over plain http is refused by the server, under its own field; what was typed stays.
  await page.getByLabel("Add an action").selectOption("webhook");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const url = page.getByLabel("Webhook URL (https)");
  await url.fill("http://example.com/hook");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByText("Webhooks are sent over HTTPS only")).toBeVisible();
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Subject")).toHaveValue("Hello from the robots");
  await expectAccessible(page, "agent form with a field error");
  await saveThemedScreenshots(page, "agent-form-error");

  await url.fill("https://example.com/hook");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/agents/(?!new)[^/?]+$`));
  await expect(page.getByRole("heading", { name: "Welcome new members", level: 2 })).toBeVisible();
  // The signing secret shows once the agent is saved, for the receiver to verify calls with.
  await expect(page.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  await expect(page.getByText(/No runs yet/)).toBeVisible();

  // New agents start off; the switch turns this one on.
  const toggle = page.getByRole("switch", { name: /Welcome new members/ });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expectAccessible(page, "agent page");
  await saveThemedScreenshots(page, "agent-page");

  await page.getByRole("link", { name: "All agents" }).click();
  const card = page.getByRole("listitem").filter({ hasText: "Welcome new members" });
  await expect(card.getByText(/When someone joins/)).toBeVisible();
  await expect(card.getByRole("switch")).toHaveAttribute("aria-checked", "true");
  await expect(card.getByText("Runs:")).toBeVisible();
  await expectAccessible(page, "agents list");
  await saveThemedScreenshots(page, "agents-list");

  await page.getByRole("link", { name: "Approvals" }).click();
  await expect(page.getByText(/Nothing waits for approval/)).toBeVisible();
  await expectAccessible(page, "approvals queue, empty");
  await saveThemedScreenshots(page, "agents-approvals-empty");
});

test("an admin rehearses the welcome agent over the past month, switches it on, a newcomer is welcomed, the admin undoes that run, then approves what the agent proposes for the next newcomer", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInByApi(page.request, "Wanda Welcomer");
  const community = await openCommunityByApi(page.request, "Harbour Rowers");
  // Two people joined during the past month, before any agent: the dry run shows them welcomed.
  const early = [
    await joinByApi(browser, community.id, "Ada Early"),
    await joinByApi(browser, community.id, "Bo Early"),
  ];

  // 1. The welcome agent from its template, rehearsed on the last 30 days, then switched on.
  await page.goto(`/dashboard/${community.id}/agents`);
  await page.getByRole("button", { name: "New agent" }).click();
  await page
    .getByRole("dialog", { name: "New agent" })
    .getByRole("link", { name: /Welcome new members/ })
    .click();
  await expect(page.getByTestId("agent-sentence")).toContainText("When someone joins");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByRole("heading", { name: "Welcome new members", level: 2 })).toBeVisible();
  const agentUrl = page.url();

  const dryRun = page.getByRole("region", { name: "Dry run" });
  await dryRun.getByLabel("Period").selectOption("30");
  await dryRun.getByRole("button", { name: "Run dry run" }).click();
  const wouldBe = dryRun.getByRole("list", { name: "Would-be runs" });
  // One would-be run per early member (the founder, who created the community, joined nobody's).
  await expect(wouldBe.locator(":scope > li")).toHaveCount(2);
  await expect(wouldBe).not.toContainText("Wanda Welcomer");
  await expect(dryRun.getByRole("definition").first()).toHaveText("2");
  const message = wouldBe.getByText("Message: Welcome to Harbour Rowers").first();
  await message.click();
  await expect(wouldBe.getByText(/Hi (Ada|Bo),/).first()).toBeVisible();
  await expect(
    wouldBe.getByText("Welcome to Harbour Rowers! We are glad you are here.").first(),
  ).toBeVisible();
  await expectAccessible(page, "agent page with a dry run");
  await saveThemedScreenshots(page, "agent-dry-run");

  const toggle = page.getByRole("switch", { name: /Welcome new members/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  // 2. A newcomer joins on the community's public page and is welcomed by mail.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await context.newPage();
  await gotoHydrated(visitor, `/c/${community.slug}`);
  const membership = visitor.getByRole("region", { name: "Membership" });
  await membership.getByRole("button", { name: "Join" }).click();
  const newcomer = uniqueEmail("newcomer");
  await membership.getByLabel("Email").fill(newcomer);
  const since = Date.now();
  await membership.getByRole("button", { name: "Continue" }).click();
  await membership.getByLabel("Verification code").fill(await waitForCode(newcomer, 15_000, since));
  await membership.getByLabel("Your name").fill("Nia Newcomer");
  await membership.getByRole("button", { name: "Continue" }).click();
  await expect(membership.getByText("You're a member · Member")).toBeVisible({ timeout: 15_000 });
  await context.close();
  const welcome = await mailWithSubject(newcomer, "Welcome to Harbour Rowers");
  expect(welcome.text).toContain("Hi Nia,");
  expect(welcome.text).toContain(`/c/${community.slug}`);
  // The early members joined before the agent was on, and the rehearsal sent nothing: no welcome.
  for (const email of early) expect(readMail(email).filter((m) => m.subject === welcome.subject)).toEqual([]);
  const tagged = await membersTagged(page, community.id, "new");
  await expect(tagged.getByText("Nia Newcomer")).toBeVisible();
  await expect(tagged.getByText("Ada Early")).toHaveCount(0);

  // 3. The run log has the run; step by step, then undone.
  await page.goto(agentUrl);
  const runLog = page.getByRole("region", { name: "Run log" });
  await expect(async () => {
    await page.reload();
    await expect(runLog.getByRole("row").filter({ hasText: "Nia Newcomer" })).toContainText("Succeeded", {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page, "agent page with a run");
  await saveThemedScreenshots(page, "agent-run-log");
  await runLog.getByRole("row").filter({ hasText: "Nia Newcomer" }).getByRole("button").click();
  const detail = page.getByRole("dialog", { name: "Run" });
  const steps = detail.getByRole("region", { name: "Steps" }).getByRole("listitem");
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText("Done");
  await expect(steps.nth(1)).toContainText("new");
  // Replayed with today's data the same trigger would mail her again, but not tag her: she has the tag.
  await detail.getByRole("button", { name: "Replay" }).click();
  const replayed = detail.getByRole("list", { name: "Steps it would take today" }).getByRole("listitem");
  await expect(replayed).toHaveCount(1);
  await expect(replayed.first()).toContainText("Nia Newcomer");
  await expectAccessible(page, "run detail");
  await saveThemedScreenshots(page, "agent-run-detail");
  await detail.getByRole("button", { name: "Undo this run" }).click();
  await expect(detail.getByText(/emails cannot be unsent/i)).toBeVisible();
  await detail.getByRole("button", { name: "Undo the run" }).click();
  await expect(page.getByText("The run was undone.")).toBeVisible();
  await expect(steps.nth(1)).toContainText("Undone");
  await expect(steps.nth(0)).toContainText("cannot be unsent");
  await expect(detail.getByRole("button", { name: /Undo/ })).toHaveCount(0);
  // Nor does the server take it back twice, asked directly.
  const runId = new URL(page.url()).searchParams.get("run");
  const again = await page.request.post("/api/graphql", {
    headers: { origin },
    data: { query: "mutation ($id: ID!) { undoAgentRun(id: $id) { id } }", variables: { id: runId } },
  });
  expect(JSON.stringify(await again.json())).toContain("This run was already undone.");
  await expectAccessible(page, "run detail, undone");
  await saveThemedScreenshots(page, "agent-run-undone");
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(runLog.getByRole("row").filter({ hasText: "Nia Newcomer" })).toContainText("Undone");
  await membersTagged(page, community.id, "new");
  await expect(page.getByText("No one matches these filters.")).toBeVisible();

  // 4. Set to propose, the agent puts its actions in the approvals queue; the sidebar counts them.
  await page.goto(agentUrl);
  await page.getByRole("radio", { name: /Propose, I approve/ }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
  const second = await joinByApi(browser, community.id, "Omar Other");
  const agentsLink = page
    .getByRole("navigation", { name: "Community" })
    .getByRole("link", { name: /^Agents/ });
  await expect(async () => {
    await page.reload();
    await expect(agentsLink).toHaveAccessibleName("Agents 2 agent items to review", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(readMail(second).filter((m) => m.subject === "Welcome to Harbour Rowers")).toHaveLength(0);

  await page.goto(`/dashboard/${community.id}/agents/approvals`);
  const proposals = page.getByRole("list", { name: "Proposals" }).getByRole("listitem");
  await expect(proposals).toHaveCount(2);
  await expectAccessible(page, "approvals queue");
  await saveThemedScreenshots(page, "agents-approvals");
  await page.getByLabel("Select all").check();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved 2 proposals.")).toBeVisible();
  await expect(page.getByText(/Nothing waits for approval/)).toBeVisible();
  await expect(agentsLink).toHaveAccessibleName("Agents");

  const secondWelcome = await mailWithSubject(second, "Welcome to Harbour Rowers");
  expect(secondWelcome.text).toContain("Hi Omar,");
  await expect(async () => {
    const table = await membersTagged(page, community.id, "new");
    await expect(table.getByText("Omar Other")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});
