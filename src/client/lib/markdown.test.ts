import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown } from "./markdown.ts";

describe("description preview", () => {
  it("renders Markdown", () => {
    expect(renderMarkdown("**Hello** [site](https://example.com)")).toContain(
      '<strong>Hello</strong> <a href="https://example.com" rel="noopener noreferrer nofollow">site</a>',
    );
  });

  it("shows raw HTML as text instead of running it", () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">\n\nHi <script>alert(2)</script>');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror="alert(1)"&gt;');
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops links and images with scripting schemes", () => {
    const html = renderMarkdown("[click](javascript:alert(1)) ![x](data:text/html;base64,AAAA)");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:");
    expect(html).toContain("click");
  });

  it.each([
    "[x](javascript&#58;alert(1))",
    "[x](java&#9;script:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](&#x6A;avascript:alert(1))",
    '[x](<javascript:alert(1)> "t")',
    "<javascript:alert(1)>",
    "![x](javascript&#58;alert(1))",
  ])("never turns %s into a scripting link", (source) => {
    const template = document.createElement("template");
    template.innerHTML = renderMarkdown(source);
    const urls = [...template.content.querySelectorAll("[href], [src]")].map(
      (node) => node.getAttribute("href") ?? node.getAttribute("src") ?? "",
    );
    for (const url of urls) expect(url.replace(/\s/g, "")).not.toMatch(/^javascript:/i);
    // What is left of a refused link is its words, not something that looks clickable.
    expect(template.content.querySelectorAll("a")).toHaveLength(0);
  });

  it("keeps safe links, marking them as leaving the site", () => {
    const template = document.createElement("template");
    template.innerHTML = renderMarkdown(
      "[site](https://example.com) [mail](mailto:a@example.com) [page](/e/1)",
    );
    const links = [...template.content.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com",
      "mailto:a@example.com",
      "/e/1",
    ]);
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it("reduces Markdown to its words for one-line summaries", () => {
    expect(markdownToText("**Bold** plans with [our site](https://example.com)\n\n- one\n- two")).toBe(
      "Bold plans with our site one two",
    );
  });
});
