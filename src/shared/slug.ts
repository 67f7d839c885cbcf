export const SLUG_MIN = 3;
export const SLUG_MAX = 48;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Paths under the site root that a community slug must never shadow. */
const RESERVED = new Set([
  "admin",
  "api",
  "app",
  "assets",
  "c",
  "community-selection",
  "create-community",
  "dashboard",
  "e",
  "event",
  "help",
  "login",
  "me",
  "new",
  "otp",
  "privacy",
  "settings",
  "support",
  "terms",
  "welcome",
]);

export type SlugProblem = "INVALID" | "RESERVED";

export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
}

/** Lowercase a-z0-9 words joined by single hyphens, 3-48 characters. */
export function isValidSlug(slug: string): boolean {
  return slug.length >= SLUG_MIN && slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);
}

/** Keeps what someone types in a slug field within the allowed alphabet without fighting their cursor. */
export function sanitizeSlugInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .slice(0, SLUG_MAX);
}

export function slugProblem(slug: string): SlugProblem | null {
  if (!isValidSlug(slug)) return "INVALID";
  if (RESERVED.has(slug)) return "RESERVED";
  return null;
}
