import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("description preview", () => {
  it("renders Markdown", () => {
    expect(renderMarkdown("**Hello** [site](https://example.com)")).toContain(
      '<strong>Hello</strong> <a href="https://example.com">site</a>',
    );
  });

  it("shows raw HTML as text instead of running it", () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">\n\nHi <script>alert(2)</script>');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops links and images with scripting schemes", () => {
    const html = renderMarkdown("[click](javascript:alert(1)) ![x](data:text/html;base64,AAAA)");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:");
    expect(html).toContain("click");
  });
});
