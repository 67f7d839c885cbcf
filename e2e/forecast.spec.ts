import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi } from "./support/events.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveThemedScreenshots } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

test("an admin reads an event's attendance forecast, picks a risk and raises the capacity by the advice, which lets the waitlist in", async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Ona Owner");
  const communityId = await createCommunityByApi(page.request, "Forecast Friends");
  const eventId = await createEventByApi(page.request, communityId, { title: "Rooftop talks", capacity: 10 });

  // Thirteen people register: ten take the seats, three wait. None has history here yet, so each
  // counts at the starting rate of 75%.
  const registered: string[] = [];
  for (let batch = 0; batch < 13; batch += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, 13 - batch) }, async (_, i) => {
        const visitor = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
        await signInByApi(visitor, `Guest ${batch + i + 1}`);
        registered.push((await registerByApi(visitor, eventId)).status);
        await visitor.dispose();
      }),
    );
  }
  expect(registered.filter((status) => status === "GOING")).toHaveLength(10);
  expect(registered.filter((status) => status === "WAITLISTED")).toHaveLength(3);

  await page.goto(`/dashboard/${communityId}/events/${eventId}`);
  const card = page.getByRole("region", { name: "Attendance forecast" });
  // Ten at 75%: 7.5 expected, shown whole; 6 to 9 between the 10th and 90th percentile.
  await expect(card.getByTestId("forecast-headline")).toHaveText(/Expected 8 check-ins, likely 6–9/);
  await expect(card).toContainText("From 10 seats going; nobody has a record of their own here yet");
  // At 5%, one more: all eleven coming is 0.75^11 ≈ 4.2%.
  await expect(card.getByTestId("forecast-advice")).toContainText("You could let 1 more person in");
  await expect(card.getByTestId("forecast-advice")).toContainText("stays at 4.2%");
  await expect(card.getByRole("button", { name: "Raise capacity to 11" })).toBeVisible();

  await card.getByLabel("Accepted risk of more check-ins than seats").selectOption({ label: "20%" });
  await expect(card.getByTestId("forecast-advice")).toContainText("You could let 2 more people in");
  await expectAccessible(page, "event dashboard with its forecast");
  await saveThemedScreenshots(page, "forecast-card-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The advice's button is whole on a phone, not cut off at the card's edge.
  const raise = card.getByRole("button", { name: "Raise capacity to 12" });
  await raise.scrollIntoViewIfNeeded();
  await expect(raise).toBeInViewport({ ratio: 1 });
  await saveThemedScreenshots(page, "forecast-card-390");
  await expectAccessible(page, "event dashboard with its forecast on a phone");
  await page.setViewportSize({ width: 1280, height: 720 });

  await card.getByRole("button", { name: "Raise capacity to 12" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Raise the capacity from 10 to 12?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "raise capacity confirmation");
  await dialog.getByRole("button", { name: "Raise to 12" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Capacity raised to 12")).toBeVisible();

  // Two of the waitlist now go: twelve going, one waiting, and the forecast counts them.
  await expect(card).toContainText("From 12 seats going");
  await expect(card.getByTestId("forecast-headline")).toHaveText(/Expected 9 check-ins/);
  const table = page.getByRole("table", { name: /Registrations/ });
  await expect(table.getByRole("row").filter({ hasText: "Waitlisted" })).toHaveCount(1);

  // The events list shows the expected check-ins beside the seats.
  await page.goto(`/dashboard/${communityId}/events`);
  const row = page.getByRole("listitem").filter({ hasText: "Rooftop talks" });
  await expect(row).toContainText("Expected 9");
  await expectAccessible(page, "events list with forecasts");
});
