import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./markdown-text.ts";

describe("markdownToPlainText", () => {
  it("keeps a link's text and drops its address, even one with parentheses", () => {
    expect(markdownToPlainText("Read [the guide](https://example.org/a_(b)) first.")).toBe(
      "Read the guide first.",
    );
  });

  it("drops images, raw HTML and Markdown punctuation, and keeps escaped characters", () => {
    expect(
      markdownToPlainText("# Night *hack* & **fun**\n\n![cover](c.png) <b>bold</b> \\*literal\\* `code`"),
    ).toBe("Night hack & fun bold *literal* code");
  });

  it("separates list items and table cells", () => {
    expect(markdownToPlainText("- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |")).toBe("one two a b 1 2");
  });

  it("shortens to the limit with an ellipsis", () => {
    expect(markdownToPlainText("word ".repeat(100), 20)).toBe("word word word word…");
  });
});
