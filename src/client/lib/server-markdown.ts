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
