/**
 * One rule for every short, single-line label people give something: a person's or community's
 * name, an event's title, a venue, ticket types, plans, segments, tags, questions and subjects.
 * These are shown in page titles, mails, logs and lists, where a line break, a bidirectional
 * override or an invisible character would forge lines, reorder text or make two names that look
 * the same differ (or two that differ look the same).
 *
 * Refused: control characters (line breaks and tabs included), line and paragraph separators,
 * invisible format characters (bidirectional marks and overrides, zero-width space, word joiner,
 * byte-order mark, soft hyphen) and Hangul fillers. Emoji tag sequences (subdivision flags) stay.
 * The zero-width joiner and non-joiner stay only where scripts and emoji need them: between two
 * visible characters, neither of them Latin, Greek, Cyrillic or ASCII.
 */
const ALWAYS_UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\u3164\uFFA0]|(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/u;
const ALWAYS_UNSAFE_ALL = new RegExp(ALWAYS_UNSAFE.source, "gu");
const isJoiner = (char: string) => char === "\u200C" || char === "\u200D";
const NOT_JOINABLE = /^[\s\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{ASCII}]$|^\u200C$|^\u200D$/u;
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;

export const INVALID_CHARACTERS_MESSAGE = "Use one line of text, without special control characters.";

export type NameCharactersProblem = { code: "INVALID_CHARACTERS"; message: string };

function misplacedJoinerAt(chars: readonly string[], index: number): boolean {
  const before = chars[index - 1];
  const after = chars[index + 1];
  return before === undefined || after === undefined || NOT_JOINABLE.test(before) || NOT_JOINABLE.test(after);
}

/** True when the text holds a character no name or label may carry. */
export function hasUnsafeNameCharacters(text: string): boolean {
  if (ALWAYS_UNSAFE.test(text)) return true;
  if (!text.includes("\u200C") && !text.includes("\u200D")) return false;
  const chars = Array.from(text);
  return chars.some((char, index) => isJoiner(char) && misplacedJoinerAt(chars, index));
}

/** `INVALID_CHARACTERS` with the one wording forms and the server share, or null when fine. */
export function nameCharactersProblem(text: string): NameCharactersProblem | null {
  return hasUnsafeNameCharacters(text)
    ? { code: "INVALID_CHARACTERS", message: INVALID_CHARACTERS_MESSAGE }
    : null;
}

/**
 * A label from elsewhere (an identity provider, an imported file) made acceptable instead of
 * refused: line breaks and tabs become spaces, invisible characters go, spaces are collapsed.
 */
export function toSafeName(text: string): string {
  const spaced = text.replace(BREAKS, " ").replace(ALWAYS_UNSAFE_ALL, "");
  const chars = Array.from(spaced);
  const kept = chars.filter((char, index) => !(isJoiner(char) && misplacedJoinerAt(chars, index)));
  return kept.join("").replace(/\s+/g, " ").trim();
}
