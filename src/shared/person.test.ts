import { describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "./limits.ts";
import { isAllowedImageUrl, normalizePersonName, personNameProblem } from "./person.ts";

describe("person names", () => {
  it("accepts one line within the limit, counting what the forms count", () => {
    expect(personNameProblem("Ada Guest")).toBeNull();
    expect(personNameProblem("a".repeat(TEXT_LIMITS.personName))).toBeNull();
    expect(personNameProblem("a".repeat(TEXT_LIMITS.personName + 1))?.code).toBe("TOO_LONG");
    expect(personNameProblem("x".repeat(600_000))?.code).toBe("TOO_LONG");
    expect(personNameProblem("   ")?.code).toBe("REQUIRED");
  });

  it("refuses newlines, control characters and direction overrides", () => {
    for (const name of [
      "Ada\nFrom: admin",
      "Ada\r\nGuest",
      "Ada\u0000",
      "Ada\u2028Guest",
      "Ada\u202EtseuG",
    ]) {
      expect(personNameProblem(name)?.code).toBe("INVALID_CHARACTERS");
    }
  });

  it("makes a provider's name fit instead of refusing the sign-in", () => {
    expect(normalizePersonName("Ada\n\tGuest ")).toBe("Ada Guest");
    expect(normalizePersonName(`${"😀".repeat(TEXT_LIMITS.personName)}`)).toBe(
      "😀".repeat(TEXT_LIMITS.personName / 2),
    );
  });
});

describe("profile images", () => {
  it("takes stored files and https pictures only", () => {
    expect(isAllowedImageUrl("/api/storage/v0/b/avatars/o/u1%2Fa.webp?alt=media&token=t")).toBe(true);
    expect(isAllowedImageUrl("https://lh3.googleusercontent.com/a/photo")).toBe(true);
    for (const url of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:image/png;base64,AAAA",
      "http://x.test/a.png",
      "//evil.test/a.png",
      "/e/1",
      " https://x.test",
    ]) {
      expect(isAllowedImageUrl(url)).toBe(false);
    }
  });
});
