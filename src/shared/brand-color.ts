// A community's brand colour on its public pages, in place of the theme's primary colour: buttons
// filled with it and links written in it, readable in the light and the dark theme (WCAG 2.x). The colour is stored as
// lowercase #rrggbb (communities.validation).

const HEX = /^#[0-9a-f]{6}$/i;

/** WCAG AA for text of normal size: a button's label, a link. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The page backgrounds of the two themes (styles.css `--background`, in sRGB). */
export const THEME_BACKGROUND = { light: "#fbfcfd", dark: "#0d0d11" } as const;
export type Theme = keyof typeof THEME_BACKGROUND;

export const WHITE = "#ffffff";
export const NEAR_BLACK = "#111827";

export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const value = c / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` moved `amount` (0 to 1) of the way towards `target`, in sRGB. */
export function mix(hex: string, target: string, amount: number): string {
  const from = channels(hex);
  const to = channels(target);
  return toHex(from.map((c, i) => c + ((to[i] ?? c) - c) * amount));
}

/** White or near-black, whichever reads better on `background`. */
export function readableTextColor(background: string): typeof WHITE | typeof NEAR_BLACK {
  return contrastRatio(background, WHITE) >= contrastRatio(background, NEAR_BLACK) ? WHITE : NEAR_BLACK;
}

/** The first mix of `hex` towards `target`, in 5 % steps, that `ok` accepts (the target itself at worst). */
function shiftUntil(hex: string, target: string, ok: (candidate: string) => boolean): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(hex, target, step / 20);
    if (ok(candidate)) return candidate;
  }
  return target;
}

export type BrandColors = {
  /** Buttons' fill, links and accents: at least 4.5:1 on the theme's page background. */
  primary: string;
  /** A filled button's label: white or near-black, at least 4.5:1 on `primary`. */
  primaryForeground: string;
};

/**
 * The brand colour for one theme, shifted only as far as readability needs: it stands for the
 * theme's primary colour, so it must read as text on the page (links) as well as carry a label
 * (buttons).
 */
export function brandColorsFor(brand: string, theme: Theme): BrandColors {
  const background = THEME_BACKGROUND[theme];
  // Towards the page's opposite: darker on the light theme, lighter on the dark one.
  const away = theme === "light" ? "#000000" : WHITE;
  const primary = shiftUntil(
    brand,
    away,
    (c) =>
      contrastRatio(c, background) >= MIN_TEXT_CONTRAST &&
      contrastRatio(c, readableTextColor(c)) >= MIN_TEXT_CONTRAST,
  );
  return { primary, primaryForeground: readableTextColor(primary) };
}

/** Both themes' colours for a stored brand colour; null when there is none or it is not #rrggbb. */
export function brandPalette(brand: string | null | undefined): Record<Theme, BrandColors> | null {
  if (!brand || !isHexColor(brand)) return null;
  const hex = brand.toLowerCase();
  return { light: brandColorsFor(hex, "light"), dark: brandColorsFor(hex, "dark") };
}
