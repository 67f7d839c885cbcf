import type { Rolldown } from "vite";

/**
 * React DOM's production client reads `Scheduler.log` and `Scheduler.unstable_setDisableYieldValue`,
 * which only the scheduler's development and native builds export; React DOM checks for them before
 * use. Bundled as ES modules (react-esm.ts, decision 004), the reads become named imports that
 * Rolldown reports as IMPORT_IS_UNDEFINED on every build. Only those two reports are dropped:
 * any other import that is undefined, in React's files or ours, still shows.
 */
const KNOWN_UNDEFINED_IMPORT =
  /Import `(log|unstable_setDisableYieldValue)` will always be undefined because there is no matching export in '[^']*scheduler\/cjs\/scheduler\.production\.js'/;

export function isKnownReactWarning(log: Rolldown.RollupLog): boolean {
  return (
    log.code === "IMPORT_IS_UNDEFINED" &&
    (log.id ?? "").replaceAll("\\", "/").endsWith("/react-dom/cjs/react-dom-client.production.js") &&
    KNOWN_UNDEFINED_IMPORT.test(log.message)
  );
}

/** Rolldown's `onLog`: passes every log on to Vite except the known reports above. */
export const withoutKnownReactWarnings: NonNullable<Rolldown.InputOptions["onLog"]> = (
  level,
  log,
  handler,
) => {
  if (level === "warn" && isKnownReactWarning(log)) return;
  handler(level, log);
};
