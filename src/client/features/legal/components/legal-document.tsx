import { Marked } from "marked";
import { useMemo } from "react";

const markdown = new Marked({ gfm: true, async: false });

export function LegalDocumentView({ source }: { source: string }) {
  // The markdown is our own legal text served by our own API, not user input.
  const html = useMemo(() => markdown.parse(source, { async: false }), [source]);
  return (
    <article
      className="prose-legal"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted first-party legal text rendered from markdown.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
