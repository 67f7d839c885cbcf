import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

const cache = new Map<string, { mtimeMs: number; html: string }>();

/**
 * The built client's index.html, read from disk once per build instead of once per request: a
 * stat tells whether a new build replaced it. `null` while the client is not built.
 */
export async function readIndexHtml(distDir: string): Promise<string | null> {
  const file = path.join(distDir, "index.html");
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.html;
  const html = await readFile(file, "utf8");
  cache.set(file, { mtimeMs, html });
  return html;
}
