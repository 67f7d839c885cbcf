import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { signInByApi } from "./support/session.ts";
import { uniquePhoneNumber, waitForTextedCode } from "./support/texts.ts";

/** Types a UK number into the phone form on screen, asks for a code and enters it from the text. */
async function verifyNumber(page: Page, submit: string, number: { national: string; e164: string }) {
  await page.getByLabel("Country").selectOption({ label: "United Kingdom (+44)" });
  await page.getByRole("textbox", { name: "Phone number" }).fill(number.national);
  const since = Date.now();
  await page.getByRole("button", { name: submit }).click();
  await expect(page.getByText(/We texted a 6-digit code to/)).toContainText("+44 7400");
  const code = await waitForTextedCode(number.e164, since);
  await page.getByLabel("Code from the text").fill(code);
}

test("a newcomer signs in with a texted code, names themself, and changes the number on /me", async ({
  page,
}) => {
  // Five screens checked with axe in both themes, and three texts.
  test.slow();
  await page.goto("/login");
  await page.getByRole("button", { name: "Use your phone number instead" }).click();
  await expect(page.getByLabel("Country")).toBeVisible();
  await expectAccessible(page, "/login with the phone form");

  // A number that cannot be one is refused next to the field, and stays as typed.
  await page.getByRole("textbox", { name: "Phone number" }).fill("12");
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Enter a phone number that can get texts/);
  await expect(page.getByRole("textbox", { name: "Phone number" })).toHaveValue("12");

  const first = uniquePhoneNumber();
  await page.getByLabel("Country").selectOption({ label: "United Kingdom (+44)" });
  await page.getByRole("textbox", { name: "Phone number" }).fill(first.national);
  const since = Date.now();
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByLabel("Code from the text")).toBeFocused();
  await expectAccessible(page, "/login asking for the texted code");
  await page.getByLabel("Code from the text").fill(await waitForTextedCode(first.e164, since));

  await expect(page).toHaveURL(/\/welcome/);
  await page.getByLabel("Your name").fill("Pat Phone");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/community-selection$/);

  await page.goto("/me");
  const section = page.getByRole("region", { name: "Phone number" });
  await expect(section.getByText("+44 7400")).toBeVisible();
  await expect(section.getByText("Verified")).toBeVisible();
  // Their only way in: it can be changed, not removed.
  await expect(section.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expect(section.getByText(/can be changed but not removed/)).toBeVisible();
  // The number is the way in /me lists; the placeholder address behind it shows nowhere.
  const linked = page.getByRole("region", { name: "Linked sign-in methods" });
  await expect(linked.getByRole("listitem").first()).toHaveText(
    `Text message code${first.e164.replace(/^\+44(\d{4})(\d{6})$/, "+44 $1 $2")}`,
  );
  await expect(linked.getByText("Email code")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("phone.invalid");
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await expect(page.getByRole("menu")).not.toContainText("phone.invalid");
  await page.keyboard.press("Escape");
  await expectAccessible(page, "/me with a phone number");

  const second = uniquePhoneNumber();
  await section.getByRole("button", { name: "Change number" }).click();
  await verifyNumber(page, "Send code", second);
  await expect(section.getByText(second.e164.replace(/^\+44(\d{4})(\d{6})$/, "+44 $1 $2"))).toBeVisible();

  // The new number is the way in now.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("button", { name: "Use your phone number instead" }).click();
  await verifyNumber(page, "Text me a code", second);
  await expect(page).toHaveURL(/\/community-selection$/);
});

test("someone signed in by email adds a phone number on /me, then removes it", async ({ page }) => {
  test.slow();
  await signInByApi(page.request, "Erin Email");
  await page.goto("/me");
  const section = page.getByRole("region", { name: "Phone number" });
  await section.getByRole("button", { name: "Add a phone number" }).click();
  await expect(section.getByLabel("Country")).toBeVisible();
  await expectAccessible(page, "/me adding a phone number");

  const number = uniquePhoneNumber();
  await verifyNumber(page, "Send code", number);
  await expect(section.getByText("Verified")).toBeVisible();
  // A verified number is another way in, listed beside the email code.
  const linked = page.getByRole("region", { name: "Linked sign-in methods" });
  await expect(linked.getByText("Email code")).toBeVisible();
  await expect(linked.getByText("Text message code")).toBeVisible();

  await section.getByRole("button", { name: "Remove" }).click();
  await expectAccessible(page, "/me confirming the removal");
  await section.getByRole("button", { name: "Remove number" }).click();
  await expect(section.getByRole("button", { name: "Add a phone number" })).toBeVisible();
  await expect(linked.getByText("Text message code")).toHaveCount(0);
});
