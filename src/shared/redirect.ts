/**
 * Returns the value when it is a path on this origin, else "". Rejects absolute URLs,
 * protocol-relative `//host` and `/\host` (browsers treat the backslash as a slash).
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "";
  // Control characters would let `/\t/evil.com` slip past the checks above.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return "";
  }
  const base = "https://commons.invalid";
  try {
    return new URL(value, base).origin === base ? value : "";
  } catch {
    return "";
  }
}
