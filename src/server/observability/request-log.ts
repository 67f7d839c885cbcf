import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** What the log and the metrics learn of one request while it is answered. */
type Observed = { id: string; route: string | null };

const OBSERVED = Symbol("commons.observed-request");
type ObservedRequest = IncomingMessage & { [OBSERVED]?: Observed };

/**
 * An id a balancer or client sent is kept only when it is short and plain: the same rule as
 * deploy/haproxy.cfg's, which replaces any other with its own.
 */
const SANE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The request's own `X-Request-Id` when sane, a new one otherwise. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && SANE_ID.test(header) ? header : randomUUID();
}

/**
 * Pages whose address is a personal link (a person's unsubscribe or unfollow link, an invitation,
 * a registration's own link): the token is cut from the logged path, whoever answered it.
 */
const PERSONAL_LINK = /^\/(r|invitation|unsubscribe|unfollow)\/[^/]+/;
const MAX_PATH = 200;

/** The path as logged: no query string (it may carry a code or a token), no personal link's token. */
export function loggedPath(url: string | undefined, route: string | null): string {
  if (route?.includes(":token")) return route;
  const raw = url ?? "/";
  const query = raw.indexOf("?");
  const path = query === -1 ? raw : raw.slice(0, query);
  return path.replace(PERSONAL_LINK, "/$1/:token").slice(0, MAX_PATH);
}

/** Marks the route pattern that answers `request`, for its log line and its metrics. */
export function markRoute(request: IncomingMessage, route: string): void {
  const observed = (request as ObservedRequest)[OBSERVED];
  if (observed) observed.route = route;
}

/**
 * Hono middleware, first in the app: once the route has answered, its pattern (`/e/:id`, never
 * the raw path) is what the request's line and metrics name it by.
 */
export function honoRouteMarker(): MiddlewareHandler<{ Bindings: { incoming?: IncomingMessage } }> {
  return async (c, next) => {
    await next();
    const incoming = c.env?.incoming;
    if (incoming) markRoute(incoming, c.req.routePath);
  };
}

export type RequestMetrics = {
  observe(method: string, route: string, status: number, seconds: number): void;
};

/** Balancer probes come every second or two: they are logged at debug level, not info. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * Wraps the server's listener (decision 038): every request gets an id, sent back in
 * `X-Request-Id`, and, once its response is over, one log line (id, method, path without tokens
 * or query, route pattern, status, duration, bytes when known) and its place in the metrics.
 */
export function observeRequests(
  listener: Listener,
  options: { log: Logger; metrics: RequestMetrics | null },
): Listener {
  const { log, metrics } = options;
  return (request, response) => {
    const startedAt = performance.now();
    const observed: Observed = { id: requestIdOf(request.headers["x-request-id"]), route: null };
    (request as ObservedRequest)[OBSERVED] = observed;
    response.setHeader("x-request-id", observed.id);
    response.once("close", () => {
      const ms = Math.round((performance.now() - startedAt) * 10) / 10;
      const route = observed.route ?? "unmatched";
      const status = response.statusCode;
      const method = request.method ?? "GET";
      metrics?.observe(method, route, status, ms / 1000);
      const path = loggedPath(request.url, observed.route);
      const level = status >= 500 ? "error" : PROBES.has(path) ? "debug" : "info";
      if (!log.isLevelEnabled(level)) return;
      const length = response.getHeader("content-length");
      log[level](
        {
          reqId: observed.id,
          method,
          path,
          route,
          status,
          ms,
          ...(length !== undefined ? { bytes: Number(length) } : {}),
          ...(response.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
    });
    listener(request, response);
  };
}

/** The id of the request being answered, for records written while answering it. */
export function requestIdOfRequest(request: IncomingMessage): string | undefined {
  return (request as ObservedRequest)[OBSERVED]?.id;
}
