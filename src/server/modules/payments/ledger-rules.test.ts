import { describe, expect, it } from "vitest";
import { checkAmount, checkCurrency, netMinor, statusAfterRefunds } from "./ledger-rules.ts";

describe("a payment's status from its refunds", () => {
  it("is succeeded with nothing refunded, partially refunded in between, refunded at the amount", () => {
    expect(statusAfterRefunds(10_000, 0)).toBe("succeeded");
    expect(statusAfterRefunds(10_000, 1)).toBe("partially_refunded");
    expect(statusAfterRefunds(10_000, 9_999)).toBe("partially_refunded");
    expect(statusAfterRefunds(10_000, 10_000)).toBe("refunded");
  });

  it("nets the fee and every refund off the amount, below zero when the fee is kept", () => {
    expect(netMinor(10_000, 320, 2_500)).toBe(7_180);
    expect(netMinor(10_000, 320, 10_000)).toBe(-320);
  });
});

describe("money input", () => {
  it("takes currency codes in any case and refuses unknown ones", () => {
    expect(checkCurrency("currency", " jpy ").currency).toBe("JPY");
    expect(checkCurrency("currency", "KWD").currency).toBe("KWD");
    expect(checkCurrency("currency", "EURO").errors[0]?.code).toBe("INVALID_CURRENCY");
  });

  it("takes whole minor units above zero, whatever the currency's decimals", () => {
    expect(checkAmount("amountMinor", 1, "JPY")).toEqual([]);
    expect(checkAmount("amountMinor", 12_345, "KWD")).toEqual([]);
    expect(checkAmount("amountMinor", 0, "EUR")[0]?.code).toBe("OUT_OF_RANGE");
    expect(checkAmount("amountMinor", 1.5, "EUR")[0]?.code).toBe("OUT_OF_RANGE");
    expect(checkAmount("amountMinor", 1e15, "KWD")[0]?.message).toMatch(
      /^Enter at most KWD\s999,999,999,999\.999\.$/,
    );
  });
});
