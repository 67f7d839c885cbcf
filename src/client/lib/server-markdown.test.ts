import { describe, expect, it } from "vitest";
import {
  markdownKey,
  markdownSourceAttribute,
  readServerMarkdown,
  serverMarkdownHtml,
} from "./server-markdown.ts";

describe("server-rendered Markdown", () => {
  it("hydrates a description with the HTML the server wrote for that same text, and only for it", () => {
    const source = "Bring your **instrument**.";
    const root = document.createElement("div");
    const element = document.createElement("div");
    for (const [name, value] of Object.entries(markdownSourceAttribute(source)))
      element.setAttribute(name, value);
    element.innerHTML = "<p>Bring your <strong>instrument</strong>.</p>";
    root.append(element);

    readServerMarkdown(root);
    expect(serverMarkdownHtml(source)).toBe("<p>Bring your <strong>instrument</strong>.</p>");
    // An edited description is rendered in the browser, never given the old HTML.
    expect(serverMarkdownHtml("Bring your **voice**.")).toBeUndefined();
  });

  it("keys texts that differ by one character or by length apart", () => {
    expect(markdownKey("abc")).toBe(markdownKey("abc"));
    expect(markdownKey("abc")).not.toBe(markdownKey("abd"));
    expect(markdownKey("abc")).not.toBe(markdownKey("abc "));
  });
});
