import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./notifications.render.ts";

// Markdown written by admins, as mail HTML. marked escapes text itself; raw HTML is shown as text,
// links keep only http(s) and mailto addresses, and images become their words (mail clients load
// remote images, which would tell their host who read the mail).

const SAFE_HREF = /^(?:https?:|mailto:)/i;

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const words = this.parser.parseInline(token.tokens);
      const href = token.href.trim();
      if (!SAFE_HREF.test(href)) return words;
      return `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${words}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export function markdownToMailHtml(source: string): string {
  return marked.parse(source, { async: false });
}
