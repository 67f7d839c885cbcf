import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names without tailwind-merge (8 KB gzip would break the /login budget), so components
 * keep overridable utilities out of their base classes instead of relying on merge order.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
