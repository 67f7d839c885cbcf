import DOMPurify from "dompurify";
import { Marked, type Tokens } from "marked";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * Descriptions are written by community admins and shown to every member, so raw HTML in them
 * is shown as text. marked itself does not sanitize: its output goes through the allow-list below.
 */
const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
  },
});

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];
const ALLOWED_ATTR = ["href", "title", "src", "alt", "align", "start"];
/** http(s), mailto and relative URLs; DOMPurify strips whitespace and decodes entities before testing. */
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z0-9+.-]+(?:[^a-z0-9+.\-:]|$))/i;
const SAFE_IMAGE_URL = /^(?:https?:|\/[^/]|\.)/i;

let purify = DOMPurify;
let ownDocument: () => Document = () => document;

/**
 * The server renders the public pages with their descriptions (decision 034) and has no DOM of its
 * own: it hands DOMPurify and this module a window (jsdom's) to work in.
 */
export function setMarkdownWindow(window: Window & typeof globalThis) {
  purify = DOMPurify(window);
  hooksAdded = false;
  ownDocument = () => window.document;
}

let hooksAdded = false;
function purifier() {
  if (!hooksAdded) {
    hooksAdded = true;
    purify.addHook("uponSanitizeAttribute", (node, data) => {
      // DOMPurify accepts data: images by default; a description has no use for them.
      if (node.nodeName === "IMG" && data.attrName === "src" && !SAFE_IMAGE_URL.test(data.attrValue.trim())) {
        data.keepAttr = false;
      }
    });
    purify.addHook("afterSanitizeAttributes", (node) => {
      if (node.nodeName === "A" && node.hasAttribute("href"))
        node.setAttribute("rel", "noopener noreferrer nofollow");
    });
  }
  return purify;
}

/**
 * How much text the rendered ones kept may hold, sources and HTML together (in UTF-16 code units,
 * 2 MB): a page shows a handful; the server renders many events' pages.
 */
const RENDERED_KEPT_CHARS = 1_000_000;
const rendered = new Map<string, string>();
let renderedChars = 0;

/**
 * Markdown as HTML that is safe to put in the page: an allow-list of tags, attributes and URL
 * schemes. The result depends on the text alone, so the last texts rendered are kept: the server
 * renders an event's page again after each registration, with the same description.
 */
export function renderMarkdown(source: string): string {
  const kept = rendered.get(source);
  if (kept !== undefined) return kept;
  const html = sanitizedHtml(source);
  const size = source.length + html.length;
  if (size > RENDERED_KEPT_CHARS) return html;
  // The oldest go first until the new one fits.
  for (const [oldSource, oldHtml] of rendered) {
    if (renderedChars + size <= RENDERED_KEPT_CHARS) break;
    rendered.delete(oldSource);
    renderedChars -= oldSource.length + oldHtml.length;
  }
  rendered.set(source, html);
  renderedChars += size;
  return html;
}

function sanitizedHtml(source: string): string {
  const html = marked.parse(source, { async: false });
  // The fragment stays in DOMPurify's inert document: nothing in it loads.
  const fragment = purifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    RETURN_DOM_FRAGMENT: true,
  });
  // A link whose address was refused would still look like a link: keep only its words.
  for (const link of fragment.querySelectorAll("a:not([href])")) link.replaceWith(...link.childNodes);
  const holder = (fragment.ownerDocument ?? ownDocument()).createElement("div");
  holder.append(fragment);
  return holder.innerHTML;
}

/** The words of a Markdown text without its formatting, for one-line summaries inside links and cards. */
export function markdownToText(source: string): string {
  // A template's content is inert: images in it are not fetched.
  const template = ownDocument().createElement("template");
  template.innerHTML = renderMarkdown(source);
  const container = template.content;
  for (const block of container.querySelectorAll("p, li, br, h1, h2, h3, h4, h5, h6, blockquote, tr")) {
    block.append(" ");
  }
  return (container.textContent ?? "").replace(/\s+/g, " ").trim();
}
