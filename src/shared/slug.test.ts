import { describe, expect, it } from "vitest";
import { sanitizeSlugInput, slugify, slugProblem } from "./slug.ts";

describe("slugify", () => {
  it("turns a community name into a URL-safe slug", () => {
    expect(slugify("Berlin Rust Meetup")).toBe("berlin-rust-meetup");
    expect(slugify("  Café & Crème — Lyon!  ")).toBe("cafe-creme-lyon");
  });
  it("never ends in a hyphen after cutting to the maximum length", () => {
    const slug = slugify(`${"a".repeat(47)} b`);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug.length).toBeLessThanOrEqual(48);
  });
});

describe("slugProblem", () => {
  it("accepts lowercase words joined by single hyphens", () => {
    expect(slugProblem("open-source-lyon")).toBeNull();
  });
  it("refuses uppercase, spaces, double hyphens and short slugs", () => {
    for (const bad of ["Open", "a b", "a--b", "ab", "-abc", "abc-"]) expect(slugProblem(bad)).toBe("INVALID");
  });
  it("refuses slugs that would shadow app routes", () => {
    expect(slugProblem("dashboard")).toBe("RESERVED");
  });
});

describe("sanitizeSlugInput", () => {
  it("keeps hand-typed slugs within the allowed alphabet", () => {
    expect(sanitizeSlugInput("My Club_Name!")).toBe("my-club-name");
    expect(sanitizeSlugInput("a--b")).toBe("a-b");
  });
  it("gives an empty slug for names with no usable characters", () => {
    expect(slugify("!!!")).toBe("");
    expect(slugProblem(slugify("!!!"))).toBe("INVALID");
  });
});
