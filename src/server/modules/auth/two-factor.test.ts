import { describe, expect, it } from "vitest";
import { headedTo } from "./two-factor.ts";

const BASE = "https://commons.example/api/auth";

describe("where a provider's sign-in was headed, carried through the second step", () => {
  it("keeps a page on this site with its query, whether the provider's answer named it as a path or in full", () => {
    expect(headedTo("/signed-in?provider=github", BASE)).toBe("/signed-in?provider=github");
    expect(headedTo("https://commons.example/events/spring#tickets", BASE)).toBe("/events/spring#tickets");
  });

  it("drops anywhere else, so the second step never sends the person off the site", () => {
    expect(headedTo("https://elsewhere.example/me", BASE)).toBe("");
    expect(headedTo("//elsewhere.example/me", BASE)).toBe("");
    expect(headedTo("javascript:alert(1)", BASE)).toBe("");
    expect(headedTo(null, BASE)).toBe("");
  });
});
