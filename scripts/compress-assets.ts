import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const distDir = fileURLToPath(new URL("../dist/client", import.meta.url));
const assetsDir = join(distDir, "assets");
const COMPRESSIBLE = new Set([
  ".js",
  ".css",
  ".svg",
  ".html",
  ".json",
  ".txt",
  ".map",
  ".xml",
  ".webmanifest",
]);
const ALREADY_COMPRESSED = new Set([".br", ".gz"]);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function shouldCompress(path: string): boolean {
  const ext = extname(path);
  if (ALREADY_COMPRESSED.has(ext)) return false;
  // Hashed assets are all served with long caching, so every text-like one gets both encodings.
  if (path.startsWith(assetsDir)) return COMPRESSIBLE.has(ext) || ext === ".woff" || ext === ".ico";
  return COMPRESSIBLE.has(ext);
}

async function compress(path: string): Promise<{ raw: number; br: number; gz: number }> {
  const content = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return { raw: content.length, br: br.length, gz: gzipped.length };
}

async function main(): Promise<void> {
  try {
    await stat(distDir);
  } catch {
    console.error(`compress-assets: ${distDir} does not exist; run "vite build" first.`);
    process.exit(1);
  }
  const files: string[] = [];
  for await (const path of walk(distDir)) if (shouldCompress(path)) files.push(path);
  const totals = { raw: 0, br: 0, gz: 0 };
  for (const file of files) {
    const sizes = await compress(file);
    totals.raw += sizes.raw;
    totals.br += sizes.br;
    totals.gz += sizes.gz;
  }
  if (process.argv.includes("--quiet")) return;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `compress-assets: ${files.length} files, ${kb(totals.raw)} -> ${kb(totals.gz)} gzip, ${kb(totals.br)} brotli`,
  );
}

await main();
