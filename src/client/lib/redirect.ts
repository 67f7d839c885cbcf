import { safeRedirectPath } from "#shared/redirect.ts";

export const DEFAULT_AFTER_SIGN_IN = "/community-selection";

export function redirectTarget(value: unknown): string {
  return safeRedirectPath(value) || DEFAULT_AFTER_SIGN_IN;
}

/** The seed's rule for ?redirect=: optional text, and anything that is not text becomes empty. */
export function parseRedirectSearch(search: Record<string, unknown>): { redirect?: string } {
  const value = search.redirect;
  if (value === undefined) return {};
  return { redirect: typeof value === "string" ? value : "" };
}
