import { describe, expect, it } from "vitest";
import { accountLabel } from "./phone.ts";

describe("how another device names an account", () => {
  it("uses the address, else a phone sign-up's number, else the name", () => {
    expect(accountLabel({ email: "ada@example.test", phoneNumber: "+447400123456", name: "Ada" })).toBe(
      "ada@example.test",
    );
    expect(
      accountLabel({ email: "phone-1a2b@phone.invalid", phoneNumber: "+447400123456", name: "Pat" }),
    ).toBe("+447400123456");
    expect(accountLabel({ email: "phone-1a2b@phone.invalid", phoneNumber: null, name: " Pat " })).toBe("Pat");
  });
});
