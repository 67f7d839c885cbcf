import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const THEMES = ["light", "dark"] as const;

function summary(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(" ")}: ${node.any[0]?.message ?? node.failureSummary ?? ""}`)
        .join("; ")}`,
  );
}

/**
 * Runs axe-core (WCAG 2.1 A and AA) on the page as it is now, once per theme. The theme is
 * switched the way the app applies it (a class on <html>), so open dialogs and typed input
 * stay as they are; the page's own theme is restored afterwards.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const original = await page.evaluate(() => document.documentElement.className);
  // Colours must be measured at rest, not halfway through a transition to the other theme.
  const still = await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; }",
  });
  try {
    for (const theme of THEMES) {
      await page.evaluate((next) => {
        document.documentElement.className = next;
        document.documentElement.style.colorScheme = next;
      }, theme);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(summary(results.violations), `${screen} in the ${theme} theme`).toEqual([]);
    }
  } finally {
    await still.evaluate((element) => (element as Element).remove());
    await page.evaluate((previous) => {
      document.documentElement.className = previous;
      document.documentElement.style.colorScheme = previous.includes("light") ? "light" : "dark";
    }, original);
  }
}
