import { describe, expect, it } from "vitest";
import { clientOrigin, normalizeRef, parseOrigin, refFromSearch } from "./origins.ts";

describe("normalizeRef", () => {
  it("lower-cases and trims a shared link's ref", () => {
    expect(normalizeRef("  Newsletter_2026.Spring-A ")).toBe("newsletter_2026.spring-a");
  });
  it("keeps a ref of exactly 40 characters and drops a longer one", () => {
    expect(normalizeRef("a".repeat(40))).toBe("a".repeat(40));
    expect(normalizeRef("a".repeat(41))).toBeNull();
  });
  it("drops a ref with anything but letters, digits, dots, dashes and underscores", () => {
    for (const bad of ["news letter", "news/letter", "<script>", "café", "a:b", "a%20b", "", "   "])
      expect(normalizeRef(bad), bad).toBeNull();
  });
  it("answers no ref for a missing value", () => {
    expect(normalizeRef(null)).toBeNull();
    expect(normalizeRef(undefined)).toBeNull();
  });
});

describe("refFromSearch", () => {
  it("takes ref before utm_source", () => {
    expect(refFromSearch("?utm_source=Mastodon&ref=Newsletter")).toBe("newsletter");
  });
  it("falls back to utm_source when ref is missing or unusable", () => {
    expect(refFromSearch("?utm_source=Mastodon")).toBe("mastodon");
    expect(refFromSearch(new URLSearchParams("ref=no%20good&utm_source=flyer"))).toBe("flyer");
  });
  it("answers null for an address without a usable ref", () => {
    expect(refFromSearch("")).toBeNull();
    expect(refFromSearch("?ref=%3Cb%3E")).toBeNull();
  });
});

describe("clientOrigin", () => {
  it("keeps the page origins a client may send", () => {
    expect(clientOrigin("community_page")).toBe("community_page");
    expect(clientOrigin("event_page")).toBe("event_page");
  });
  it("cleans a link's ref", () => {
    expect(clientOrigin("link:Newsletter ")).toBe("link:newsletter");
    expect(clientOrigin("LINK:flyer")).toBe("link:flyer");
  });
  it("ignores what only the server decides, unusable refs and anything else", () => {
    for (const value of [
      "invitation",
      "import",
      "agent",
      "organizer",
      "created",
      "unknown",
      "link:",
      "link:a b",
    ])
      expect(clientOrigin(value), value).toBeNull();
    expect(clientOrigin(`link:${"x".repeat(41)}`)).toBeNull();
    expect(clientOrigin(42)).toBeNull();
    expect(clientOrigin(null)).toBeNull();
  });
});

describe("parseOrigin", () => {
  it("reads every named origin as its own kind", () => {
    for (const name of [
      "community_page",
      "event_page",
      "invitation",
      "import",
      "agent",
      "organizer",
      "created",
    ])
      expect(parseOrigin(name)).toEqual({ origin: name, kind: name, ref: null });
  });
  it("reads a shared link with its ref", () => {
    expect(parseOrigin("link:spring_2026.a-b")).toEqual({
      origin: "link:spring_2026.a-b",
      kind: "link",
      ref: "spring_2026.a-b",
    });
  });
  it("reads anything else as unknown: absent, a bare link, a malformed ref, a made-up name", () => {
    for (const stored of [
      null,
      undefined,
      "",
      "link",
      "link:",
      "link:Upper",
      `link:${"a".repeat(41)}`,
      "unknown",
      "pigeon",
    ])
      expect(parseOrigin(stored), String(stored)).toEqual({ origin: "unknown", kind: "unknown", ref: null });
  });
});
