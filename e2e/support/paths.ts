import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "..", "..");
/** Every captured email, one JSON file each (see smtp-capture.ts); read by the tests via mail.ts. */
export const mailDir = join(repoRoot, "e2e", ".mail");
/** Screenshots the journeys save for people to look at. */
export const screenshotDir = join(repoRoot, "e2e", "screenshots");
/** Ignored by git already; holds the app server's log during e2e runs and benchmarks. */
export const scratchDir = join(repoRoot, ".tmp");
export const nodeBin = join(repoRoot, "node_modules", ".bin", "node");

/** Each worktree running journeys at once sets its own E2E_PORT. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
