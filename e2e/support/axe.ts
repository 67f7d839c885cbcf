import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/**
 * axe-core's browser build, injected once into each page it checks and run once per theme: the
 * Playwright wrapper injected it again for every analysis, a third of each journey's time.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  // Only violations are read; collecting every pass and incomplete node costs time for nothing.
  resultTypes: ["violations"],
};

async function analyze(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    RUN_OPTIONS,
  );
}

const THEMES = ["light", "dark"] as const;

function summary(violations: AxeResults["violations"]): string[] {
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
      const results = await analyze(page);
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
