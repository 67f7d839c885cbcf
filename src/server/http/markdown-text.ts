import { Lexer, type Token } from "marked";

const INLINE = new Set(["text", "escape", "strong", "em", "link", "codespan", "del"]);

type Node = Token | { tokens?: Token[]; text?: string };

function collect(tokens: readonly Node[], out: string[]) {
  for (const token of tokens) {
    const type = "type" in token ? token.type : undefined;
    if (type === "image" || type === "html" || type === "hr" || type === "space" || type === "def") continue;
    if (type === "list" && "items" in token) {
      collect(token.items as Node[], out);
    } else if (type === "table" && "header" in token) {
      collect(token.header as Node[], out);
      for (const row of token.rows as Node[][]) collect(row, out);
    } else if ("tokens" in token && token.tokens && token.tokens.length > 0) {
      collect(token.tokens, out);
    } else if (type === "br") {
      out.push(" ");
    } else if ("text" in token && typeof token.text === "string") {
      out.push(token.text);
    }
    // Blocks and cells are separate words even when the source has no space between them.
    if (!type || !INLINE.has(type)) out.push(" ");
  }
}

/**
 * What a reader of the rendered Markdown would read, on one line: link text without its
 * address, no images or raw HTML, no Markdown punctuation. For previews and meta tags.
 */
export function markdownToPlainText(markdown: string, max = Number.POSITIVE_INFINITY): string {
  const out: string[] = [];
  collect(Lexer.lex(markdown, { gfm: true }), out);
  const text = out.join("").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
