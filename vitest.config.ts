import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { ChildServerFirstSequencer } from "./scripts/vitest-sequencer.ts";

// Yoga and Pothos must share one copy of graphql, or GraphQLErrors get masked as internal errors.
const graphqlEntry = fileURLToPath(new URL("./node_modules/graphql/index.js", import.meta.url));
// Vitest resolves tus-js-client's Node build; the browser's build is the one that talks XMLHttpRequest.
const tusBrowserEntry = fileURLToPath(
  new URL("./node_modules/tus-js-client/lib.esm/browser/index.js", import.meta.url),
);

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    // Integration and component files spend most of their time waiting on servers, SMTP and
    // timers; vitest's default (one worker per core but one) leaves a 2-core machine half idle.
    maxWorkers: Math.max(4, availableParallelism()),
    sequence: { sequencer: ChildServerFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "src/shared/**/*.test.ts",
            "src/server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["src/server/**/*.int.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          // Every test starts its own server, database and clock, and the server keeps no state in
          // its modules, so the files share one module graph per worker instead of importing the
          // whole server again for each file (about a third of this project's time).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        resolve: { alias: [{ find: /^tus-js-client$/, replacement: tusBrowserEntry }] },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/client/**/*.test.{ts,tsx}"],
          setupFiles: ["src/client/test-setup.ts"],
          // The files share one module graph per worker instead of importing React, the router
          // and the route tree again for each (this halves the project's CPU time). Each test
          // gets its own QueryClient, router and MSW handlers, and test-setup.ts clears the page
          // and storage after it.
          isolate: false,
          // jsdom suites share two cores with the integration servers in a full run.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
