import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { readMail, uniqueEmail, waitForCode } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

async function invitationLink(email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMail(email).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("an admin sets join questions and invites by email; the invitee signs up from the mail's link and lands as a member", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, "Ines Inviter");
  const communityId = await createCommunityByApi(page.request, "Harbour Rowers");

  // Settings -> membership: approval with a join question.
  await page.goto(`/dashboard/${communityId}/edit`);
  const membership = page.getByRole("region", { name: "Membership" });
  await membership.getByRole("radio", { name: /Approval/ }).check();
  const questions = membership.getByRole("group", { name: "Join questions" });
  await questions.getByRole("button", { name: "Add question" }).click();
  await questions.getByRole("textbox", { name: "Question" }).fill("Have you rowed before?");
  await membership.getByRole("button", { name: "Save membership settings" }).click();
  await expect(membership.getByRole("button", { name: "Save membership settings" })).toBeDisabled();
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Membership" }).getByRole("textbox", { name: "Question" }),
  ).toHaveValue("Have you rowed before?");
  await expectAccessible(page, "membership settings with join questions");

  // The invitation goes out through the outbox.
  const invitee = uniqueEmail("invitee");
  const invited = await page.request.post("/api/graphql", {
    headers: { origin },
    data: {
      query:
        "mutation ($id: ID!, $emails: [String!]!) { inviteMembers(communityId: $id, emails: $emails, role: ORGANIZER) { result } }",
      variables: { id: communityId, emails: [invitee] },
    },
  });
  expect(await invited.json()).toEqual({ data: { inviteMembers: [{ result: "INVITED" }] } });
  const link = await invitationLink(invitee);

  // The invitee, signed out and new to Commons, opens the link.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(new URL(link).pathname);
  await expect(guest.getByRole("heading", { name: "Join Harbour Rowers" })).toBeVisible();
  await expect(guest.getByText("You're invited to join Harbour Rowers as an organizer.")).toBeVisible();
  await expect(guest.getByLabel("Email")).toHaveValue(invitee);
  await expectAccessible(guest, "invitation");
  await saveScreenshot(guest, "invitation-signed-out");
  const since = Date.now();
  await guest.getByRole("button", { name: "Continue" }).click();
  await guest.getByLabel("Verification code").fill(await waitForCode(invitee, 15_000, since));
  await guest.getByLabel("Your name").fill("Ada Guest");
  await guest.getByRole("button", { name: "Continue" }).click();
  await expect(guest).toHaveURL(new RegExp(`/dashboard/${communityId}$`), { timeout: 20_000 });
  await expect(guest.getByRole("heading", { name: "Harbour Rowers" }).first()).toBeVisible();

  // The link works once.
  await guest.goto(new URL(link).pathname);
  await expect(guest.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();
  await expectAccessible(guest, "invitation already used");
  await context.close();
});
