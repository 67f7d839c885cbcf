import { cn } from "#client/lib/cn.ts";
import { markdownSourceAttribute, useMarkdownHtml } from "#client/lib/server-markdown.ts";

/** Styles for rendered Markdown without a typography plugin. */
export const markdownClass =
  "leading-7 wrap-anywhere [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-2 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-sm [&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_img]:my-3 [&_img]:rounded-lg [&_li]:my-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0 [&>:last-child]:mb-0";

/**
 * User-written Markdown, rendered and sanitized by lib/markdown; on a page the server rendered,
 * its HTML is the server's (lib/server-markdown). A route showing it prepares the renderer in its
 * loader (`prepareMarkdown`).
 */
export function MarkdownContent({ source, className }: { source: string; className?: string }) {
  const html = useMarkdownHtml(source);
  return (
    <div
      className={cn(markdownClass, className)}
      {...markdownSourceAttribute(source)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: lib/markdown passes every tag, attribute and URL through an allow-list.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
