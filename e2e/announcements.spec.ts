import { request as apiRequest, expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { readMail } from "./support/mail.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";
import type { CapturedMail } from "./support/smtp-capture.ts";

const baseURL = `http://localhost:${E2E_PORT}`;
const origin = baseURL;

/** The newest mail to `email` with this subject, once the outbox has sent it. */
async function mailWith(email: string, subject: string, timeoutMs = 20_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMail(email).findLast((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A header of the raw message, unfolded. */
function headerOf(mail: CapturedMail, name: string): string | null {
  const head = mail.raw.replace(/\r\n/g, "\n").split("\n\n")[0] ?? "";
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name.toLowerCase())
      return line.slice(colon + 1).trim();
  }
  return null;
}

test("an admin emails a segment; a member reads it, unsubscribes with one click, and the next announcement skips them", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Garden Club");

  // Two people join the open community; the admin tags both "volunteer" and saves that segment.
  const joined: { email: string; membershipId: string }[] = [];
  for (const name of ["Ada Guest", "Bo Guest"]) {
    const context = await apiRequest.newContext({ baseURL });
    const email = await signInByApi(context, name);
    const response = await context.post("/api/graphql", {
      headers: { origin },
      data: {
        query: "mutation ($id: ID!) { joinCommunity(communityId: $id) { id status } }",
        variables: { id: communityId },
      },
    });
    const body = (await response.json()) as { data: { joinCommunity: { id: string; status: string } } };
    expect(body.data.joinCommunity.status).toBe("ACTIVE");
    joined.push({ email, membershipId: body.data.joinCommunity.id });
    await context.dispose();
  }
  const [ada, bo] = joined as [(typeof joined)[0], (typeof joined)[0]];
  const setup = await page.request.post("/api/graphql", {
    headers: { origin },
    data: {
      query: `mutation ($id: ID!, $m: [ID!]) {
        tagMembers(communityId: $id, membershipIds: $m, add: ["volunteer"]) { changed }
        saveMemberSegment(communityId: $id, name: "Volunteers", filter: { tags: ["volunteer"] }) { id }
      }`,
      variables: { id: communityId, m: [ada.membershipId, bo.membershipId] },
    },
  });
  expect((await setup.json()).errors).toBeUndefined();

  // The admin writes to the segment from the members page.
  await page.goto(`/dashboard/${communityId}/members`);
  await page.getByRole("tab", { name: "Announcements" }).click();
  await expect(page.getByText("No announcements yet.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Email members" }).click();
  const dialog = page.getByRole("dialog", { name: "Email members" });
  await dialog.getByLabel("Send to").selectOption({ label: "Segment: Volunteers" });
  await expect(dialog.getByText("Goes to 2 members.")).toBeVisible();
  await dialog.getByLabel("Subject").fill("Planting day on Saturday");
  await dialog
    .getByRole("textbox", { name: "Message" })
    .fill("Bring **gloves** and a trowel.\n\n- 10:00 at the gate");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.locator("strong", { hasText: "gloves" })).toBeVisible();
  await expectAccessible(page, "compose announcement dialog");
  await saveScreenshot(page, "compose-announcement");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Announcement sent to 2 members.")).toBeVisible();
  const history = page.getByRole("list", { name: "Sent announcements" });
  await expect(history.getByText("Planting day on Saturday")).toBeVisible();
  await expect(history.getByText("2 recipients")).toBeVisible();

  // Ada receives it, with the one-click unsubscribe headers.
  const mail = await mailWith(ada.email, "Planting day on Saturday");
  await mailWith(bo.email, "Planting day on Saturday");

  // Once the mail server has taken both, the history says so beside the recipient count.
  await expect(async () => {
    await page.reload();
    await page.getByRole("tab", { name: "Announcements" }).click();
    await expect(history.getByText("2 delivered")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(history.getByText("2 recipients")).toBeVisible();
  await expectAccessible(page, "announcements history");
  await saveScreenshot(page, "announcements-history");
  expect(mail.text).toContain("Bring **gloves** and a trowel.");
  expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const link = headerOf(mail, "List-Unsubscribe")?.match(/^<([^>]+)>$/)?.[1];
  expect(link).toBeTruthy();
  expect(mail.text).toContain(link as string);

  // She opens the link (signed out) and unsubscribes.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(new URL(link as string).pathname);
  await expect(reader.getByRole("heading", { name: "Announcements from Garden Club" })).toBeVisible();
  await expectAccessible(reader, "unsubscribe page");
  await reader.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(reader.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(reader.getByRole("button", { name: "Subscribe again" })).toBeVisible();
  await expectAccessible(reader, "unsubscribed page");
  await saveScreenshot(reader, "unsubscribed");
  await context.close();

  // The next announcement to the segment reaches Bo only.
  await page.getByRole("button", { name: "Email members" }).click();
  await dialog.getByLabel("Send to").selectOption({ label: "Segment: Volunteers" });
  await expect(dialog.getByText("Goes to 1 member.")).toBeVisible();
  await dialog.getByLabel("Subject").fill("Planting day moved");
  await dialog.getByRole("textbox", { name: "Message" }).fill("Sunday instead.");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Announcement sent to 1 member.")).toBeVisible();
  await mailWith(bo.email, "Planting day moved");
  expect(readMail(ada.email).some((m) => m.subject === "Planting day moved")).toBe(false);
});
