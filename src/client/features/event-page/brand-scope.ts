import type { CSSProperties } from "react";
import { brandPalette } from "#shared/brand-color.ts";

/**
 * The community's colour in place of the theme's primary colour, for everything inside the
 * element given these: buttons, links, focus rings. Each theme gets its own readable shade
 * (#shared/brand-color.ts); the classes pick the one for the theme in use.
 */
export function brandScope(brandColor: string | null | undefined): {
  className: string;
  style: CSSProperties;
} | null {
  const palette = brandPalette(brandColor);
  if (!palette) return null;
  return {
    className:
      "[--primary:var(--brand-light)] [--primary-foreground:var(--brand-light-fg)] [--ring:var(--brand-light)] dark:[--primary:var(--brand-dark)] dark:[--primary-foreground:var(--brand-dark-fg)] dark:[--ring:var(--brand-dark)]",
    style: {
      "--brand-light": palette.light.primary,
      "--brand-light-fg": palette.light.primaryForeground,
      "--brand-dark": palette.dark.primary,
      "--brand-dark-fg": palette.dark.primaryForeground,
    } as CSSProperties,
  };
}
