import { describe, expect, it } from "vitest";
import { parseRange } from "#server/http/storage-routes.ts";
import { canRead, canWrite, pathProblem, withinQuota } from "./files.policy.ts";

const viewer = { id: "u1", name: "U", email: "u@example.test", image: null };
const as = (
  role: "owner" | "admin" | "organizer" | "member" | null,
  status: "active" | "pending" = "active",
) => ({
  viewer,
  membership: role ? { role, status } : null,
});

describe("file store policy", () => {
  it("follows the contract's table of who may write and read", () => {
    expect(canWrite("community-assets", "c/x.png", as("admin"))).toBe(true);
    expect(canWrite("community-assets", "c/x.png", as("organizer"))).toBe(false);
    expect(canWrite("event-images", "c/x.png", as("organizer"))).toBe(true);
    expect(canWrite("member-imports", "c/x.csv", as("owner", "pending"))).toBe(false);
    expect(canRead("community-assets", "c/x.png", as("member"))).toBe(true);
    expect(canRead("member-imports", "c/x.csv", as("member"))).toBe(false);
    expect(canWrite("avatars", "u1/me.png", as(null))).toBe(true);
    expect(canWrite("avatars", "u2/me.png", as(null))).toBe(false);
    expect(canRead("avatars", "u2/me.png", as(null))).toBe(true);
    expect(canRead("avatars", "u2/me.png", { viewer: null, membership: null })).toBe(false);
  });

  it("refuses paths the contract forbids", () => {
    expect(pathProblem("c1/logo.png")).toBeNull();
    for (const bad of [
      "",
      "/c1/x",
      "c1/../x",
      "c1\\x",
      "c1/a\u0001b",
      "logo.png",
      "c1//x",
      "x".repeat(1025),
    ]) {
      expect(pathProblem(bad), bad).not.toBeNull();
    }
  });

  it("counts a replaced object's size only once against the quota", () => {
    expect(withinQuota({ used: 900, newSize: 200, replacedSize: 100, quota: 1000 })).toBe(true);
    expect(withinQuota({ used: 900, newSize: 200, replacedSize: 0, quota: 1000 })).toBe(false);
  });
});

describe("Range header", () => {
  it.each([
    ["bytes=0-9", { start: 0, end: 9 }],
    ["bytes=5-", { start: 5, end: 99 }],
    ["bytes=-10", { start: 90, end: 99 }],
    ["bytes=90-500", { start: 90, end: 99 }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=9-3", "unsatisfiable"],
    ["bytes=0-1,5-6", null],
    ["items=0-1", null],
  ])("%s of 100 bytes", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
