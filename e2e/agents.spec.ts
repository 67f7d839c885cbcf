import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { saveThemedScreenshots } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

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
