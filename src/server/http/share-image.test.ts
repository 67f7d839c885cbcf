import { describe, expect, it } from "vitest";
import { cardColors, escapeXml, type ShareCard, shareCardSvg, wrapText } from "./share-image.ts";

const card: ShareCard = {
  title: "Spring meetup",
  when: "Tue, Mar 3, 2026, 7:00 – 9:30 PM GMT+1",
  place: "Hall 1, Berlin",
  communityName: "Night Owls",
  brandColor: "#1e3a8a",
  logo: null,
  canceled: false,
};

describe("the share card", () => {
  it("escapes every text it draws, so a title cannot add markup to the SVG", () => {
    const svg = shareCardSvg({
      ...card,
      title: '</text><script>alert(1)</script> "quoted" & more',
      communityName: "<Owls & Co>",
      place: "Bar 'The <End>'",
      when: "7 < 8",
    });
    expect(svg).not.toContain("<script>");
    // Once the card's own elements are taken out, no markup is left: the title's is all text.
    const texts = svg.replace(/<\/?(svg|rect|text|tspan|clipPath|image)\b[^>]*>/g, "");
    expect(texts).not.toMatch(/[<>]/);
    expect(texts).toContain("&lt;/text&gt;");
    expect(svg).toContain("&lt;Owls &amp; Co&gt;");
    expect(svg).toContain("Bar &apos;The &lt;End&gt;&apos;");
    expect(svg).toContain("7 &lt; 8");
  });

  it("drops characters XML cannot hold", () => {
    expect(escapeXml("a\u0000b\u0007c\td")).toBe("abc\td");
  });

  it("uses the brand colour with white text on dark colours and dark text on light ones", () => {
    expect(cardColors("#1E3A8A")).toEqual({ background: "#1e3a8a", text: "#ffffff" });
    expect(cardColors("#fde047")).toEqual({ background: "#fde047", text: "#111827" });
    expect(cardColors("red; fill: url(evil)").background).toBe("#4f46e5");
    expect(cardColors(null).text).toBe("#ffffff");
  });

  it("says when an event is canceled and shows the community's initial without a logo", () => {
    const svg = shareCardSvg({ ...card, canceled: true });
    expect(svg).toContain("Canceled · Tue, Mar 3, 2026");
    expect(svg).toMatch(/>N<\/text>/);
  });
});

describe("wrapping a title", () => {
  it("breaks between words within the line length", () => {
    expect(wrapText("one two three four five", 9, 3)).toEqual(["one two", "three", "four five"]);
  });

  it("cuts a word longer than a line and ends with an ellipsis when lines run out", () => {
    expect(wrapText("Donaudampfschifffahrt", 8, 5)).toEqual(["Donaudam", "pfschiff", "fahrt"]);
    const lines = wrapText("a b c d e f g h i j k l m n o p", 3, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith("…")).toBe(true);
  });

  it("counts characters, not UTF-16 units, so emoji are not split", () => {
    expect(wrapText("🎉🎉🎉🎉", 2, 3)).toEqual(["🎉🎉", "🎉🎉"]);
  });
});
