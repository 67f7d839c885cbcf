// RFC 6266 / RFC 8187: a header value must be Latin-1 for the platform, and browsers read UTF-8
// names only from `filename*`. Stored values are whatever a client sent, so encode at the edge.

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
}

/** RFC 8187 ext-value: attr-chars stay, everything else percent-encoded from UTF-8. */
function extValue(name: string): string {
  return `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

function decodeExtValue(value: string): string | null {
  const match = /^UTF-8''(.*)$/i.exec(value.trim());
  if (!match) return null;
  try {
    return decodeURIComponent(match[1] ?? "");
  } catch {
    return null;
  }
}

function readParameters(rest: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of rest.matchAll(pattern)) {
    const key = (match[1] ?? "").toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] ?? "").trim();
    if (!parameters.has(key)) parameters.set(key, value);
  }
  return parameters;
}

/** The stored disposition as a header any client can read: ASCII `filename` plus `filename*` when needed. */
export function contentDispositionHeader(stored: string | null): string {
  if (!stored) return "inline";
  if (PRINTABLE_ASCII.test(stored)) return stored;
  const semicolon = stored.indexOf(";");
  const rawType = (semicolon === -1 ? stored : stored.slice(0, semicolon)).trim().toLowerCase();
  const type = rawType === "attachment" ? "attachment" : "inline";
  const parameters = readParameters(semicolon === -1 ? "" : stored.slice(semicolon));
  const name = decodeExtValue(parameters.get("filename*") ?? "") ?? parameters.get("filename") ?? null;
  if (!name) return type;
  const fallback = asciiFallback(name);
  return fallback === name
    ? `${type}; filename="${name}"`
    : `${type}; filename="${fallback}"; filename*=${extValue(name)}`;
}
