import { readFile } from "node:fs/promises";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, minify, type Plugin, type Rolldown } from "vite";
import { renameFrameworkInternals } from "./scripts/vite/internal-properties.ts";
import { withoutKnownReactWarnings } from "./scripts/vite/known-warnings.ts";
import { reactAsEsModules } from "./scripts/vite/react-esm.ts";

type ChunkImports = { imports: string[] };

/**
 * The plugins that shape what browsers download; the server's renderer (`vite build --ssr`)
 * imports its packages from node_modules instead, and has no HTML.
 */
const clientBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) =>
  env.command === "build" && !env.isSsrBuild;

/** The chunks that `from` imports, directly or not (not dynamically), dependencies first. */
function staticImportsOf(from: ChunkImports, chunks: Map<string, ChunkImports>, skip = new Set<string>()) {
  const ordered: string[] = [];
  const seen = new Set(skip);
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of chunks.get(name)?.imports ?? []) visit(next);
    ordered.push(name);
  };
  for (const name of from.imports) visit(name);
  return ordered;
}

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const [fileName, output] of Object.entries(bundle)) {
    if (output.type === "chunk") chunks.set(fileName, output);
  }
  return chunks;
}

/**
 * With build.modulePreload off (its runtime helper costs ~1 KB gzip of the /login budget), the HTML
 * still preloads the entry's static imports, direct or not, so they download in parallel with the
 * entry itself.
 */
function preloadEntryImports(): Plugin {
  return {
    name: "commons:preload-entry-imports",
    apply: clientBuild,
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const { chunk, bundle } = context;
        const imports = chunk && bundle ? staticImportsOf(chunk, chunksOf(bundle)) : [];
        return imports.map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

/**
 * Vite wraps every dynamic import in a helper that preloads the chunk's dependencies and CSS. Here
 * it never has any to preload (modulePreload is off and the CSS is one file), so the helper's
 * 2 KB on /login would only call the import: this one does just that.
 */
function plainDynamicImports(): Plugin {
  const helper = "\0vite/preload-helper.js";
  return {
    name: "commons:plain-dynamic-imports",
    apply: clientBuild,
    enforce: "pre",
    load: (id) => (id === helper ? "export const __vitePreload = (load) => load();" : null),
  };
}

/**
 * Without Vite's preload helper (see plainDynamicImports), a lazy chunk's imports were discovered
 * one level at a time: a screen's chunk imported a chunk that imported another, nine levels deep,
 * each level a round trip. This lists every chunk a lazy chunk needs, directly or not, as a bare
 * import at its top, so the browser asks for all of them at once. They are listed in the order in
 * which the original imports would have run them (depth first, dependencies before dependents),
 * so every module still runs in the same order. The entry's own chunks are left out: they have
 * run before any lazy chunk is asked for.
 */
function hoistTransitiveImports(): Plugin {
  return {
    name: "commons:hoist-transitive-imports",
    apply: clientBuild,
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const initial = new Set<string>();
      for (const [fileName, chunk] of chunks) {
        if (!chunk.isEntry) continue;
        initial.add(fileName);
        for (const name of staticImportsOf(chunk, chunks)) initial.add(name);
      }
      for (const [fileName, chunk] of chunks) {
        if (initial.has(fileName)) continue;
        const ordered = staticImportsOf(chunk, chunks, new Set([fileName, ...initial]));
        const indirect = ordered.filter((name) => !chunk.imports.includes(name));
        if (indirect.length === 0) continue;
        const directory = fileName.slice(0, fileName.lastIndexOf("/") + 1);
        const relative = (name: string) =>
          `./${name.startsWith(directory) ? name.slice(directory.length) : name}`;
        chunk.code = `${ordered.map((name) => `import"${relative(name)}";`).join("")}${chunk.code}`;
      }
    },
  };
}

/**
 * public/theme-init.js runs before first paint on every page, /login's included, and the favicon
 * shows on each: readable in the repository, they ship inside index.html (the script minified, its
 * hash allowed by the server's Content-Security-Policy, `inlineScriptHashes`), so the page waits
 * for no request of theirs before it paints and no browser cache has to keep them.
 */
function inlineHeadFiles(): Plugin {
  let publicDir = "";
  return {
    name: "commons:inline-head-files",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        const script = await readFile(path.join(publicDir, "theme-init.js"), "utf8");
        const { code, errors } = await minify("theme-init.js", script);
        if (errors.length > 0) throw new Error(`theme-init.js: ${errors.map((e) => e.message).join("; ")}`);
        const icon = await readFile(path.join(publicDir, "favicon.svg"), "utf8");
        const iconUrl = `data:image/svg+xml,${encodeURIComponent(icon.trim())}`;
        const inlined = html
          .replace('<script src="/theme-init.js"></script>', () => `<script>${code.trim()}</script>`)
          .replace('href="/favicon.svg"', () => `href="${iconUrl}"`);
        if (!inlined.includes("<script>") || inlined.includes('href="/favicon.svg"'))
          throw new Error(
            "index.html no longer names /theme-init.js or /favicon.svg as inlineHeadFiles expects",
          );
        return inlined;
      },
    },
  };
}

/**
 * The route tree TanStack Router generates is in the entry /login loads. Two of its spellings cost
 * bytes at run time for nothing: an `id` equal to the route's `path` (the router derives the same
 * id from the path), and the names of each route's children, which the router reads only as a list
 * (`Object.values`). This drops the first and writes the children as arrays (about 0.25 KB gzip).
 */
function compactRouteTree(): Plugin {
  return {
    name: "commons:compact-route-tree",
    apply: clientBuild,
    enforce: "pre",
    transform: {
      filter: { id: /[\\/]routeTree\.gen\.ts$/ },
      handler: (code) =>
        code
          .replace(/^(\s*)id: '([^']*)',\n\s*path: '\2',$/gm, "$1path: '$2',")
          .replace(
            /(Children: \w+ =\s*)\{([^{}]*)\}/g,
            (_all, start: string, entries: string) => `${start}[${entries.replace(/\w+:\s*(\w+)/g, "$1")}]`,
          ),
    },
  };
}

/**
 * `createFileRoute("/path")` takes its path only for TypeScript and the route generator; at run
 * time the route tree gives each route its path. Every route file's is in the entry /login loads,
 * so the built app calls `createFileRoute()` (about 0.17 KB gzip).
 */
function fileRoutesWithoutPaths(): Plugin {
  return {
    name: "commons:file-routes-without-paths",
    apply: clientBuild,
    transform: {
      filter: { id: /[\\/]src[\\/]client[\\/]routes[\\/]/, code: "createFileRoute(" },
      handler: (code) => code.replace(/\bcreateFileRoute\((["'`])\/[^"'`]*\1\)/g, "createFileRoute()"),
    },
  };
}

const LOGIN_SHELL = new RegExp(
  "/src/client/(" +
    [
      "lib/(auth-client|redirect|theme|cn|notify|toaster-store|query-client)",
      "components/layout/(public-layout|logo|pending-page|lazy-toaster)",
      "components/theme/(theme-provider|theme-cycle-button)",
      "components/ui/(button|input|label|field-message|spinner)",
      "features/auth/(auth-context|auth-store|after-sign-in|pending-sign-in)",
      "features/auth/components/(login-form|more-sign-ins|phone-sign-in|passkey-sign-in)",
      "routes/login",
    ].join("|") +
    ")\\.tsx?(\\?.*)?$",
);

/**
 * When the server offers Google, GitHub, Facebook or X, /login loads its buttons
 * (offered-sign-ins.tsx, Google's button) and what they share with other pages' sign-in and
 * account screens as one chunk, where ten small chunks cost 3 KB more gzip and two 0.2 KB more.
 * /login imports it through offered-sign-ins-entry.ts: a module imported with import() from
 * inside a shared chunk needs a namespace object, which brings Rolldown's runtime. What the
 * buttons do after a click or Google's answer loads then.
 */
const SIGN_IN_OPTIONS = new RegExp(
  "/src/client/(" +
    [
      "features/auth/components/(provider-buttons|offered-sign-ins|google-button)",
      "components/auth/(auth-problem-notice|or-divider)",
      "lib/(google-identity|sign-in-providers)",
    ].join("|") +
    ")\\.tsx?$",
);

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|react-store|router-core|history|store))[\\/]/;

export default defineConfig({
  plugins: [
    reactAsEsModules(),
    compactRouteTree(),
    // The router plugin must run before react() so split route chunks still get the JSX transform.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/client/routes",
      generatedRouteTree: "src/client/routeTree.gen.ts",
      routeFileIgnorePrefix: "-",
      // Loaders ride with their screen, so GraphQL code stays out of the entry chunk (/login budget).
      codeSplittingOptions: {
        defaultBehavior: [
          ["loader", "component"],
          ["errorComponent"],
          ["notFoundComponent"],
          ["pendingComponent"],
        ],
        // /login's screen is in the login-shell chunk whichever way: splitting it off its route
        // would only add a module namespace object, and with it Rolldown's runtime, to /login.
        splitBehavior: ({ routeId }) => (routeId === "/login" ? [] : undefined),
      },
    }),
    react(),
    fileRoutesWithoutPaths(),
    tailwindcss(),
    preloadEntryImports(),
    plainDynamicImports(),
    hoistTransitiveImports(),
    renameFrameworkInternals("framework"),
    inlineHeadFiles(),
  ],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore built in; the shim TanStack Store imports only adds bytes.
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: "use-sync-external-store/with-selector",
      },
    ],
  },
  build: {
    outDir: "dist/client",
    assetsDir: "assets",
    // Which chunks each route loads, for the benchmarks that print a route's JavaScript.
    manifest: true,
    emptyOutDir: true,
    // Every supported browser has native modulepreload; the polyfill would only add bytes to the entry.
    // Route chunks are preloaded by TanStack Router on intent; see preloadEntryImports for the entry.
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      onLog: withoutKnownReactWarnings,
      output: {
        // The entry names every route's lazy chunks; route-derived names (long, and not quite the
        // route's path) cost /login about 0.2 KB of gzip, so route chunks are named by hash alone.
        chunkFileNames: (chunk) =>
          chunk.name === "framework" || chunk.name === "login-shell"
            ? "assets/[name]-[hash].js"
            : "assets/[hash].js",
        codeSplitting: {
          groups: [
            {
              name: "framework",
              // The router's navigation blocker serves only forms with unsaved changes: it stays in
              // their lazy chunks instead of adding to what /login loads.
              test: (id: string) =>
                FRAMEWORK.test(id) && !/@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]useBlocker/.test(id),
              priority: 10,
            },
            {
              // Everything /login needs besides the framework, in one chunk: fewer requests and better gzip.
              name: "login-shell",
              test: (id: string) => LOGIN_SHELL.test(id.replaceAll("\\", "/")),
              priority: 5,
            },
            {
              name: "sign-in-options",
              test: (id: string) => SIGN_IN_OPTIONS.test(id.replaceAll("\\", "/")),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      "/api": { target: "http://127.0.0.1:3001", changeOrigin: false },
    },
  },
  preview: { port: 3000 },
});
