import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./e2e/support/browser.ts";
import { E2E_PORT } from "./e2e/support/paths.ts";

export default defineConfig({
  testDir: "e2e",
  // Files run two at a time against one app server: every journey signs in its own people with
  // unique addresses, so they share nothing but the server and the captured mail (read by address).
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // Journeys run two at a time on a two-core machine against one app server whose embedded database
  // answers on the server's only thread, and each new browser context loads every script afresh: a
  // first screen can take several seconds there. Speed is measured by the benchmarks, not here.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  outputDir: "test-results",
  // Starts the capturing SMTP server and the app on E2E_PORT; the function it returns tears both down.
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [{ name: "chromium" }],
});
