import { fileURLToPath } from "node:url";
import { build, createLogger, type Logger, type Plugin } from "vite";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { withoutKnownReactWarnings } from "./known-warnings.ts";
import { reactAsEsModules } from "./react-esm.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** An app of two modules: one renders with React DOM, the other reads an export its library lacks. */
function app(): Plugin {
  const modules: Record<string, string> = {
    "\0entry": 'import { createRoot } from "react-dom/client"; import "\0ours"; createRoot(document.body);',
    "\0ours": 'import * as library from "\0library"; console.log(library.missing, library.present);',
    "\0library": "export const present = 1;",
  };
  return {
    name: "known-warnings-test-app",
    resolveId: (id) => (id === "entry" ? "\0entry" : id in modules ? id : null),
    load: (id) => modules[id] ?? null,
  };
}

/** What a person running the build sees on the terminal at `logLevel: "warn"`, as `npm start` builds. */
async function buildOutput(onLog?: typeof withoutKnownReactWarnings): Promise<string> {
  const printed: string[] = [];
  const logger: Logger = createLogger("warn");
  logger.warn = (message) => printed.push(message);
  logger.warnOnce = (message) => printed.push(message);
  logger.error = (message) => printed.push(message);
  await build({
    configFile: false,
    envDir: false,
    publicDir: false,
    root,
    logLevel: "warn",
    customLogger: logger,
    plugins: [reactAsEsModules(), app()],
    build: { write: false, rolldownOptions: { input: "entry", ...(onLog ? { onLog } : {}) } },
  });
  return printed.join("\n");
}

beforeEach(() => {
  // React's production files, and so the reports, are what a production build bundles.
  vi.stubEnv("NODE_ENV", "production");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

it("builds React DOM without the two known undefined-import warnings, and still shows any other", {
  timeout: 30_000,
}, async () => {
  const output = await buildOutput(withoutKnownReactWarnings);
  expect(output).not.toContain("Import `log`");
  expect(output).not.toContain("unstable_setDisableYieldValue");
  expect(output).toContain("IMPORT_IS_UNDEFINED");
  expect(output).toContain("Import `missing` will always be undefined");
  expect(output.match(/IMPORT_IS_UNDEFINED/g)).toHaveLength(1);
});

it("would show them without the filter: the reports it drops are the ones React DOM's build gives", {
  timeout: 30_000,
}, async () => {
  const output = await buildOutput();
  expect(output).toContain("Import `log` will always be undefined");
  expect(output).toContain("Import `unstable_setDisableYieldValue` will always be undefined");
});
