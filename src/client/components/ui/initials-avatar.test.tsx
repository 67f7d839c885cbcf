import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials-avatar.tsx";

describe("initialsOf", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["Ada Byron Lovelace", "AL"],
    ["🎉 Party People", "PP"],
    ["Night Owls 🦉", "NO"],
    ["🦉Owls", "OW"],
    ["Zoë", "ZO"],
    ["émile zola", "ÉZ"],
    ["👩‍👩‍👧 Family", "FA"],
    ["🎉🎉", "?"],
    ["   ", "?"],
    ["2600 Club", "2C"],
    // A letter and its combining accent, and a Thai consonant with its tone mark, stay one letter.
    ["e\u0301mile zola", "E\u0301Z"],
    ["ก่อน ข้าว", "ก่ข้"],
    ["Σοφία Петрова", "ΣП"],
  ])("%s -> %s", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
