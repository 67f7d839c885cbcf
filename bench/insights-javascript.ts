// The JavaScript the insights route adds to the dashboard, from the client build's manifest
// (dist/client/.vite/manifest.json): the route's split chunks with what they import, and what the
// route imports lazily, less what the entry and the dashboard's layout route already load.
// Gzip level 9, as bench/login-javascript.ts measures.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { repoRoot } from "../e2e/support/paths.ts";

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const ROUTE = "routes/_authenticated/dashboard/$communityId/insights.tsx";
const LAYOUT = "routes/_authenticated/dashboard/$communityId/route.tsx";

export type RouteJavaScript = {
  chunks: { file: string; lazy: boolean; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  bytes: number;
};

/**
 * The chunks `keys` load with them: their static imports, transitively. With `lazyFrom`, also what
 * those chunks import lazily (uPlot, when the first chart draws), except other routes and chunks
 * the entry and the layout already hold (their lazy imports are other pages').
 */
function closure(manifest: Manifest, keys: string[], lazyFrom?: Set<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
    if (lazyFrom && !lazyFrom.has(key))
      for (const next of manifest[key]?.dynamicImports ?? [])
        if (!next.startsWith("src/client/routes/")) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** Null when there is no build with a manifest (`npm run build` writes one). */
export function insightsRouteJavaScript(): RouteJavaScript | null {
  const dist = join(repoRoot, "dist", "client");
  const manifestFile = join(dist, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const keysOf = (path: string) => Object.keys(manifest).filter((key) => key.split("?")[0]?.endsWith(path));
  const route = keysOf(ROUTE);
  if (route.length === 0) throw new Error(`the build's manifest has no chunk of ${ROUTE}`);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const already = closure(manifest, [...entries, ...keysOf(LAYOUT)]);
  const eager = closure(manifest, route);
  // What the route's modules import lazily (the chart layer, and uPlot when the first chart draws)
  // loads once the page asks for it, however deep the lazy import sits.
  const all = closure(manifest, route, already);
  const chunks = [...all]
    .filter((key) => !already.has(key))
    .map((key) => {
      const file = manifest[key]?.file ?? key;
      const body = readFileSync(join(dist, file));
      return {
        file,
        lazy: !eager.has(key),
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      };
    })
    .filter((chunk) => chunk.file.endsWith(".js"))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    chunks,
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
  };
}
