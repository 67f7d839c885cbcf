// What an operator reads from a running app: one JSON line per request with its id (also in the
// X-Request-Id header), and no person's address, code, cookie or link token in any line; and
// /metrics, answered only to the configured token.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { type AppLogger, createAppLogger } from "./logger.ts";

type Line = Record<string, unknown>;

/** A logger at info level whose lines the test keeps, as an operator's log collector would. */
function capturedLog(): { log: AppLogger; text: () => string; lines: () => Line[] } {
  const written: string[] = [];
  const log = createAppLogger({
    level: "info",
    destination: { write: (chunk: string) => void written.push(chunk) },
  });
  const text = () => written.join("");
  const lines = () =>
    text()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Line);
  return { log, text, lines };
}

const METRICS_TOKEN = randomBytes(24).toString("hex");

let t: TestServer;
let captured: ReturnType<typeof capturedLog>;
beforeAll(async () => {
  captured = capturedLog();
  t = await startTestServer({ log: captured.log, overrides: { metricsToken: METRICS_TOKEN } });
});
afterAll(() => t?.close());

const requestLines = () => captured.lines().filter((line) => line.msg === "request");

describe("request log", () => {
  it("writes one line per request with its id, status and duration, and sends the id back", async () => {
    const sent = await fetch(`${t.url}/api/config`, { headers: { "x-request-id": "lb-7f3a.42:1" } });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("x-request-id")).toBe("lb-7f3a.42:1");
    await expect
      .poll(() => requestLines().filter((line) => line.reqId === "lb-7f3a.42:1"))
      .toEqual([
        expect.objectContaining({
          level: 30,
          method: "GET",
          path: "/api/config",
          route: "/api/config",
          status: 200,
          ms: expect.any(Number),
        }),
      ]);

    // GraphQL is answered before Hono (decision 011): its requests are logged all the same.
    const graphql = await t.browser().post(
      "/api/graphql",
      { query: "{ viewer { id } }" },
      {
        "x-request-id": "lb-graphql-1",
      },
    );
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get("x-request-id")).toBe("lb-graphql-1");
    await expect
      .poll(() => requestLines().find((line) => line.reqId === "lb-graphql-1"))
      .toMatchObject({ method: "POST", route: "/api/graphql", status: 200 });

    // An id that is not short and plain is replaced by one of the app's own.
    const odd = await fetch(`${t.url}/api/nothing-here`, {
      headers: { "x-request-id": `a b"${"x".repeat(200)}` },
    });
    expect(odd.status).toBe(404);
    const id = odd.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => requestLines().find((line) => line.reqId === id))
      .toMatchObject({ status: 404, route: "/api/*", path: "/api/nothing-here" });
  });

  it("names no address, code, cookie, client address or link token in any line", async () => {
    const browser = t.browser();
    const email = uniqueEmail("logged");
    const before = t.smtp.mails.length;
    await browser.signIn(email);
    const code = await t.smtp.codeFor(email, before);
    const session = [...browser.cookies.values()];
    expect(session.length).toBeGreaterThan(0);

    const token = `tok${randomBytes(12).toString("hex")}`;
    const unfollow = await browser.fetch(`/unfollow/${token}`, { method: "POST" });
    const invitation = await browser.fetch(`/invitation/${token}?code=${code}`);
    const unsubscribe = await browser.fetch(`/unsubscribe/${token}`);
    const ids = [unfollow, invitation, unsubscribe].map((response) => response.headers.get("x-request-id"));

    await expect.poll(() => requestLines().filter((line) => ids.includes(String(line.reqId))).length).toBe(3);
    const lines = requestLines();
    expect(lines.map((line) => line.path)).toEqual(
      expect.arrayContaining([
        "/api/auth/sign-in/email-otp",
        "/unfollow/:token",
        "/invitation/:token",
        "/unsubscribe/:token",
      ]),
    );
    const text = captured.text();
    for (const secret of [email, email.split("@")[0] ?? email, code, token, browser.address, ...session]) {
      expect(text).not.toContain(secret);
    }
    expect(text.toLowerCase()).not.toContain("cookie");
  });
});

describe("/metrics", () => {
  it("is not there unless METRICS_TOKEN is set", async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(`${plain.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("refuses a missing or wrong token", async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers the token with requests by route, job and outbox lag, the pool and the process", async () => {
    const counted = () =>
      fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
        async (response) => ({ response, body: await response.text() }),
      );
    const requestsOfHealthz = (body: string) =>
      Number(
        /^http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(body)?.[1] ?? 0,
      );
    const before = requestsOfHealthz((await counted()).body);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);

    const { response, body } = await counted();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(requestsOfHealthz(body)).toBe(before + 1);
    expect(body).toMatch(
      /^http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/healthz"\} \d+$/m,
    );
    expect(body).toMatch(/^commons_outbox_oldest_due_seconds \d/m);
    expect(body).toMatch(/^commons_outbox_due_messages \d/m);
    expect(body).toMatch(/^commons_log_subscriber_lag_seconds\{subscriber="notifications"\} \d/m);
    expect(body).toMatch(/^commons_log_subscriber_lag_entries\{subscriber="notifications"\} \d/m);
    expect(body).toMatch(/^commons_db_pool_connections\{state="total"\} \d/m);
    if (t.server.database.kind === "postgres") {
      expect(body).toMatch(/^commons_db_pool_connections\{state="idle"\} \d/m);
      expect(body).toMatch(/^commons_db_pool_connections\{state="waiting"\} \d/m);
    }
    expect(body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // Raw paths never become labels: the route patterns are a bounded set.
    expect(body).not.toMatch(/route="\/(?:e|c|unfollow)\/[^:*]/);
  });
});
