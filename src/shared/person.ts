import { TEXT_LIMITS, tooLongMessage } from "./limits.ts";
import { nameCharactersProblem, toSafeName } from "./names.ts";

export type PersonNameProblem = { code: "REQUIRED" | "TOO_LONG" | "INVALID_CHARACTERS"; message: string };

export function personNameProblem(name: string): PersonNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === "") return { code: "REQUIRED", message: "Enter the name people will see." };
  if (trimmed.length > TEXT_LIMITS.personName)
    return { code: "TOO_LONG", message: tooLongMessage("personName") };
  return nameCharactersProblem(trimmed);
}

/** A name from elsewhere (an identity provider) made acceptable instead of refused. */
export function normalizePersonName(name: string): string {
  const oneLine = toSafeName(name);
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
