import { describe, expect, it } from "vitest";
import { countOf, plural } from "./plural.ts";

const COMMUNITIES = { one: "community", other: "communities" };

describe("counts in words", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(countOf(1, COMMUNITIES)).toBe("1 community");
    expect(countOf(0, COMMUNITIES)).toBe("0 communities");
    expect(countOf(2, COMMUNITIES)).toBe("2 communities");
    expect(countOf(1.5, COMMUNITIES)).toBe("1.5 communities");
    expect(plural(21, { one: "spot", other: "spots" })).toBe("spots");
  });

  it("writes the number the reader's way and falls back to the other form", () => {
    expect(countOf(1_200, { one: "member", other: "members" })).toBe(
      `${new Intl.NumberFormat().format(1_200)} members`,
    );
    expect(plural(1, { other: "people" })).toBe("people");
  });
});
