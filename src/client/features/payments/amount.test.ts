import { describe, expect, it } from "vitest";
import { readAmount, typedExample } from "./amount.ts";

describe("amounts as people type them", () => {
  it("reads minor units in the currency's own decimals and the person's separators", () => {
    expect(readAmount("12.50", "EUR", "en")).toEqual({ ok: true, amountMinor: 1_250 });
    expect(readAmount("12,50", "EUR", "de-DE")).toEqual({ ok: true, amountMinor: 1_250 });
    expect(readAmount("1,500", "JPY", "en")).toEqual({ ok: true, amountMinor: 1_500 });
    expect(readAmount("12.345", "KWD", "en")).toEqual({ ok: true, amountMinor: 12_345 });
  });

  it("says what to change instead of rounding", () => {
    expect(readAmount("", "EUR", "en")).toEqual({ ok: false, message: "Enter the amount." });
    expect(readAmount("0", "EUR", "en")).toEqual({ ok: false, message: "Enter an amount above zero." });
    expect(readAmount("15.5", "JPY", "en")).toEqual({
      ok: false,
      message: "JPY has no smaller unit: enter a whole amount.",
    });
    expect(readAmount("1.2345", "KWD", "en")).toEqual({
      ok: false,
      message: "KWD has 3 decimal places at most.",
    });
    expect(readAmount("12,5", "EUR", "en")).toEqual({ ok: false, message: "Enter an amount such as 12.50." });
  });

  it("writes an amount back the way it is typed", () => {
    expect(typedExample("EUR", "de-DE", 7_500)).toBe("75,00");
    expect(typedExample("JPY", "en", 1_500)).toBe("1500");
    expect(typedExample("KWD", "en", 10_345)).toBe("10.345");
  });
});
