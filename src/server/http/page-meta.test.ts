import { describe, expect, it } from "vitest";
import { injectMeta, previewMeta } from "./page-meta.ts";

const base = {
  documentTitle: "Jazz · Owls",
  title: 'Jazz & "Blues"',
  description: "Live <music>",
  url: "https://commons.example/e/1?x=1&y=2",
  siteName: "Owls",
};

describe("link preview tags", () => {
  it("give the canonical URL and a large image's size and alt text, escaped", () => {
    const meta = previewMeta({
      ...base,
      type: "event",
      image: {
        url: "https://commons.example/i.png",
        alt: 'Jazz "night"',
        width: 1200,
        height: 630,
        large: true,
      },
    });
    expect(meta.tags).toContain('<link rel="canonical" href="https://commons.example/e/1?x=1&amp;y=2">');
    expect(meta.tags).toContain('<meta property="og:type" content="event">');
    expect(meta.tags).toContain('<meta property="og:image:width" content="1200">');
    expect(meta.tags).toContain('<meta property="og:image:alt" content="Jazz &quot;night&quot;">');
    expect(meta.tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(meta.tags.join("")).not.toContain("robots");
  });

  it("use the small card for a logo and keep an unindexed page out of search engines", () => {
    const meta = previewMeta({
      ...base,
      image: { url: "https://commons.example/logo.png", alt: "Owls", large: false },
      noindex: true,
    });
    expect(meta.tags).toContain('<meta name="twitter:card" content="summary">');
    expect(meta.tags).toContain('<meta name="robots" content="noindex">');
    expect(meta.tags.join("")).not.toContain("og:image:width");
  });

  it("replace the shell's title and description in the head", () => {
    const html = injectMeta(
      '<html><head><title>Commons</title><meta name="description" content="Shell"></head><body></body></html>',
      previewMeta({ ...base, image: null, extra: ['<script type="application/ld+json">{}</script>'] }),
    );
    expect(html).toContain("<title>Jazz · Owls</title>");
    expect(html).not.toContain("Shell");
    expect(html).toContain('<meta name="description" content="Live &lt;music&gt;">');
    expect(html.indexOf("application/ld+json")).toBeLessThan(html.indexOf("</head>"));
  });
});
