import { request as apiRequest, expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi } from "./support/events.ts";
import { readMail, uniqueEmail, waitForCode } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const baseURL = `http://localhost:${E2E_PORT}`;
const origin = baseURL;

async function invitationLink(email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = readMail(email)
      .at(-1)
      ?.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("an admin invites two people, one accepts from the mail, and the admin changes their role from the drawer", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Rowing Club");
  const first = uniqueEmail("ada");
  const second = uniqueEmail("bo");

  await page.goto(`/dashboard/${communityId}/members`);
  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite people" });
  await dialog.getByLabel("Email addresses").fill(`${first},\n${second} not-an-address`);
  await expect(dialog.getByLabel("Role")).toHaveValue("MEMBER");
  await expectAccessible(page, "invite people dialog");
  await dialog.getByRole("button", { name: "Send invitations" }).click();
  const results = dialog.getByRole("list", { name: "Invitation results" });
  await expect(results.getByRole("listitem")).toHaveText([
    `${first}Invited`,
    `${second}Invited`,
    "not-an-addressNot a valid address",
  ]);
  await expectAccessible(page, "invite people results");
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.getByRole("tab", { name: /Invitations/ }).click();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending.getByText(first)).toBeVisible();
  await expect(pending.getByText(second)).toBeVisible();
  await expectAccessible(page, "pending invitations");

  // The first invitee, new to Commons, opens the mail's link and signs up.
  const link = await invitationLink(first);
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(new URL(link).pathname);
  const since = Date.now();
  await guest.getByRole("button", { name: "Continue" }).click();
  await guest.getByLabel("Verification code").fill(await waitForCode(first, 15_000, since));
  await guest.getByLabel("Your name").fill("Ada Guest");
  await guest.getByRole("button", { name: "Continue" }).click();
  await expect(guest).toHaveURL(new RegExp(`/dashboard/${communityId}$`), { timeout: 20_000 });
  await context.close();

  await page.reload();
  const table = page.getByRole("table", { name: /Members/ });
  await table.getByRole("button", { name: "Ada Guest" }).click();
  const drawer = page.getByRole("dialog", { name: "Ada Guest" });
  await expect(drawer.getByText(first)).toBeVisible();
  await expect(drawer.getByText("Invited", { exact: true })).toBeVisible();
  await saveScreenshot(page, "member-drawer");
  await expectAccessible(page, "member drawer");
  await drawer.getByLabel("Role").selectOption("ORGANIZER");
  await drawer.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText("Ada Guest is now organizer.")).toBeVisible();
  // The drawer's timeline is read from the domain-event log.
  const timeline = drawer.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("listitem").first()).toContainText(
    "Role changed from member to organizer by Olivia Owner",
  );
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  // Focus returns to the name that opened the drawer.
  await expect(table.getByRole("button", { name: "Ada Guest" })).toBeFocused();
  const adaRow = table.getByRole("row").filter({ hasText: "Ada Guest" });
  await expect(adaRow.getByText("Organizer")).toBeVisible();

  // Only the unaccepted invitation is left pending.
  await page.getByRole("tab", { name: /Invitations/ }).click();
  await expect(pending.getByText(second)).toBeVisible();
  await expect(pending.getByText(first)).toHaveCount(0);
});

test("a visitor's request to join is approved from the queue", async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Choir");
  const updated = await page.request.post("/api/graphql", {
    headers: { origin },
    data: {
      query:
        "mutation ($id: ID!, $q: [QuestionInput!]) { updateCommunity(id: $id, input: { joinPolicy: APPROVAL, joinQuestions: $q }) { joinQuestions { id } } }",
      variables: {
        id: communityId,
        q: [{ kind: "SHORT_TEXT", label: "Which voice do you sing?", required: true }],
      },
    },
  });
  const questionId = (await updated.json()).data.updateCommunity.joinQuestions[0].id as string;
  const visitor = await apiRequest.newContext({ baseURL });
  await signInByApi(visitor, "Cy Guest");
  const joined = await visitor.post("/api/graphql", {
    headers: { origin },
    data: {
      query:
        "mutation ($id: ID!, $a: [AnswerInput!]) { joinCommunity(communityId: $id, answers: $a) { status } }",
      variables: { id: communityId, a: [{ questionId, values: ["Alto"] }] },
    },
  });
  expect(await joined.json()).toEqual({ data: { joinCommunity: { status: "PENDING" } } });
  await visitor.dispose();

  await page.goto(`/dashboard/${communityId}/members`);
  await page.getByRole("tab", { name: /Join requests.*1 pending/ }).click();
  const queue = page.getByRole("list", { name: "Join requests" });
  await expect(queue.getByText("Cy Guest")).toBeVisible();
  await expect(queue.getByText("Alto")).toBeVisible();
  await expectAccessible(page, "join requests");
  await queue.getByRole("button", { name: "Decline Cy Guest" }).click();
  await expect(page.getByRole("dialog", { name: "Decline Cy Guest's request" })).toBeVisible();
  await expectAccessible(page, "decline request dialog");
  await page.getByRole("button", { name: "Cancel" }).click();

  await queue.getByRole("button", { name: "Approve Cy Guest" }).click();
  await expect(page.getByText("Cy Guest is now a member.")).toBeVisible();
  await expect(page.getByText("No one is waiting to join.")).toBeVisible();
  await page.getByRole("tab", { name: "Members" }).click();
  await expect(
    page.getByRole("table", { name: /Members/ }).getByRole("button", { name: "Cy Guest" }),
  ).toBeVisible();
});

test("an admin bans a member from the drawer, and their registration to the coming event is canceled with it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Kayak Club");
  const eventId = await createEventByApi(page.request, communityId, {
    title: "Sunday paddle",
    onlineUrl: "https://meet.example.test/paddle",
  });
  // Registering for a public event of an open community makes the person a member.
  const member = await apiRequest.newContext({ baseURL });
  await signInByApi(member, "Dee Member");
  expect((await registerByApi(member, eventId)).status).toBe("GOING");

  await page.goto(`/dashboard/${communityId}/members`);
  await page
    .getByRole("table", { name: /Members/ })
    .getByRole("button", { name: "Dee Member" })
    .click();
  const drawer = page.getByRole("dialog", { name: "Dee Member" });
  await drawer.getByRole("button", { name: "Ban", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Ban this member?" });
  const cancelTheirs = confirm.getByRole("checkbox", {
    name: "Also cancel their registrations to upcoming events",
  });
  await expect(cancelTheirs).toBeChecked();
  await expect(confirm.getByText("Paid tickets are not refunded")).toBeVisible();
  await saveScreenshot(page, "ban-dialog");
  await expectAccessible(page, "ban dialog");
  await confirm.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(
    page.getByText("Dee Member is banned and their registrations to upcoming events are canceled."),
  ).toBeVisible();
  await expect(confirm).toBeHidden();

  // The member's place, and the online link that came with it, are gone.
  const seen = await member.post("/api/graphql", {
    headers: { origin },
    data: {
      query: "query ($id: ID!) { event(id: $id) { onlineUrl viewerRegistration { status } } }",
      variables: { id: eventId },
    },
  });
  expect(await seen.json()).toEqual({
    data: { event: { onlineUrl: null, viewerRegistration: { status: "CANCELED" } } },
  });
  await member.dispose();
});
