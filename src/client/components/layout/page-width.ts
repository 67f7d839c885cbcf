import { cn } from "#client/lib/cn.ts";

/**
 * The page widths every screen uses, so content lines up with the header and does not jump
 * between screens: `wide` for lists, dashboards and the event page (the header's width), `text`
 * for forms, check-in, profile and legal text, `narrow` for a single message or card.
 */
const WIDTHS = {
  wide: "max-w-6xl",
  text: "max-w-3xl",
  narrow: "max-w-md",
} as const;

export type PageWidth = keyof typeof WIDTHS;

/** Centered, with the same side padding as the header; vertical spacing is the caller's. */
export function pageWidth(width: PageWidth, className?: string): string {
  return cn("mx-auto w-full px-5 sm:px-8", WIDTHS[width], className);
}
