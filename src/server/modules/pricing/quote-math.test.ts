import { describe, expect, it } from "vitest";
import { formatMoney } from "#shared/money.ts";
import { percentOf } from "#shared/pricing.ts";
import { priceLine } from "./quote-math.ts";

describe("percentOf", () => {
  it("rounds half a minor unit up, and only then", () => {
    expect(percentOf(125, 50)).toBe(63);
    expect(percentOf(1999, 15)).toBe(300);
    expect(percentOf(1990, 15)).toBe(299);
    expect(percentOf(101, 10)).toBe(10);
    expect(percentOf(105, 10)).toBe(11);
    expect(percentOf(0, 50)).toBe(0);
    expect(percentOf(99_999_999, 100)).toBe(99_999_999);
  });
});

describe("priceLine", () => {
  it("prices yen without decimals: 3 tickets at ¥999 with 10 % off", () => {
    const line = priceLine(999, 3, { percentOff: 10 });
    expect(line).toEqual({
      unitPriceMinor: 999,
      unitDiscountMinor: 100,
      subtotalMinor: 2997,
      discountMinor: 300,
      totalMinor: 2697,
    });
    expect(formatMoney(line.totalMinor, "JPY", "en")).toBe("¥2,697");
  });

  it("prices euros in cents: 2 tickets at €19.99 with 15 % off", () => {
    const line = priceLine(1999, 2, { percentOff: 15 });
    expect(line).toMatchObject({
      unitDiscountMinor: 300,
      subtotalMinor: 3998,
      discountMinor: 600,
      totalMinor: 3398,
    });
    expect(formatMoney(line.totalMinor, "EUR", "en")).toBe("€33.98");
  });

  it("prices Kuwaiti dinars in fils (three decimals): 4 tickets at KWD 12.345 with 10 % off", () => {
    const line = priceLine(12_345, 4, { percentOff: 10 });
    // 1,234.5 fils off each: half a fils rounds up.
    expect(line).toMatchObject({ unitDiscountMinor: 1235, subtotalMinor: 49_380, totalMinor: 44_440 });
    expect(formatMoney(line.totalMinor, "KWD", "en").replace(/\s/g, " ")).toBe("KWD 44.440");
  });

  it("takes an amount off each ticket", () => {
    expect(priceLine(2500, 2, { amountOffMinor: 500 })).toMatchObject({
      unitDiscountMinor: 500,
      discountMinor: 1000,
      totalMinor: 4000,
    });
  });

  it("never makes an order cost less than nothing", () => {
    expect(priceLine(2500, 3, { percentOff: 100 }).totalMinor).toBe(0);
    expect(priceLine(300, 2, { amountOffMinor: 500 })).toMatchObject({
      unitDiscountMinor: 300,
      totalMinor: 0,
    });
    expect(priceLine(0, 5, { amountOffMinor: 500 })).toMatchObject({ discountMinor: 0, totalMinor: 0 });
  });

  it("keeps the most a full order may come to an exact whole number", () => {
    const line = priceLine(99_999_999, 50, { percentOff: 33 });
    expect(Number.isSafeInteger(line.subtotalMinor)).toBe(true);
    expect(line.totalMinor).toBe(50 * (99_999_999 - 33_000_000));
  });
});
