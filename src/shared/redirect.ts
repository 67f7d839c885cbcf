/**
 * Returns the value when it is a path on this origin, else "". Rejects absolute URLs,
 * protocol-relative `//host` and `/\host` (browsers treat the backslash as a slash).
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "";
  // Control characters would let `/\t/evil.com` slip past the checks above.
  if (/[\u0000-\u001f\u007f]/.test(value)) return "";
  return value;
}
