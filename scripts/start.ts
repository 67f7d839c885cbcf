import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtIndex = path.join(root, "dist/client/index.html");
const clientInputs = [
  "src/client",
  "src/shared",
  "public",
  "index.html",
  "vite.config.ts",
  "scripts/vite",
  "package-lock.json",
];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...clientInputs.map((input) => newestChange(path.join(root, input))));
if (builtAt < sourcesAt) {
  console.log(
    builtAt === 0
      ? "Building the client (first start, about a minute)…"
      : "The client changed since the last build; rebuilding it…",
  );
  const started = Date.now();
  // `npm run build` without its listing of every file's size: only warnings and errors show.
  const steps = [
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    // The server's renderer of the public pages (/e/{id}, /c/{slug}), from the same sources.
    [
      path.join(root, "node_modules/vite/bin/vite.js"),
      "build",
      "--ssr",
      "src/client/entry-server.tsx",
      "--outDir",
      "dist/server",
      "--logLevel",
      "warn",
    ],
    [path.join(root, "scripts/compress-assets.ts"), "--quiet"],
  ];
  for (const args of steps) {
    const step = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
    if (step.status !== 0) process.exit(step.status ?? 1);
  }
  console.log(`Client built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// Variables already in the environment win over the file.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
process.env.NODE_ENV ??= "production";
await import("#server/main.ts");
