import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { uniqueEmail } from "./support/mail.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createCommunityByApi, enterCodeFromMail, signInByApi } from "./support/session.ts";

async function requestCode(page: Page, email: string) {
  const since = Date.now();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/otp/);
  return since;
}

test("a newcomer signs in with an emailed code, names themself, creates a community and lands on its dashboard", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  const email = uniqueEmail("newcomer");
  const since = await requestCode(page, email);
  await expect(page.getByText(email)).toBeVisible();
  await enterCodeFromMail(page, email, since);

  await expect(page).toHaveURL(/\/welcome/);
  await page.getByLabel("Your name").fill("Nora Newcomer");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/community-selection$/);
  await expect(page.getByText("Start your first community")).toBeVisible();
  await page
    .getByRole("link", { name: /Create (a )?community/ })
    .first()
    .click();

  await expect(page).toHaveURL(/\/create-community$/);
  await page.getByLabel("Name", { exact: true }).fill("Riverside Runners");
  await expect(page.getByLabel("URL slug")).toHaveValue("riverside-runners");
  await expect(page.getByText(/is available/i)).toBeVisible();
  await page.getByRole("button", { name: "Create community" }).click();

  await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Riverside Runners" })).toBeVisible();
  await expect(page.getByText(/owner/i).first()).toBeVisible();

  // Back on the selection screen the new community is a card with the viewer's role.
  await page.goto("/community-selection");
  await expect(page.getByRole("link", { name: /Riverside Runners/ })).toBeVisible();
});

test("a signed-out visit to a members page comes back there after sign-in", async ({ page, browser }) => {
  const email = uniqueEmail("return");
  const owner = await browser.newContext();
  await signInByApi(owner.request, "Rita Return", email);
  const communityId = await createCommunityByApi(owner.request, "Harbour Chess Club");
  await owner.close();

  await page.goto(`/dashboard/${communityId}/members`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const since = await requestCode(page, email);
  await enterCodeFromMail(page, email, since);

  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/members$`));
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
});

test("Continue pressed just as the other ways to sign in appear still sends the code", async ({ page }) => {
  // The server's list of other sign-ins arrives only once the button is held down: a page that
  // moved the button then would lose the press, sending nothing and saying nothing.
  let answerConfig = () => {};
  const pressed = new Promise<void>((resolve) => {
    answerConfig = resolve;
  });
  await page.route("**/api/config", async (route) => {
    await pressed;
    await route.continue();
  });
  await page.goto("/login");
  const email = uniqueEmail("pressed");
  await page.getByLabel("Email").fill(email);
  const since = Date.now();
  const box = await page.getByRole("button", { name: "Continue" }).boundingBox();
  if (!box) throw new Error("Continue is not on the page");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  answerConfig();
  await expect(page.getByRole("button", { name: "Sign in with GitHub" })).toBeVisible();
  await page.mouse.up();

  await expect(page).toHaveURL(/\/otp/);
  await enterCodeFromMail(page, email, since);
  await expect(page).toHaveURL(/\/welcome/);
});

test("a wrong code says so and keeps the email; the right one still works", async ({ page }) => {
  await page.goto("/login");
  const email = uniqueEmail("typo");
  const since = await requestCode(page, email);
  await page.getByLabel("Verification code").fill("000000");
  await expect(page.getByRole("alert")).toContainText(/isn.t right|incorrect|wrong/i);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("Verification code").fill("");
  await enterCodeFromMail(page, email, since);
  await expect(page).toHaveURL(/\/welcome/);
});

test("the theme choice survives a reload", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: /^Theme: dark/ }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("light");
});

test("an unknown path shows Not Found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("Not Found")).toBeVisible();
});

test("a community the viewer does not belong to shows the same Not Found as one that does not exist", async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  await signInByApi(other.request, "Olga Other");
  const foreignId = await createCommunityByApi(other.request, "Private Garden");
  await other.close();
  await signInByApi(page.request, "Vera Visitor");
  await page.goto(`/dashboard/${foreignId}`);
  await expect(page.getByText("Not Found")).toBeVisible();
  await expect(page.getByText("Private Garden")).toHaveCount(0);
});

test("sign out ends the session and returns to /login", async ({ page }) => {
  await signInByApi(page.request, "Sam Signout");
  const communityId = await createCommunityByApi(page.request, "Signout Society");
  await page.goto(`/dashboard/${communityId}`);
  await page.getByRole("button", { name: /Account menu for Sam Signout/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/community-selection");
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("screenshots of login, selection, create and dashboard in both themes", async ({ page, browser }) => {
  test.setTimeout(90_000);
  for (const theme of ["dark", "light"] as const) {
    const visitor = await browser.newContext();
    await visitor.addInitScript((value) => localStorage.setItem("vite-ui-theme", value), theme);
    const login = await visitor.newPage();
    await login.goto("/login");
    await expect(login.getByLabel("Email")).toBeVisible();
    await saveScreenshot(login, `login-${theme}`);
    if (theme === "dark") await expectAccessible(login, "login");
    await visitor.close();
  }
  await page.context().addInitScript(() => {
    if (!localStorage.getItem("vite-ui-theme")) localStorage.setItem("vite-ui-theme", "dark");
  });
  await signInByApi(page.request, "Casey Screens");
  await page.goto("/community-selection");
  await expect(page.getByText("Start your first community")).toBeVisible();
  await saveScreenshot(page, "selection-empty-dark");
  await expectAccessible(page, "empty community selection");
  const communityId = await createCommunityByApi(page.request, "Northside Makers");
  await createCommunityByApi(page.request, "Lakeside Book Circle");
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((value) => localStorage.setItem("vite-ui-theme", value), theme);
    await page.goto("/community-selection");
    await expect(page.getByRole("link", { name: /Northside Makers/ })).toBeVisible();
    await saveScreenshot(page, `selection-${theme}`);
    await page.goto("/create-community");
    await expect(page.getByLabel("URL slug")).toBeVisible();
    await saveScreenshot(page, `create-${theme}`);
    await page.goto(`/dashboard/${communityId}`);
    await expect(page.getByRole("heading", { name: "Northside Makers" })).toBeVisible();
    await saveScreenshot(page, `dashboard-${theme}`);
  }
  // Each screen is checked in both themes by expectAccessible itself.
  await page.goto("/community-selection");
  await expect(page.getByRole("link", { name: /Northside Makers/ })).toBeVisible();
  await expectAccessible(page, "community selection");
  await page.goto("/create-community");
  await expect(page.getByLabel("URL slug")).toBeVisible();
  await expectAccessible(page, "create community");
  await page.goto(`/dashboard/${communityId}`);
  await expect(page.getByRole("heading", { name: "Northside Makers" })).toBeVisible();
  // Figures first, then what needs attention; each step of setting up links to its screen.
  await expect(page.getByRole("region", { name: "Needs attention" })).toContainText("Nothing waits for you.");
  const steps = page.getByRole("list", { name: "Steps" });
  const firstEvent = steps.getByRole("listitem").filter({ hasText: "Plan your first event" });
  await expect(firstEvent.getByLabel("Done")).toHaveCount(0);
  await expect(page.getByText("See what’s planned")).toHaveCount(0);
  await expectAccessible(page, "dashboard overview");
  await firstEvent.getByRole("link", { name: "Create an event" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/create-event$`));
});

test("routing rules: /otp needs a pending email, /login forwards signed-in users, /dashboard opens the last community", async ({
  page,
}) => {
  await page.goto("/otp");
  await expect(page).toHaveURL(/\/login/);

  await signInByApi(page.request, "Lena Last");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/community-selection$/);

  const first = await createCommunityByApi(page.request, "First Circle");
  const second = await createCommunityByApi(page.request, "Second Circle");
  await page.goto(`/dashboard/${first}`);
  await expect(page.getByRole("heading", { name: "First Circle" })).toBeVisible();
  await page.goto(`/dashboard/${second}/events`);
  await expect(page.getByRole("heading", { name: "Events" }).first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(new RegExp(`/dashboard/${second}$`));

  await page.goto(`/login?redirect=${encodeURIComponent(`/dashboard/${first}`)}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/${first}$`));
  await page.goto(`/login?redirect=${encodeURIComponent("//evil.example/")}`);
  await expect(page).toHaveURL(/\/community-selection$/);
});

test("on a phone the dashboard sidebar becomes a menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page.request, "Milo Mobile");
  const communityId = await createCommunityByApi(page.request, "Pocket Club");
  await page.goto(`/dashboard/${communityId}`);
  await expect(page.getByRole("link", { name: "Members" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Members" })).toBeVisible();
  await saveScreenshot(page, "dashboard-menu-phone-dark");
  await expectAccessible(page, "dashboard menu on a phone");
  await menu.getByRole("link", { name: "Members" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${communityId}/members$`));
  await expect(menu).toBeHidden();
});
