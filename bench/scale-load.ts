// The load generator of `npm run bench -- scale`: simulated people, each with its own cookies and
// address, going through their steps in a loop over keep-alive connections (node:http), as many at
// once as there are people. With a think time each person pauses between steps, as people do
// (reading a page before the next click), so the offered rate is about people / mean pause; without
// one the people run back to back (a closed loop that saturates the server). Every answer is
// checked: a non-2xx status, a GraphQL error or an unexpected body counts as an error.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { brotliDecompressSync } from "node:zlib";
import { percentile } from "./request-path-report.ts";

export type Step = {
  /** Reported separately: event-page, registration, dashboard, member-search, check-in. */
  kind: string;
  /** Sends the person's cookies. */
  signedIn: boolean;
  /** A POST to /api/graphql with `body`; otherwise a GET of `path` asking for HTML. */
  graphql: boolean;
  path?: string;
  /** A function when the body depends on an earlier answer (cancelling the registration just made). */
  body?: string | (() => string);
  /** Throws when the answer is wrong; pages are only decompressed and checked in strict rounds. */
  check: (body: string) => unknown;
};

export type VirtualUser = { cookies: Map<string, string>; address: string; steps: Step[] };

type KindStats = { requests: number; errors: number; p50Ms: number; p99Ms: number };

export type LoadResult = {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  firstError: string | null;
  byKind: Record<string, KindStats>;
};

/** A pause between steps, uniformly between `minMs` and `maxMs`, drawn from a source seeded by `seed`. */
export type ThinkTime = { minMs: number; maxMs: number; seed: number };

/** mulberry32: a small seeded source, so two runs with the same settings pause the same way. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Answer = {
  status: number;
  body: Buffer;
  encoding: string | undefined;
  setCookie: string[];
  /** The process that answered, as the harness's HAProxy names it (`X-Served-By`). */
  servedBy: string;
};

function send(agent: http.Agent, base: URL, user: VirtualUser, step: Step): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": user.address };
  if (step.signedIn && user.cookies.size > 0)
    headers.cookie = [...user.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  let payload: string | undefined;
  if (step.graphql) {
    payload = typeof step.body === "function" ? step.body() : (step.body ?? "");
    headers["content-type"] = "application/json";
    headers.accept = "application/graphql-response+json";
    headers.origin = base.origin;
    headers["content-length"] = String(Buffer.byteLength(payload));
  } else {
    headers.accept = "text/html";
    headers["accept-encoding"] = "br";
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: step.graphql ? "POST" : "GET",
        path: step.graphql ? "/api/graphql" : (step.path ?? "/"),
        headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: response.headers["content-encoding"],
            setCookie: response.headers["set-cookie"] ?? [],
            servedBy: String(response.headers["x-served-by"] ?? "?"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", reject);
    request.end(payload);
  });
}

/** Keeps the cookies a browser would: a refreshed session cache replaces the old one. */
function remember(user: VirtualUser, setCookie: string[]) {
  for (const line of setCookie) {
    const [pair = "", ...attributes] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) user.cookies.delete(name);
    else user.cookies.set(name, value);
  }
}

/**
 * Every person goes through their steps in rounds until `seconds` have passed, or `rounds` times.
 * A round started is finished (a registration made is cancelled), so the next window starts clean.
 * `strict` checks pages' HTML too. With `think`, each person first waits a random part of the
 * longest pause (so people do not all start in the same millisecond), then pauses after every step.
 */
export async function runLoad(
  baseUrl: string,
  users: VirtualUser[],
  seconds: number,
  options: {
    rounds?: number;
    strict?: boolean;
    think?: ThinkTime;
    /**
     * Told of every answer: when its request was sent (performance.now()), how long it took, and
     * which process answered it.
     */
    onAnswer?: (sentAt: number, tookMs: number, kind: string, servedBy: string) => void;
  } = {},
): Promise<LoadResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const latencies: number[] = [];
  const byKind = new Map<string, { latencies: number[]; errors: number }>();
  let errors = 0;
  let firstError: string | null = null;
  const fail = (kind: string, message: string) => {
    errors += 1;
    firstError ??= `${kind}: ${message}`;
    const stats = byKind.get(kind);
    if (stats) stats.errors += 1;
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  const more = (round: number) =>
    options.rounds !== undefined ? round < options.rounds : performance.now() < end;

  const think = options.think;
  const random = think ? seededRandom(think.seed) : null;
  const pause = (fraction: number) =>
    think && random
      ? new Promise<void>((resolve) => {
          const ms = fraction * (think.minMs + random() * (think.maxMs - think.minMs));
          setTimeout(resolve, ms);
        })
      : null;

  await Promise.all(
    users.map(async (user) => {
      await pause(random ? random() : 0);
      for (let round = 0; more(round); round++) {
        for (const step of user.steps) {
          if (round > 0 || step !== user.steps[0]) await pause(1);
          let stats = byKind.get(step.kind);
          if (!stats) {
            stats = { latencies: [], errors: 0 };
            byKind.set(step.kind, stats);
          }
          const sent = performance.now();
          let answer: Answer;
          try {
            answer = await send(agent, base, user, step);
          } catch (error) {
            fail(step.kind, error instanceof Error ? error.message : String(error));
            continue;
          }
          const took = performance.now() - sent;
          options.onAnswer?.(sent, took, step.kind, answer.servedBy);
          latencies.push(took);
          stats.latencies.push(took);
          remember(user, answer.setCookie);
          if (answer.status < 200 || answer.status >= 300) {
            fail(step.kind, `status ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
            continue;
          }
          if (!step.graphql && !options.strict) continue;
          try {
            const text =
              answer.encoding === "br"
                ? brotliDecompressSync(answer.body).toString()
                : answer.body.toString();
            step.check(text);
          } catch (error) {
            fail(step.kind, error instanceof Error ? error.message : String(error));
          }
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    requestsPerSecond: elapsed > 0 ? latencies.length / elapsed : 0,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors,
    firstError,
    byKind: Object.fromEntries(
      [...byKind].map(([kind, stats]) => [
        kind,
        {
          requests: stats.latencies.length,
          errors: stats.errors,
          p50Ms: percentile(stats.latencies, 0.5),
          p99Ms: percentile(stats.latencies, 0.99),
        },
      ]),
    ),
  };
}
