import { describe, expect, it } from "vitest";
import { hasUnsafeNameCharacters, nameCharactersProblem, toSafeName } from "./names.ts";

describe("names and labels", () => {
  it("accepts ordinary names in any script, with emoji and the joiners scripts need", () => {
    for (const name of [
      "Berlin Runners",
      "Café Crème — Spring 2026",
      "東京ランナーズ",
      "Ночной клуб",
      "نادی کتاب می\u200Cخوانیم",
      "क्\u200Dष group",
      "Family 👨\u200D👩\u200D👧 picnic",
      "Pride 🏳️\u200D🌈",
      "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scots",
    ]) {
      expect(nameCharactersProblem(name), name).toBeNull();
    }
  });

  it("refuses line breaks, tabs, direction overrides and invisible characters", () => {
    for (const name of [
      "Runners\nFrom: admin",
      "Runners\r\nSubject: reset",
      "Runners\tClub",
      "Runners\u2028Club",
      "Runners\u2029Club",
      "Runners \u202Egnp.exe",
      "Runners\u2066x\u2069",
      "Runners\u200F",
      "Com\u200Bmons",
      "Com\u2060mons",
      "\uFEFFCommons",
      "Com\u00ADmons",
      "\u3164",
      "Com\u200Dmons",
      "Commons\u200C",
      "\u200D👨",
    ]) {
      expect(nameCharactersProblem(name), JSON.stringify(name)).toEqual({
        code: "INVALID_CHARACTERS",
        message: "Use one line of text, without special control characters.",
      });
    }
  });

  it("makes a name from elsewhere safe instead of refusing it", () => {
    expect(toSafeName("Berlin\r\nRunners\t ")).toBe("Berlin Runners");
    expect(toSafeName("Com\u200Bmons\u202E")).toBe("Commons");
    expect(toSafeName("Pride 🏳️\u200D🌈")).toBe("Pride 🏳️\u200D🌈");
    expect(hasUnsafeNameCharacters(toSafeName("a\u200D\nb\u2066"))).toBe(false);
  });
});
