import type { Locator, Page } from "@playwright/test";

/** How many lines the element's text takes on screen. */
export const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });

/** True when the page is wider than the window, so it scrolls sideways. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The site address before the slug field ("host/c/"). */
export const slugPrefix = (page: Page) => page.getByText(/\/c\/$/).first();

/** How many <title> elements the document head holds. */
export const titlesInHead = (page: Page) =>
  page.evaluate(() => document.head.querySelectorAll("title").length);
