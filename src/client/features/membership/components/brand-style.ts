import type { CSSProperties } from "react";
import { brandPalette } from "#shared/brand-color.ts";

/**
 * The community's brand colour as CSS variables for both themes, set once on the page: what is
 * rendered on the server does not know the visitor's theme, so each theme picks its own pair.
 * Null without a brand colour (the theme's primary colour then stands).
 */
export function brandVariables(brandColor: string | null | undefined): CSSProperties | null {
  const palette = brandPalette(brandColor);
  if (!palette) return null;
  return {
    "--brand": palette.light.primary,
    "--brand-fg": palette.light.primaryForeground,
    "--brand-dark": palette.dark.primary,
    "--brand-dark-fg": palette.dark.primaryForeground,
  } as CSSProperties;
}

/** A filled button in the brand colour, under an ancestor carrying `brandVariables`. */
export const BRAND_BUTTON =
  "bg-(--brand) text-(--brand-fg) hover:bg-(--brand)/90 dark:bg-(--brand-dark) dark:text-(--brand-dark-fg) dark:hover:bg-(--brand-dark)/90";

/** Text (links, accents) in the brand colour, readable on the page in both themes. */
export const BRAND_TEXT = "text-(--brand) dark:text-(--brand-dark)";

/** The brand button's classes when the community has a usable brand colour; undefined otherwise. */
export const brandButtonClass = (brandColor: string | null | undefined) =>
  brandPalette(brandColor) ? BRAND_BUTTON : undefined;
