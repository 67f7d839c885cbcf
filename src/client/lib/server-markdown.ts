import { use } from "react";

/**
 * The HTML the server made of a Markdown text on a page it rendered (decision 043). Hydrating that
 * page needs the same HTML; rather than loading marked and DOMPurify to make it again (about 25 KB
 * of brotli and a parse on the main thread), the browser reads it from the element the server
 * wrote it into. Each such element names its source by `markdownKey`: its length and a hash.
 */

const ATTRIBUTE = "data-markdown";
const fromServer = new Map<string, string>();

/** FNV-1a over the text's UTF-16 code units, with the length: a collision needs both to agree. */
export function markdownKey(source: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    hash ^= source.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${source.length}-${(hash >>> 0).toString(36)}`;
}

/** The attribute that marks an element holding `source` rendered as HTML. */
export function markdownSourceAttribute(source: string): { [ATTRIBUTE]: string } {
  return { [ATTRIBUTE]: markdownKey(source) };
}

/** Before hydration: keeps the HTML of every marked element the server rendered. */
export function readServerMarkdown(root: ParentNode) {
  for (const element of root.querySelectorAll(`[${ATTRIBUTE}]`)) {
    const key = element.getAttribute(ATTRIBUTE);
    if (key) fromServer.set(key, element.innerHTML);
  }
}

/** The server's HTML for `source` on this page, if it rendered it. */
export function serverMarkdownHtml(source: string): string | undefined {
  return fromServer.get(markdownKey(source));
}

type Markdown = typeof import("./markdown.ts");
let markdown: Markdown | undefined;
let markdownLoading: Promise<Markdown> | undefined;

/** marked and DOMPurify, loaded once. */
function loadMarkdown(): Promise<Markdown> {
  markdownLoading ??= import("./markdown.ts").then((module) => {
    markdown = module;
    return module;
  });
  return markdownLoading;
}

/**
 * For a route's loader: loads the renderer unless `source` is on the page as the server wrote it,
 * so that rendering it (`useMarkdownHtml`) never waits.
 */
export async function prepareMarkdown(source: string | null | undefined): Promise<void> {
  if (source && serverMarkdownHtml(source) === undefined) await loadMarkdown();
}

/** `source` as HTML: the server's while it is the text on the page, else rendered here. */
export function useMarkdownHtml(source: string): string {
  const known = serverMarkdownHtml(source);
  if (known !== undefined) return known;
  // The loader has loaded the renderer for any text it did not find on the page; only one
  // changed while the page is open can come before it, and waits for it.
  return (markdown ?? use(loadMarkdown())).renderMarkdown(source);
}
