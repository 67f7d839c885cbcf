import type { CSSProperties } from "react";
import { contrastRatio, isHexColor, readableTextColor } from "#client/lib/color.ts";

/** WCAG AA for the button's label. */
const MIN_CONTRAST = 4.5;

/**
 * The host's brand colour for the main button, when its label can stay readable on it; otherwise
 * the theme's primary colour is used (null).
 */
export function brandButtonStyle(brandColor: string | null | undefined): CSSProperties | null {
  if (!brandColor || !isHexColor(brandColor)) return null;
  const text = readableTextColor(brandColor);
  if (contrastRatio(brandColor, text) < MIN_CONTRAST) return null;
  return { backgroundColor: brandColor, color: text };
}
