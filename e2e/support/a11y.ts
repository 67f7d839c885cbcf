import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe-core (WCAG 2.x A and AA) on the page as it is, once in the dark and once in the light
 * theme. The theme is switched the way theme-init.js applies it, without a reload, so the screen
 * keeps its state (an open form, a result); the person's stored choice is put back afterwards.
 */
export async function expectAccessibleInBothThemes(page: Page, screen: string) {
  const original = await page.evaluate(() => document.documentElement.className);
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((value) => {
      const root = document.documentElement;
      root.classList.remove("light", "dark");
      root.classList.add(value);
      root.style.colorScheme = value;
    }, theme);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const found = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(found, `axe on ${screen} in the ${theme} theme`).toEqual([]);
  }
  await page.evaluate((value) => {
    document.documentElement.className = value;
  }, original);
}
