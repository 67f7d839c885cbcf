import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their search and hash", () => {
    expect(safeRedirectPath("/dashboard/abc/members?tab=all#top")).toBe("/dashboard/abc/members?tab=all#top");
  });
  it("drops anything that could lead to another site", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/\t/evil.example",
      "",
      42,
      null,
    ]) {
      expect(safeRedirectPath(bad)).toBe("");
    }
  });
});
