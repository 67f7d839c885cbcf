/** What a component's class list may hold: a class string, or nothing when a condition is false. */
export type ClassValue = string | false | null | undefined | 0;

/**
 * Joins class names, skipping the empty ones: neither tailwind-merge (8 KB gzip) nor clsx fit the
 * /login budget, so components keep overridable utilities out of their base classes instead of
 * relying on merge order.
 */
export function cn(...inputs: ClassValue[]): string {
  return inputs.filter(Boolean).join(" ");
}
