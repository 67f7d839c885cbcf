import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

/** 1,000 data rows: 986 people, 9 addresses that are not addresses, 5 repeats of earlier rows. */
function peopleCsv(): string {
  const lines = ["Full name,Email,Tags"];
  for (let i = 1; i <= 995; i++) {
    const email = i % 100 === 0 ? `not-an-address-${i}` : `person${i}@example.test`;
    lines.push(`Imported Person ${i},${email},${i % 2 === 0 ? "even" : "odd"}`);
  }
  for (let i = 1; i <= 5; i++) lines.push(`Imported Person ${i},person${i}@example.test,odd`);
  return `${lines.join("\n")}\n`;
}

test("an admin imports a 1,000-row CSV with bad rows, watches it finish and downloads the report", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Olivia Owner");
  const communityId = await createCommunityByApi(page.request, "Chess Club");
  await page.goto(`/dashboard/${communityId}/members`);

  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import members" });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(peopleCsv()) });
  await expect(dialog.getByRole("table", { name: "First rows of the file" })).toContainText(
    "person1@example.test",
  );
  await expect(dialog.getByText("Uploaded")).toBeVisible();
  await expect(dialog.getByLabel("Email column")).toHaveValue("1");
  await expect(dialog.getByLabel("Name column")).toHaveValue("0");
  await expect(dialog.getByLabel("Tags column")).toHaveValue("2");
  await dialog.getByLabel("Tags to apply").fill("imported");
  await dialog.getByRole("radio", { name: /Add silently/ }).check();
  await expectAccessible(page, "import dialog");

  await dialog.getByRole("button", { name: "Start import" }).click();
  const progress = dialog.getByRole("progressbar", { name: /Import/ });
  await expect(progress).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, "import in progress");
  await expect(dialog.getByRole("progressbar", { name: "Import finished" })).toBeVisible({
    timeout: 120_000,
  });
  await expect(dialog.getByText("1,000 of 1,000 rows done")).toBeVisible();
  const counts = dialog.getByLabel("Import counts");
  await expect(counts).toContainText("Added986");
  await expect(counts).toContainText("Rejected14");
  const rejected = dialog.getByRole("table", { name: "Rejected rows" });
  await expect(rejected).toContainText("not-an-address-100");
  await expect(rejected).toContainText("Already earlier in the file");
  await expectAccessible(page, "import finished");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download report" }).click(),
  ]);
  const report = readFileSync(await download.path(), "utf8")
    .trim()
    .split(/\r?\n/);
  expect(report).toHaveLength(15);
  expect(report.filter((line) => line.includes("INVALID_EMAIL"))).toHaveLength(9);
  expect(report.filter((line) => line.includes("DUPLICATE_IN_FILE"))).toHaveLength(5);
  expect(report).toContain("101,not-an-address-100,INVALID_EMAIL");

  await dialog.getByRole("button", { name: "Close" }).first().click();
  await page.getByLabel("Search by name or email").fill("Imported Person 995");
  // Right after the import the embedded database still hands the log's 1,000 joins to their
  // subscribers, one statement at a time, and the search waits its turn behind them.
  const table = page.getByRole("table", { name: "Members, 1 of 1 shown" });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(table.getByText("Imported Person 995")).toBeVisible();
  await expect(table.getByText("imported", { exact: true })).toBeVisible();
  // Where someone came from is a column chosen with Columns.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("group", { name: "Columns shown" }).getByRole("checkbox", { name: "Source" }).check();
  await expect(table.getByRole("cell", { name: "Imported", exact: true })).toBeVisible();
});
