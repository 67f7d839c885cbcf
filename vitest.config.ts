import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Yoga and Pothos must share one copy of graphql, or GraphQLErrors get masked as internal errors.
const graphqlEntry = fileURLToPath(new URL("./node_modules/graphql/index.js", import.meta.url));

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    // Integration and component files spend most of their time waiting on servers, SMTP and
    // timers; vitest's default (one worker per core but one) leaves a 2-core machine half idle.
    maxWorkers: Math.max(4, availableParallelism()),
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
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/client/**/*.test.{ts,tsx}"],
          setupFiles: ["src/client/test-setup.ts"],
          // jsdom suites share two cores with the integration servers in a full run.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
