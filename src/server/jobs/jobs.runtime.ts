import type { Config, JobsConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { queueDueDigests } from "../modules/events/digest.service.ts";
import type { Mailer } from "../modules/mail/mail.service.ts";
import { expandFanouts, type OutboxOptions, sendDue } from "../modules/notifications/notifications.outbox.ts";
import { configureNotifications } from "../modules/notifications/notifications.settings.ts";

// Background work runs in every server process, on the app's own database (PGlite or PostgreSQL):
// a poller over `outbox_message` (docs/decisions/006-outbox-and-jobs.md says why not pg-boss yet).

export const defaultJobsConfig: JobsConfig = {
  pollIntervalMs: 1000,
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  maxAttempts: 10,
  pageSize: 500,
  batchSize: 20,
  changeQuietMs: 2 * 60_000,
  changeWindowMs: 10 * 60_000,
  reminderLeadMs: 24 * 60 * 60_000,
  scope: "",
  testHoldMs: 0,
  testDieAfterClaim: false,
};

export type Jobs = {
  /** Runs the sender now instead of at the next poll; resolves when it is idle again. */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

export function startJobs(options: {
  db: Db;
  mailer: Mailer;
  config: Config;
  log?: (line: string) => void;
  /** What time the daily digests go by; tests pass a clock they move. */
  clock?: () => Date;
}): Jobs {
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(line));
  const settings: JobsConfig = {
    ...defaultJobsConfig,
    // Test servers share one PostgreSQL database; each sends only the mail it queued itself.
    ...(process.env.VITEST ? { scope: options.config.appUrl } : {}),
    ...options.config.jobs,
  };
  configureNotifications({
    changeQuietMs: settings.changeQuietMs,
    changeWindowMs: settings.changeWindowMs,
    reminderLeadMs: settings.reminderLeadMs,
    scope: settings.scope,
  });
  const outbox: OutboxOptions = {
    db: options.db,
    mailer: options.mailer,
    appUrl: options.config.appUrl,
    secret: options.config.authSecret,
    scope: settings.scope,
    leaseMs: settings.leaseMs,
    retryBaseMs: settings.retryBaseMs,
    maxAttempts: settings.maxAttempts,
    pageSize: settings.pageSize,
    batchSize: settings.batchSize,
    holdMs: settings.testHoldMs,
    log,
    ...(settings.testDieAfterClaim ? { afterClaim: () => process.kill(process.pid, "SIGKILL") } : {}),
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const pass = async () => {
    await queueDueDigests(options.db, clock());
    for (let rounds = 0; !stopped && rounds < 100; rounds++) {
      const work = (await expandFanouts(outbox)) + (await sendDue(outbox));
      if (work === 0) break;
    }
  };
  const run = (): Promise<void> => {
    if (!running) {
      running = pass()
        .catch((error: unknown) =>
          log(`jobs: outbox pass failed: ${error instanceof Error ? error.stack : error}`),
        )
        .finally(() => {
          running = null;
          schedule();
        });
    }
    return running;
  };
  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, settings.pollIntervalMs);
  };
  schedule();

  return {
    drain: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
