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

/** Relative links and these schemes only; `javascript:` and `data:` would run or smuggle content. */
export function isSafeUrl(href: string): boolean {
  const trimmed = href.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === "http" || scheme === "https" || scheme === "mailto";
}

/**
 * Descriptions are written by community admins and shown to every member, so the preview shows
 * raw HTML as text instead of rendering it (marked itself does not sanitize).
 */
const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(token: Tokens.Link) {
      if (isSafeUrl(token.href)) return false;
      return this.parser.parseInline(token.tokens);
    },
    image(token: Tokens.Image) {
      if (isSafeUrl(token.href)) return false;
      return escapeHtml(token.text);
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
