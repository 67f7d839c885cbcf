import { fileURLToPath } from "node:url";
import { build, type Plugin, type Rolldown } from "vite";
import { expect, it, vi } from "vitest";
import { renamableProperties, renameFrameworkInternals } from "./internal-properties.ts";
import { withoutKnownReactWarnings } from "./known-warnings.ts";
import { reactAsEsModules } from "./react-esm.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

const framework = [
  "function f(e){e.memoizedState=e.alternate.memoizedState;e.stateNode=null;e._owner=e._reactRetry}",
  "function g(e){return e.updateQueue??e._flight}",
].join(";");

it("renames React's and the router's internals and `_private` properties the framework chunk uses", () => {
  expect(renamableProperties(framework, "")).toEqual([
    "_flight",
    "_owner",
    "alternate",
    "memoizedState",
    "stateNode",
    "updateQueue",
  ]);
});

it("keeps a name another chunk mentions, since objects could pass between the chunks", () => {
  const names = renamableProperties(framework, 'import{a}from"./framework.js";a.stateNode;a._owner');
  expect(names).not.toContain("stateNode");
  expect(names).not.toContain("_owner");
  expect(names).toContain("memoizedState");
});

it("keeps a name the framework chunk spells as a string, which renaming would miss", () => {
  expect(renamableProperties(`${framework};"updateQueue"in x;y[\`_flight\`]`, "")).toEqual([
    "_owner",
    "alternate",
    "memoizedState",
    "stateNode",
  ]);
});

it("never renames what React's server-rendering scripts read on the page", () => {
  expect(renamableProperties(framework, "")).not.toContain("_reactRetry");
});

/** A React app whose second chunk does or does not read a fiber's `stateNode`, built as the app is. */
async function buildApp(readsStateNode: boolean): Promise<Rolldown.OutputChunk> {
  const modules: Record<string, string> = {
    "\0entry": 'import { createRoot } from "react-dom/client"; createRoot(document.body); import("\0lazy");',
    "\0lazy": readsStateNode ? "export const node = (fiber) => fiber.stateNode;" : "export const node = 1;",
  };
  const app: Plugin = {
    name: "internal-properties-test-app",
    resolveId: (id) => (id === "entry" ? "\0entry" : id in modules ? id : null),
    load: (id) => modules[id] ?? null,
  };
  const output = await build({
    configFile: false,
    envDir: false,
    publicDir: false,
    root,
    logLevel: "silent",
    plugins: [reactAsEsModules(), app, renameFrameworkInternals("framework")],
    build: {
      write: false,
      rolldownOptions: {
        input: "entry",
        onLog: withoutKnownReactWarnings,
        output: { codeSplitting: { groups: [{ name: "framework", test: /node_modules/ }] } },
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const framework = (result as Rolldown.RolldownOutput).output.find(
    (file): file is Rolldown.OutputChunk => file.type === "chunk" && file.name === "framework",
  );
  if (!framework) throw new Error("no framework chunk");
  return framework;
}

it("renames React's internals in the built chunk, and names the chunk anew when another chunk reads one", {
  timeout: 60_000,
}, async () => {
  vi.stubEnv("NODE_ENV", "production");
  try {
    const renamed = await buildApp(false);
    const kept = await buildApp(true);
    expect(renamed.code).not.toContain(".memoizedState");
    expect(renamed.code).not.toContain(".stateNode");
    expect(kept.code).toContain(".stateNode");
    expect(kept.code).not.toContain(".memoizedState");
    expect(kept.fileName).not.toBe(renamed.fileName);
  } finally {
    vi.unstubAllEnvs();
  }
});
