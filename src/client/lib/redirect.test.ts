// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, parseRedirectSearch, redirectTarget } from "./redirect.ts";

describe("redirect after sign-in", () => {
  it("keeps same-origin paths, including their search and hash", () => {
    expect(redirectTarget("/dashboard/abc/events?tab=past#top")).toBe("/dashboard/abc/events?tab=past#top");
    expect(redirectTarget("/community-selection")).toBe("/community-selection");
  });

  it.each([
    ["protocol-relative", "//evil.example/phish"],
    ["backslash trick", "/\\evil.example"],
    ["absolute URL", "https://evil.example/"],
    ["javascript scheme", "javascript:alert(1)"],
    ["relative path", "dashboard"],
    ["tab smuggling", "/\t/evil.example"],
    ["newline smuggling", "/\n/evil.example"],
    ["empty", ""],
  ])("rejects %s and falls back to the community list", (_label, value) => {
    expect(redirectTarget(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("falls back when there is no redirect at all", () => {
    expect(redirectTarget(undefined)).toBe("/community-selection");
  });

  it("reads ?redirect= as optional text and turns anything else into empty text", () => {
    expect(parseRedirectSearch({})).toEqual({});
    expect(parseRedirectSearch({ redirect: "/dashboard" })).toEqual({ redirect: "/dashboard" });
    expect(parseRedirectSearch({ redirect: 42 })).toEqual({ redirect: "" });
    expect(parseRedirectSearch({ redirect: { to: "/x" } })).toEqual({ redirect: "" });
  });
});
