import type { CSSProperties } from "react";
import { brandPalette } from "#shared/brand-color.ts";

/**
 * The community's brand colour as CSS variables for both themes, set once on the page: what is
 * rendered on the server does not know the visitor's theme, so `BRAND_SCOPE` lets each theme pick
 * its own pair. Null without a brand colour (the theme's primary colour then stands).
 */
export function brandVariables(brandColor: string | null | undefined): CSSProperties | null {
  const palette = brandPalette(brandColor);
  if (!palette) return null;
  return {
    "--brand-light": palette.light.primary,
    "--brand-light-fg": palette.light.primaryForeground,
    "--brand-dark": palette.dark.primary,
    "--brand-dark-fg": palette.dark.primaryForeground,
  } as CSSProperties;
}

/** On the element carrying `brandVariables`: `--brand` and `--brand-fg` follow the theme. */
export const BRAND_SCOPE =
  "[--brand:var(--brand-light)] [--brand-fg:var(--brand-light-fg)] dark:[--brand:var(--brand-dark)] dark:[--brand-fg:var(--brand-dark-fg)]";

/** Text (links, accents) in the brand colour, readable on the page in both themes. */
export const BRAND_TEXT = "text-(--brand)";

/**
 * A filled button in the brand colour, inside `BRAND_SCOPE`; undefined without a usable brand
 * colour. An inline style, as a class would tie with the button's own `bg-primary` (classes are
 * not merged, so their order in the style sheet would decide).
 */
export const brandButtonStyle = (brandColor: string | null | undefined): CSSProperties | undefined =>
  brandPalette(brandColor) ? { backgroundColor: "var(--brand)", color: "var(--brand-fg)" } : undefined;
