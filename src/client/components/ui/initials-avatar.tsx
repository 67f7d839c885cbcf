import { useState } from "react";
import { cn } from "#client/lib/cn.ts";
import { isHexColor, readableTextColor } from "#client/lib/color.ts";

/**
 * Text in Latin, Greek or Cyrillic letters, digits, punctuation and spaces, without combining
 * marks: each code point is a grapheme of its own, so it is split without Intl.Segmenter.
 */
const ONE_POINT_GRAPHEMES = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}\p{P}\p{Zs}]*$/u;
// Made at first use, and only for other text: the first segmenter a page makes loads the browser's
// grapheme rules, tens of milliseconds of a phone's main thread while the page hydrates.
let segmenter: Intl.Segmenter | undefined;
const graphemes = {
  segment: (text: string): Iterable<{ segment: string }> => {
    if (ONE_POINT_GRAPHEMES.test(text)) return Array.from(text, (segment) => ({ segment }));
    segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    return segmenter.segment(text);
  },
};
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;

/** The first letter (a whole grapheme, so "É" or "ก่" stays intact) of a word, skipping emoji and punctuation. */
function firstLetter(word: string): string | null {
  for (const { segment } of graphemes.segment(word)) {
    if (LETTER_OR_DIGIT.test(segment)) return segment;
  }
  return null;
}

/** "Ada Lovelace" -> "AL", "🎉 Party People" -> "PP", "Zoë" -> "ZO"; "?" when there is no letter at all. */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map(firstLetter)
    .filter((letter): letter is string => letter !== null);
  if (letters.length >= 2) return `${letters[0]}${letters[letters.length - 1]}`.toUpperCase();
  const only = name
    .trim()
    .split(/\s+/)
    .find((word) => firstLetter(word) !== null);
  if (!only) return "?";
  const inWord = [...graphemes.segment(only)]
    .map(({ segment }) => segment)
    .filter((g) => LETTER_OR_DIGIT.test(g));
  return inWord.slice(0, 2).join("").toUpperCase();
}

const PALETTE = [
  "bg-indigo-500/15 text-indigo-800 dark:text-indigo-300",
  "bg-emerald-500/15 text-emerald-800 dark:text-emerald-300",
  "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  "bg-rose-500/15 text-rose-800 dark:text-rose-300",
  "bg-sky-500/15 text-sky-800 dark:text-sky-300",
  "bg-violet-500/15 text-violet-800 dark:text-violet-300",
];

function paletteFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? "";
}

const SIZES = {
  xs: "size-6 rounded text-[10px]",
  sm: "size-7 rounded-full text-xs",
  md: "size-8 rounded-md text-xs",
  lg: "size-11 rounded-lg text-sm",
};

/**
 * Decorative: callers show the name beside it, so an image gets alt="" and the initials are hidden
 * from assistive technology. `color` (#rrggbb, e.g. a brand colour) replaces the palette tint.
 */
export function InitialsAvatar({
  name,
  seed,
  size = "lg",
  imageUrl,
  color,
  className,
}: {
  name: string;
  seed?: string;
  size?: keyof typeof SIZES;
  imageUrl?: string | null;
  color?: string | null;
  className?: string;
}) {
  // A broken image (deleted object, expired token) falls back to the initials.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (imageUrl && imageUrl !== failedUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        onError={() => setFailedUrl(imageUrl)}
        loading="lazy"
        decoding="async"
        className={cn("shrink-0 bg-muted object-cover", SIZES[size], className)}
      />
    );
  }
  const tint = color && isHexColor(color) ? color : null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center font-semibold",
        SIZES[size],
        tint ? null : paletteFor(seed ?? name),
        className,
      )}
      style={tint ? { backgroundColor: tint, color: readableTextColor(tint) } : undefined}
    >
      {initialsOf(name)}
    </span>
  );
}
