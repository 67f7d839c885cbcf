import { describe, expect, it } from "vitest";
import {
  brandPalette,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  NEAR_BLACK,
  THEME_BACKGROUND,
  WHITE,
} from "./brand-color.ts";

const BRANDS = [
  "#4f46e5",
  "#facc15",
  "#ffffff",
  "#000000",
  "#777777",
  "#22c55e",
  "#ff00ff",
  "#0d0d11",
  "#fbfcfd",
];

describe("a community's brand colour on its pages", () => {
  it("keeps a colour that already reads well, with a white or near-black label", () => {
    expect(brandPalette("#4f46e5")?.light).toEqual({ primary: "#4f46e5", primaryForeground: WHITE });
    expect(brandPalette("#FACC15")?.dark).toEqual({ primary: "#facc15", primaryForeground: NEAR_BLACK });
  });

  it.each(BRANDS)("makes %s readable in both themes: button labels, and links on the page", (brand) => {
    const palette = brandPalette(brand);
    for (const theme of ["light", "dark"] as const) {
      const colors = palette?.[theme];
      if (!colors) throw new Error("no palette");
      expect(contrastRatio(colors.primary, colors.primaryForeground)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      expect(contrastRatio(colors.primary, THEME_BACKGROUND[theme])).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });

  it("darkens a yellow on the light theme only as far as it needs, and lightens an indigo on the dark one", () => {
    const yellow = brandPalette("#facc15")?.light.primary ?? "";
    expect(yellow).not.toBe("#facc15");
    // One 5 % step less would not do: the shift stops at the first readable colour.
    expect(contrastRatio(yellow, THEME_BACKGROUND.light)).toBeLessThan(MIN_TEXT_CONTRAST + 0.6);
    const indigo = brandPalette("#4f46e5")?.dark;
    expect(indigo?.primary).not.toBe("#4f46e5");
    expect(indigo?.primaryForeground).toBe(NEAR_BLACK);
  });

  it("has nothing to say about a missing or malformed colour", () => {
    for (const value of [null, undefined, "", "red", "#12345", "#gggggg"])
      expect(brandPalette(value)).toBeNull();
  });
});
