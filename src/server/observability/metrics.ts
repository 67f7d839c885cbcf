import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "#server/db/client.ts";
import { subscriberLag } from "#server/modules/log/log.service.ts";
import { outboxLag } from "#server/modules/notifications/notifications.outbox.ts";
import type { RequestMetrics } from "./request-log.ts";

export type Metrics = RequestMetrics & { registry: Registry };

/** Request durations, in seconds: from a kept page's fraction of a millisecond to a slow export. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics in Prometheus' format (decision 038): requests by route pattern, the
 * outbox's and the log subscribers' lag (read from the database at each scrape), the database
 * pool, and prom-client's process defaults. Its own registry: tests run several apps in one process.
 */
export function createMetrics(options: { database: Database; clock: () => Date }): Metrics {
  const { database, clock } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its response's end, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  // One database read per scrape feeds both outbox gauges, and one both log gauges.
  let outbox: Promise<{ due: number; oldestDueSeconds: number } | null> | null = null;
  const readOutbox = () => {
    outbox ??= outboxLag(database.db, clock())
      .catch(() => null)
      .finally(() => setImmediate(() => (outbox = null)));
    return outbox;
  };
  new Gauge({
    name: "commons_outbox_due_messages",
    help: "Mail due to be sent and not sent yet.",
    registers: [registry],
    async collect() {
      this.set((await readOutbox())?.due ?? Number.NaN);
    },
  });
  new Gauge({
    name: "commons_outbox_oldest_due_seconds",
    help: "How long the oldest unsent mail has been due (0 when none is).",
    registers: [registry],
    async collect() {
      this.set((await readOutbox())?.oldestDueSeconds ?? Number.NaN);
    },
  });

  let lag: Promise<{ name: string; entries: number; seconds: number }[] | null> | null = null;
  const readLag = () => {
    lag ??= subscriberLag(database.db, clock())
      .catch(() => null)
      .finally(() => setImmediate(() => (lag = null)));
    return lag;
  };
  new Gauge({
    name: "commons_log_subscriber_lag_entries",
    help: "Domain-event log entries after each subscriber's position (counted up to 10000).",
    labelNames: ["subscriber"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await readLag()) ?? []) this.set({ subscriber: row.name }, row.entries);
    },
  });
  new Gauge({
    name: "commons_log_subscriber_lag_seconds",
    help: "Age of the oldest log entry each subscriber has not handled yet (0 when none).",
    labelNames: ["subscriber"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await readLag()) ?? []) this.set({ subscriber: row.name }, row.seconds);
    },
  });

  // node-postgres' pool; PGlite is one connection in this process, with no pool to report on.
  const pool = database.pool;
  new Gauge({
    name: "commons_db_pool_connections",
    help: "Database connections: total, idle, and requests waiting for one (PGlite: one, in process).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      if (pool) {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      } else {
        this.set({ state: "total" }, 1);
      }
    },
  });
  new Gauge({
    name: "commons_database_info",
    help: "Which database this process uses.",
    labelNames: ["kind"] as const,
    registers: [registry],
  }).set({ kind: database.kind }, 1);

  return {
    registry,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status });
      durations.observe({ method, route }, seconds);
    },
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics: 404 unless METRICS_TOKEN is set, then answered only to `Authorization: Bearer
 * <token>` (compared in constant time), never cached.
 */
export function metricsRoute(token: string | null, metrics: Metrics | null) {
  const expected = token ? digest(token) : null;
  return async (c: Context) => {
    if (!expected || !metrics) return c.json({ code: "NOT_FOUND", message: "No such page." }, 404);
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!timingSafeEqual(digest(given), expected)) {
      return c.json({ code: "UNAUTHENTICATED", message: "Send the metrics token as a Bearer token." }, 401, {
        "WWW-Authenticate": "Bearer",
        "Cache-Control": "no-store",
      });
    }
    return c.body(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
    });
  };
}
