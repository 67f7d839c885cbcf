import { TEXT_LIMITS, tooLongMessage } from "./limits.ts";

/**
 * Control characters, line and paragraph separators and bidirectional overrides: a name is one
 * line of text, shown in mails, logs and lists where any of these would forge or reorder content.
 */
const UNSAFE_IN_NAME = /[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const UNSAFE_IN_NAME_ALL = new RegExp(UNSAFE_IN_NAME.source, "gu");

export type PersonNameProblem = { code: "REQUIRED" | "TOO_LONG" | "INVALID_CHARACTERS"; message: string };

export function personNameProblem(name: string): PersonNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === "") return { code: "REQUIRED", message: "Enter the name people will see." };
  if (trimmed.length > TEXT_LIMITS.personName)
    return { code: "TOO_LONG", message: tooLongMessage("personName") };
  if (UNSAFE_IN_NAME.test(trimmed)) {
    return {
      code: "INVALID_CHARACTERS",
      message: "Use one line of text, without special control characters.",
    };
  }
  return null;
}

/** A name from elsewhere (an identity provider) made acceptable instead of refused. */
export function normalizePersonName(name: string): string {
  const oneLine = name.replace(UNSAFE_IN_NAME_ALL, " ").replace(/\s+/g, " ").trim();
  if (oneLine.length <= TEXT_LIMITS.personName) return oneLine;
  // Cut by code points so no emoji is split in half.
  let cut = "";
  for (const char of oneLine) {
    if (cut.length + char.length > TEXT_LIMITS.personName) break;
    cut += char;
  }
  return cut.trim();
}

export const IMAGE_URL_LIMIT = 2_048;

/** Profile images are our own stored files or https pictures (e.g. from Google); nothing that runs. */
export function isAllowedImageUrl(url: string): boolean {
  if (url.length > IMAGE_URL_LIMIT || /\s/.test(url)) return false;
  if (url.startsWith("/api/storage/")) return true;
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
