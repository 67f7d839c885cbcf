import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * With build.modulePreload off (its runtime helper costs ~1 KB gzip of the /login budget), the HTML
 * still preloads the entry's static imports so they download in parallel with the entry itself.
 */
function preloadEntryImports(): Plugin {
  return {
    name: "commons:preload-entry-imports",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const imports = context.chunk?.imports ?? [];
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
    apply: "build",
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
 * so every module still runs in the same order.
 */
function hoistTransitiveImports(): Plugin {
  return {
    name: "commons:hoist-transitive-imports",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[] }>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === "chunk") chunks.set(fileName, output);
      }
      for (const [fileName, output] of Object.entries(bundle)) {
        // The entry's imports are preloaded by the HTML (preloadEntryImports).
        if (output.type !== "chunk" || output.isEntry) continue;
        const ordered: string[] = [];
        const seen = new Set([fileName]);
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          for (const next of chunks.get(name)?.imports ?? []) visit(next);
          ordered.push(name);
        };
        for (const name of output.imports) visit(name);
        const indirect = ordered.filter((name) => !output.imports.includes(name));
        if (indirect.length === 0) continue;
        const directory = fileName.slice(0, fileName.lastIndexOf("/") + 1);
        const relative = (name: string) =>
          `./${name.startsWith(directory) ? name.slice(directory.length) : name}`;
        output.code = `${ordered.map((name) => `import"${relative(name)}";`).join("")}${output.code}`;
      }
    },
  };
}

const LOGIN_SHELL = new RegExp(
  "/src/client/(" +
    [
      "lib/(auth-client|redirect|theme|cn|notify|query-client)",
      "components/layout/(public-layout|logo|pending-page|lazy-toaster)",
      "components/theme/(theme-provider|theme-cycle-button)",
      "components/ui/(button|input|label|field-message|spinner)",
      "features/auth/(auth-context|auth-store|after-sign-in|pending-sign-in)",
      "features/auth/components/(login-form|more-sign-ins|phone-sign-in|passkey-sign-in)",
      "routes/login",
    ].join("|") +
    ")\\.tsx?(\\?.*)?$",
);

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|react-store|router-core|history|store))[\\/]|rolldown[\\/]runtime/;

export default defineConfig({
  plugins: [
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
      },
    }),
    react(),
    tailwindcss(),
    preloadEntryImports(),
    plainDynamicImports(),
    hoistTransitiveImports(),
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
    emptyOutDir: true,
    // Every supported browser has native modulepreload; the polyfill would only add bytes to the entry.
    // Route chunks are preloaded by TanStack Router on intent; see preloadEntryImports for the entry.
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
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
