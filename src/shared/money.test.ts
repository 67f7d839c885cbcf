import { describe, expect, it } from "vitest";
import { currencyCode, formatMoney, minorUnitDigits, parseMoney, toDecimalString } from "./money.ts";

/** Intl separates amount and symbol with no-break spaces; compare what a reader sees. */
const seen = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("minorUnitDigits", () => {
  it("knows zero-decimal, three-decimal and ordinary currencies, in any case", () => {
    for (const code of ["JPY", "KRW", "jpy", "CLP", "VND", "XOF"]) expect(minorUnitDigits(code)).toBe(0);
    for (const code of ["KWD", "BHD", "JOD", "OMR", "TND", "kwd"]) expect(minorUnitDigits(code)).toBe(3);
    for (const code of ["USD", "EUR", "GBP", "chf", "INR"]) expect(minorUnitDigits(code)).toBe(2);
  });
});

describe("currencyCode", () => {
  it("accepts ISO 4217 codes, upper-cased, and refuses anything else", () => {
    expect(currencyCode(" eur ")).toBe("EUR");
    expect(currencyCode("KWD")).toBe("KWD");
    expect(currencyCode("EU")).toBeNull();
    expect(currencyCode("XYZ")).toBeNull();
    expect(currencyCode("€")).toBeNull();
  });
});

describe("formatMoney", () => {
  it("shows each currency with its own number of decimals", () => {
    expect(formatMoney(123456, "USD")).toBe("$1,234.56");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(seen(formatMoney(12345, "KWD"))).toBe("KWD 12.345");
    expect(formatMoney(5, "EUR")).toBe("€0.05");
    expect(seen(formatMoney(0, "BHD"))).toBe("BHD 0.000");
  });

  it("follows the reader's locale", () => {
    expect(seen(formatMoney(123456, "EUR", "de-DE"))).toBe("1.234,56 €");
    expect(seen(formatMoney(123456, "EUR", "fr-FR"))).toBe("1 234,56 €");
    expect(seen(formatMoney(1500, "JPY", "ja-JP"))).toBe("￥1,500");
  });

  it("is exact for large amounts and negative ones (refunds)", () => {
    expect(formatMoney(999_999_999_999_99, "USD")).toBe("$999,999,999,999.99");
    expect(formatMoney(-2050, "USD")).toBe("-$20.50");
  });

  it("refuses an amount that is not a whole number of minor units", () => {
    expect(() => formatMoney(12.5, "USD")).toThrow(RangeError);
  });
});

describe("toDecimalString", () => {
  it("writes the exact major-unit amount", () => {
    expect(toDecimalString(5, "USD")).toBe("0.05");
    expect(toDecimalString(1, "KWD")).toBe("0.001");
    expect(toDecimalString(1500, "JPY")).toBe("1500");
    expect(toDecimalString(-105, "EUR")).toBe("-1.05");
  });
});

describe("parseMoney", () => {
  const amount = (input: string, currency: string, locale?: string) => parseMoney(input, currency, locale);

  it("reads what people type into minor units, without floating-point error", () => {
    expect(amount("12.50", "USD")).toEqual({ ok: true, amount: 1250 });
    expect(amount("0.29", "USD")).toEqual({ ok: true, amount: 29 });
    expect(amount("1,234.5", "USD")).toEqual({ ok: true, amount: 123450 });
    expect(amount("$ 20", "USD")).toEqual({ ok: true, amount: 2000 });
    expect(amount("20 usd", "USD")).toEqual({ ok: true, amount: 2000 });
    expect(amount(".5", "EUR")).toEqual({ ok: true, amount: 50 });
    expect(amount("7.", "EUR")).toEqual({ ok: true, amount: 700 });
    expect(amount("0", "EUR")).toEqual({ ok: true, amount: 0 });
  });

  it("reads zero- and three-decimal currencies with their own minor units", () => {
    expect(amount("1,500", "JPY")).toEqual({ ok: true, amount: 1500 });
    expect(amount("¥1500", "JPY")).toEqual({ ok: true, amount: 1500 });
    expect(amount("12.345", "KWD")).toEqual({ ok: true, amount: 12345 });
    expect(amount("12.3", "BHD")).toEqual({ ok: true, amount: 12300 });
    expect(amount("1", "TND")).toEqual({ ok: true, amount: 1000 });
  });

  it("uses the locale's separators", () => {
    expect(amount("1.234,56 €", "EUR", "de-DE")).toEqual({ ok: true, amount: 123456 });
    expect(amount("12,5", "EUR", "de-DE")).toEqual({ ok: true, amount: 1250 });
    expect(amount("1 234,56", "EUR", "fr-FR")).toEqual({ ok: true, amount: 123456 });
    expect(amount("1'234.50", "CHF", "de-CH")).toEqual({ ok: true, amount: 123450 });
    expect(amount("١٢٫٥٠", "EGP", "ar-EG")).toEqual({ ok: true, amount: 1250 });
  });

  it("never rounds: more decimals than the currency has is refused", () => {
    expect(amount("12.345", "USD")).toEqual({ ok: false, problem: "TOO_PRECISE" });
    expect(amount("1500.5", "JPY")).toEqual({ ok: false, problem: "TOO_PRECISE" });
    expect(amount("1.0001", "KWD")).toEqual({ ok: false, problem: "TOO_PRECISE" });
    expect(amount("12.500", "USD")).toEqual({ ok: true, amount: 1250 });
  });

  it("refuses a separator where the locale puts none instead of guessing", () => {
    expect(amount("1,5", "USD")).toEqual({ ok: false, problem: "INVALID" });
    expect(amount("12.50", "EUR", "de-DE")).toEqual({ ok: false, problem: "INVALID" });
    expect(amount("1,23,4", "USD")).toEqual({ ok: false, problem: "INVALID" });
    expect(amount("twelve", "USD")).toEqual({ ok: false, problem: "INVALID" });
    expect(amount("1e3", "USD")).toEqual({ ok: false, problem: "INVALID" });
    expect(amount("12.5.0", "USD")).toEqual({ ok: false, problem: "INVALID" });
  });

  it("names empty, negative and too large amounts", () => {
    expect(amount("  ", "USD")).toEqual({ ok: false, problem: "EMPTY" });
    expect(amount("$", "USD")).toEqual({ ok: false, problem: "EMPTY" });
    expect(amount("-5", "USD")).toEqual({ ok: false, problem: "NEGATIVE" });
    expect(amount("−5", "USD")).toEqual({ ok: false, problem: "NEGATIVE" });
    expect(amount("10000000000000", "USD")).toEqual({ ok: false, problem: "TOO_LARGE" });
    expect(amount("9999999999999.99", "USD")).toEqual({ ok: true, amount: 999_999_999_999_999 });
  });
});
