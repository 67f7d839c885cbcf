import type { Config, JobsConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import type { AgentDeps } from "#server/modules/agents/agent-engine.types.ts";
import { createAgentRunner } from "#server/modules/agents/agent-runner.ts";
import { createAgentScanner } from "#server/modules/agents/agent-scanner.ts";
import { CHECKOUT_HANDLERS, sweepDueOrders } from "#server/modules/checkout/checkout-events.ts";
import { CHECKOUT_KIND } from "#server/modules/checkout/checkout-stripe.ts";
import { endedEvents } from "#server/modules/events/events.service.ts";
import { runRequestedRebuilds } from "#server/modules/insights/insights-rebuild.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import type { Mailer } from "#server/modules/mail/mail.service.ts";
import { settleEndedEvents, unsettledEvents } from "#server/modules/members/member-activity.service.ts";
import { createImportRunner } from "#server/modules/membership/member-import.runner.ts";
import { removeEndedImportFiles } from "#server/modules/membership/member-import-files.service.ts";
import {
  expandFanouts,
  type OutboxOptions,
  sendDue,
} from "#server/modules/notifications/notifications.outbox.ts";
import { queueRegistrationDigest } from "#server/modules/notifications/notifications.service.ts";
import { checkoutSessionRouter } from "#server/modules/payments/checkout-session-events.ts";
import { MEMBERSHIP_KIND } from "#server/modules/payments/membership-checkout.service.ts";
import {
  MEMBERSHIP_CHECKOUT_HANDLERS,
  MEMBERSHIP_HANDLERS,
} from "#server/modules/payments/membership-webhooks.ts";
import type { StripeGateway } from "#server/modules/payments/stripe-client.ts";
import { PAYMENT_HANDLERS } from "#server/modules/payments/stripe-event-handlers.ts";
import { createStripeEventRunner } from "#server/modules/payments/stripe-events.runner.ts";
import { createStripeReconciler } from "#server/modules/payments/stripe-reconcile.runner.ts";
import { queueDueDigests } from "#server/modules/registrations/digest.service.ts";
import { createDispatcher, type Subscriber } from "./log-dispatcher.ts";

// Background work runs in every server process, on the app's own database (PGlite or PostgreSQL):
// the domain-event log's dispatcher (docs/decisions/009-domain-event-log.md) and a poller over
// `outbox_message` (docs/decisions/006-outbox-and-jobs.md says why not pg-boss yet).

export const defaultJobsConfig: JobsConfig = {
  pollIntervalMs: 1000,
  logPollIntervalMs: 250,
  logBatchSize: 100,
  logBatchMs: 40,
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  maxAttempts: 10,
  pageSize: 500,
  batchSize: 20,
  changeQuietMs: 2 * 60_000,
  changeWindowMs: 10 * 60_000,
  reminderLeadMs: 24 * 60 * 60_000,
  testHoldMs: 0,
  testDieAfterClaim: false,
  importBatchRows: 500,
  importBatchMs: 40,
  importLeaseMs: 20_000,
  testImportDieAtBatch: 0,
  stripeReconcileIntervalMs: 5 * 60_000,
  stripeReconcileOverlapMs: 10 * 60_000,
  stripeReconcileLookbackMs: 3 * 24 * 60 * 60_000,
  stripeReconcilePageSize: 100,
  stripeReconcilePages: 10,
  pageViewsFlushMs: 5_000,
  agentLeaseMs: 5 * 60_000,
  agentRetryBaseMs: 30_000,
  agentMaxAttempts: 5,
  agentBatchSize: 20,
  agentScanIntervalMs: 30_000,
  testAgentDieAfterStep: 0,
};

/** The wait before the next try after `failures` failed ones in a row: doubling, at most 5 s. */
const backOff = (intervalMs: number, failures: number) =>
  failures === 0 ? intervalMs : Math.min(intervalMs * 2 ** failures, Math.max(intervalMs, 5_000));

export type Jobs = {
  /**
   * Runs the sender now instead of at the next poll, until nothing is due (by the jobs' clock)
   * any more: everything committed before the call is sent, skipped or rescheduled when it
   * resolves; event page views counted before the call are written too. Rejects when a pass fails.
   */
  drain(): Promise<void>;
  /** Something was emitted: dispatch the log soon rather than at the next poll. */
  wake(): void;
  /** Work arrived that is due now (a Stripe event): run a pass soon rather than at the next poll. */
  poke(): void;
  /**
   * Takes nothing new from now on; resolves once the work under way has finished (claimed mail
   * and agent runs not yet started are handed back for another process). Safe to call again.
   */
  stop(): Promise<void>;
};

export function startJobs(options: {
  db: Db;
  /** The database without the per-statement bound: a full insights rebuild runs for minutes. */
  longQueries?: Db;
  mailer: Mailer;
  config: Config;
  log?: (line: string) => void;
  /** The clock deciding what is due (outbox rows, daily digests); tests pass one they move. */
  clock?: () => Date;
  /** The log's subscribers, each with its own position. */
  subscribers: Subscriber[];
  /** The app's `emit`: member imports and Stripe events append their domain events with it. */
  emit: Emit;
  /** Stripe, when configured: its webhook inbox is handled here. */
  stripe?: StripeGateway | null;
  /** On PGlite, work is cut into short transactions: each holds the only connection while it runs. */
  databaseKind?: "pglite" | "postgres";
  /** Writes the event page views counted in memory so far (`event-views.service.ts`). */
  flushPageViews?: () => Promise<unknown>;
  /** What agents' runs are given (their runs queued by the `agents` subscriber); absent: no agent runs here. */
  agents?: AgentDeps | null;
}): Jobs {
  const now = options.clock ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(line));
  const settings: JobsConfig = { ...defaultJobsConfig, ...options.config.jobs };
  const dispatcher = createDispatcher({
    db: options.db,
    subscribers: options.subscribers,
    batchSize: settings.logBatchSize,
    budgetMs: options.databaseKind === "pglite" && settings.logBatchMs > 0 ? settings.logBatchMs : null,
    log,
  });
  const outbox: OutboxOptions = {
    db: options.db,
    mailer: options.mailer,
    appUrl: options.config.appUrl,
    now,
    secret: options.config.authSecret,
    leaseMs: settings.leaseMs,
    retryBaseMs: settings.retryBaseMs,
    maxAttempts: settings.maxAttempts,
    pageSize: settings.pageSize,
    batchSize: settings.batchSize,
    holdMs: settings.testHoldMs,
    log,
    stopping: () => stopped,
    ...(settings.testDieAfterClaim ? { afterClaim: () => process.kill(process.pid, "SIGKILL") } : {}),
  };

  const imports = createImportRunner({
    db: options.db,
    emit: options.emit,
    clock: now,
    authSecret: options.config.authSecret,
    leaseMs: settings.importLeaseMs,
    batchRows: settings.importBatchRows,
    batchBudgetMs:
      options.databaseKind === "pglite" && settings.importBatchMs > 0 ? settings.importBatchMs : null,
    ...(settings.testImportDieAtBatch > 0 ? { dieAtBatch: settings.testImportDieAtBatch } : {}),
  });

  const stripeEvents = options.stripe
    ? createStripeEventRunner({
        db: options.db,
        stripe: options.stripe,
        emit: options.emit,
        clock: now,
        leaseMs: settings.leaseMs,
        retryBaseMs: settings.retryBaseMs,
        maxAttempts: settings.maxAttempts,
        batchSize: settings.batchSize,
        log,
        handlers: {
          ...MEMBERSHIP_HANDLERS,
          // Tickets and memberships both sell through Checkout: each session's kind picks its handler.
          ...checkoutSessionRouter({
            [CHECKOUT_KIND]: CHECKOUT_HANDLERS,
            [MEMBERSHIP_KIND]: MEMBERSHIP_CHECKOUT_HANDLERS,
          }),
        },
      })
    : null;
  const orders = {
    db: options.db,
    emit: options.emit,
    stripe: options.stripe ?? null,
    clock: now,
    log,
    batchSize: settings.batchSize,
  };

  const reconciler =
    options.stripe && settings.stripeReconcileIntervalMs > 0
      ? createStripeReconciler({
          db: options.db,
          stripe: options.stripe,
          clock: now,
          types: [
            ...Object.keys(PAYMENT_HANDLERS),
            ...Object.keys(CHECKOUT_HANDLERS),
            ...Object.keys(MEMBERSHIP_HANDLERS),
          ],
          intervalMs: settings.stripeReconcileIntervalMs,
          overlapMs: settings.stripeReconcileOverlapMs,
          lookbackMs: settings.stripeReconcileLookbackMs,
          pageSize: settings.stripeReconcilePageSize,
          maxPages: settings.stripeReconcilePages,
          maxScopes: 50,
          log,
        })
      : null;

  // Agents: time triggers and schedules become queued runs; the runner works through due runs.
  const agentScanner = options.agents
    ? createAgentScanner({
        db: options.db,
        clock: now,
        intervalMs: settings.agentScanIntervalMs,
        batchSize: settings.agentBatchSize,
      })
    : null;
  const agentRunner = options.agents
    ? createAgentRunner(
        { ...options.agents, clock: now },
        {
          leaseMs: settings.agentLeaseMs,
          retryBaseMs: settings.agentRetryBaseMs,
          maxAttempts: settings.agentMaxAttempts,
          batchSize: settings.agentBatchSize,
          // PostgreSQL's pool lets a few runs proceed side by side; PGlite has one connection.
          concurrency: options.databaseKind === "postgres" ? 8 : 1,
          stopping: () => stopped,
          ...(settings.testAgentDieAfterStep > 0
            ? {
                afterStep: (index: number) => {
                  if (index + 1 === settings.testAgentDieAfterStep) process.kill(process.pid, "SIGKILL");
                },
              }
            : {}),
        },
      )
    : null;

  const sideBySide = options.databaseKind === "postgres";
  /**
   * The runner's batches in one round: on PostgreSQL it goes on while full batches come (at most
   * `AGENT_BATCHES_PER_ROUND`), so the runs keep pace with the log while the mail is sent beside.
   */
  const AGENT_BATCHES_PER_ROUND = 20;
  /** Resolves when the log's beat handled entries (maybe queuing runs), or after `ms`. */
  let entriesHandled: (() => void)[] = [];
  const entriesOrAfter = (ms: number) =>
    new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, ms);
      entriesHandled.push(() => {
        clearTimeout(timeout);
        resolve();
      });
    });
  const runAgents = async (besideRunning: () => boolean) => {
    if (!agentRunner) return 0;
    let taken = 0;
    for (let batches = 1; !stopped; batches++) {
      const claimed = await agentRunner.step();
      taken += claimed;
      if (!sideBySide) break;
      if (claimed === settings.agentBatchSize && batches < AGENT_BATCHES_PER_ROUND) continue;
      // While the mail beside is still going, runs the log's beat queues meanwhile are taken up
      // at once rather than after it.
      if (!besideRunning()) break;
      await entriesOrAfter(50);
    }
    return taken;
  };

  let stopped = false;
  let stopping: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  let failure: unknown;
  /** Passes failed in a row: the next poll waits longer while the database stays out of reach. */
  let failuresInARow = 0;
  let idle = false;
  let importFilesSwept = false;

  /** A poll does a bounded amount of work, so one busy process does not starve the next poll. */
  const pass = async (maxRounds: number) => {
    idle = false;
    if (!importFilesSwept) {
      await removeEndedImportFiles(options.db);
      importFilesSwept = true;
    }
    await queueDueDigests(options.db, now(), (tx, digest) => queueRegistrationDigest(tx, digest, now()));
    // Whoever is still going when an event ends went to it: the member table's "events attended".
    const ended = await endedEvents(options.db, await unsettledEvents(options.db), now());
    if (ended.length > 0)
      await options.db.transaction((tx) => settleEndedEvents(tx, ended).then(() => undefined));
    for (let rounds = 0; !stopped && rounds < maxRounds; rounds++) {
      let restRunning = true;
      const agents = async () =>
        (await dispatcher.dispatch()) +
        (agentScanner ? await agentScanner.step() : 0) +
        (agentRunner ? await runAgents(() => restRunning) : 0);
      const rest = async () => {
        try {
          return (
            (await expandFanouts(outbox)) +
            (await sendDue(outbox)) +
            (await imports.step()) +
            (reconciler ? await reconciler.step() : 0) +
            (stripeEvents ? await stripeEvents.step() : 0) +
            (await sweepDueOrders(orders)) +
            (await runRequestedRebuilds(options.longQueries ?? options.db))
          );
        } finally {
          restRunning = false;
        }
      };
      // On PostgreSQL the agents' runs go on beside the mail: an SMTP conversation takes far longer
      // than a run, and a run's lag would otherwise wait on the whole outbox batch. PGlite's one
      // connection takes them in turn.
      const work = sideBySide
        ? (await Promise.all([agents(), rest()])).reduce((a, b) => a + b, 0)
        : (await agents()) + (await rest());
      if (work === 0) {
        idle = true;
        break;
      }
      // On PGlite every statement's answer is an already resolved promise: without a turn of the
      // event loop between rounds, no request is even read until the whole pass is over.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const run = (maxRounds = 100): Promise<void> => {
    // A shutting-down process claims nothing new; `stop` waits for the pass under way.
    if (stopped && !running) return Promise.resolve();
    if (!running) {
      failure = undefined;
      running = pass(maxRounds)
        .then(() => {
          failuresInARow = 0;
        })
        .catch((error: unknown) => {
          failure = error;
          failuresInARow++;
          log(
            isDatabaseUnavailable(error)
              ? `jobs: the database is unavailable (${error instanceof Error ? error.message : error}); trying again in ${backOff(settings.pollIntervalMs, failuresInARow)} ms`
              : `jobs: outbox pass failed: ${error instanceof Error ? error.stack : error}`,
          );
        })
        .finally(() => {
          running = null;
          schedule();
        });
    }
    return running;
  };
  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, backOff(settings.pollIntervalMs, failuresInARow));
  };
  schedule();

  // What the log's subscribers queue (mail, agent runs) goes out as soon as their batch commits,
  // without the rest of a pass: its dozen "anything due?" reads (digests, ended events, fan-outs,
  // imports, Stripe, held orders, rebuilds) keep the poll's beat, where they cost little, instead of
  // running after every registration under moderate load. A batch handled while a send is under way
  // gets one more round after it.
  /** Rows the sends below have claimed: a drain goes on while they take some. */
  let doneBeside = 0;
  /**
   * Runs `step` until it takes less than `full` (a claim that found fewer rows than it may take
   * has taken what was due), one loop at a time; a kick meanwhile asks for one more.
   */
  const soon = (what: string, step: () => Promise<number>, full = 1) => {
    let under: Promise<void> | null = null;
    let again = false;
    let failure: unknown;
    const loop = async () => {
      do {
        again = false;
        for (let rounds = 0; !stopped && rounds < 100; rounds++) {
          const done = await step();
          doneBeside += done;
          if (done < full) break;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      } while (again && !stopped);
    };
    return {
      kick() {
        if (under) {
          again = true;
          return;
        }
        under = loop()
          .catch((error: unknown) => {
            // The next poll's pass takes what is left (a claimed row once its lease ends).
            failure = error;
            log(`jobs: ${what} failed: ${error instanceof Error ? error.message : error}`);
          })
          .finally(() => {
            under = null;
          });
      },
      /** Resolves once no loop is under way; rejects with a loop's failure since the last call. */
      async settled() {
        while (under) await under;
        const failed = failure;
        failure = undefined;
        if (failed !== undefined) throw failed;
      },
    };
  };
  // On PostgreSQL the mail and the agents' runs go side by side, so that a run waiting on a model
  // does not hold the mail back, nor an SMTP conversation the runs; PGlite's one connection takes
  // them in turn.
  const sideBySideLoops = () => {
    const mailSoon = soon("sending queued mail", () => sendDue(outbox), settings.batchSize);
    if (!agentRunner) return [mailSoon];
    const runsSoon = soon("queued agent runs", async () => {
      // What the runs queued (their messages, a notice to the admins) goes out now too.
      const ran = await agentRunner.step();
      if (ran > 0) mailSoon.kick();
      return ran;
    });
    return [mailSoon, runsSoon];
  };
  const queued = sideBySide
    ? sideBySideLoops()
    : [
        soon(
          "sending queued mail and agent runs",
          async () => (await sendDue(outbox)) + (agentRunner ? await agentRunner.step() : 0),
        ),
      ];
  const sendSoon = () => {
    for (const loop of queued) loop.kick();
  };
  /** Waits for the sends under way (they hold the rows they claimed); throws the first failure. */
  const sendsSettled = async () => {
    const results = await Promise.allSettled(queued.map((loop) => loop.settled()));
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  };

  // The log is dispatched on its own, shorter beat: entries from other processes are seen within
  // `logPollIntervalMs`. After `wake()` (an emit in this process) PGlite looks at once (that pass
  // queues right behind the emitting transaction on its one connection); PostgreSQL looks
  // `WAKE_GATHER_MS` after the emit, or at a look already due sooner, so that one batch handles the
  // emits of that time (decision 046). A look that finds nothing is tried again after each of
  // `WAKE_RETRIES_MS` (the transaction had not committed yet, or another process took the entries).
  const WAKE_GATHER_MS = sideBySide ? 50 : 0;
  const WAKE_RETRIES_MS = sideBySide ? [50, 250] : [2, 10, 50];
  let wokenDuring = false;
  let logTimer: NodeJS.Timeout | undefined;
  let retries: number[] = [];
  let dispatching: Promise<void> | null = null;
  let dispatchFailuresInARow = 0;
  /** Batches the log's own beat handled: a drain goes on while they come in. */
  let dispatchedBeside = 0;
  const dispatchLog = (): Promise<void> => {
    dispatching ??= (async () => {
      let handled = 0;
      try {
        handled = await dispatcher.dispatch();
        // What the subscribers queued (mail) goes out now rather than at the outbox's next poll.
        if (handled > 0) {
          const waiting = entriesHandled;
          entriesHandled = [];
          for (const wake of waiting) wake();
          dispatchedBeside++;
          retries = [];
          sendSoon();
        }
        dispatchFailuresInARow = 0;
      } catch {
        dispatchFailuresInARow++;
      }
      dispatching = null;
      const woken = wokenDuring;
      wokenDuring = false;
      // A pass that handled entries is followed by another shortly (a backlog goes on batch by
      // batch, an emit whose transaction committed after the pass read the log is found), and
      // so is an emit while the pass ran. A pass that found nothing waits for the next retry
      // after a wake, or else for the poll.
      if (woken) retries = [...WAKE_RETRIES_MS];
      if (handled > 0 || woken) scheduleLog(WAKE_GATHER_MS);
      else scheduleLog(retries.shift() ?? backOff(settings.logPollIntervalMs, dispatchFailuresInARow));
    })();
    return dispatching;
  };
  /** When the pending look at the log is due (`performance.now()`), or null when none is. */
  let logDueAt: number | null = null;
  const scheduleLog = (delayMs: number) => {
    clearTimeout(logTimer);
    logDueAt = null;
    if (stopped) return;
    logDueAt = performance.now() + delayMs;
    logTimer = setTimeout(() => {
      logDueAt = null;
      void dispatchLog();
    }, delayMs);
  };
  scheduleLog(settings.logPollIntervalMs);

  return {
    async drain() {
      // A pass under way may have looked before the caller's rows were committed, and a poll
      // that starts meanwhile stops after a bounded amount of work: go on until a pass finds none.
      // The log counts as drained only when every subscriber has handled every committed entry:
      // one whose transaction ids are not yet settled (an older transaction still running, maybe
      // in another process) is waited for rather than skipped.
      await running;
      await dispatching;
      await options.flushPageViews?.();
      for (;;) {
        const beside = dispatchedBeside;
        const besideDone = doneBeside;
        await run(Number.POSITIVE_INFINITY);
        if (failure !== undefined) throw failure;
        if (stopped) return;
        if (!idle) continue;
        // The log's own beat may have handled entries while the pass looked (its batch held the
        // subscribers' rows, so the pass found nothing): what they queued (mail, agent runs) is
        // due now, and another pass takes it. A send under way holds its claimed rows: the pass
        // did not see them, so they count once it has finished.
        await dispatching;
        await sendsSettled();
        // A send beside may have run agents whose messages are now due: another pass sends them.
        if (dispatchedBeside !== beside || doneBeside !== besideDone) continue;
        if (!(await dispatcher.behind())) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // Everything emitted so far is handled: the quick looks after earlier wakes have nothing left.
      retries = [];
      await dispatching;
      await sendsSettled();
      scheduleLog(settings.logPollIntervalMs);
    },
    poke() {
      void run();
    },
    wake() {
      retries = [...WAKE_RETRIES_MS];
      // A pass under way is followed by another `WAKE_GATHER_MS` after it; otherwise the look
      // comes as described above, one batch (one subscribers' transaction, one claim of the mail
      // they queue) for the emits of those milliseconds.
      if (dispatching) {
        wokenDuring = true;
        return;
      }
      if (!sideBySide) scheduleLog(0);
      else if (logDueAt === null || logDueAt > performance.now() + WAKE_GATHER_MS)
        scheduleLog(WAKE_GATHER_MS);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(logTimer);
      logDueAt = null;
      stopping ??= (async () => {
        await running;
        await dispatching;
        await sendsSettled().catch(() => undefined);
        await imports.close();
      })();
      return stopping;
    },
  };
}
