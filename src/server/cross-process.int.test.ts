// Three app processes on one PostgreSQL and one S3 bucket behind HAProxy (src/server/test/cluster.ts):
// they start at once and migrate once, a session made through one is honoured by all, sign-out
// through one ends it on the others, the limits count across processes, and a killed process is
// taken out by the health checks while requests keep succeeding. PostgreSQL only: PGlite keeps
// its data to one process. The suite's PostgreSQL run sets DATABASE_URL; the cluster has its own.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "#server/db/client.ts";
import { CODES_PER_EMAIL } from "#server/modules/auth/code-limits.service.ts";
import { type Cluster, startCluster, waitUntil } from "#server/test/cluster.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";

describe.skipIf(!process.env.DATABASE_URL)("three processes behind HAProxy", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ processes: 3 });
  }, 180_000);
  afterAll(async () => {
    await cluster?.dispose();
  }, 120_000);

  /** A browser that talks to `baseUrl` directly but sends the balancer's Origin, as a page would. */
  const browserAt = (baseUrl: string, cookies?: Map<string, string>) => {
    const browser = new TestBrowser(baseUrl, cluster.smtp);
    for (const [name, value] of cookies ?? []) browser.cookies.set(name, value);
    return browser;
  };
  const post = (browser: TestBrowser, pathname: string, json: unknown) =>
    browser.post(pathname, json, { origin: cluster.url });
  const sessionAt = async (browser: TestBrowser) =>
    (await (await browser.fetch("/api/auth/get-session")).json()) as { user: { email: string } } | null;

  it("start at once, all become ready, and the migrations ran once", async () => {
    for (const p of cluster.processes) {
      const ready = await fetch(`${p.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", database: "postgres" });
    }
    expect(await cluster.backendStates()).toEqual({ app1: "UP", app2: "UP", app3: "UP" });

    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ applied: number; distinct: number }>(
        "select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
      );
      expect(rows[0]).toEqual({ applied: journal.entries.length, distinct: journal.entries.length });
    } finally {
      await client.end();
    }
  });

  it("share requests among all three processes, round robin", async () => {
    const before = await cluster.backendRequests();
    for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}/healthz`)).status).toBe(200);
    const after = await cluster.backendRequests();
    for (const p of cluster.processes) expect((after[p.name] ?? 0) - (before[p.name] ?? 0)).toBe(2);
  });

  it("honour a session made through the balancer on every process", async () => {
    const email = uniqueEmail("everywhere");
    const browser = browserAt(cluster.url);
    await browser.signIn(email, "Ada Everywhere");
    for (const p of cluster.processes) {
      const direct = browserAt(p.url, browser.cookies);
      expect(await sessionAt(direct)).toMatchObject({ user: { email } });
      const viewer = await post(direct, "/api/graphql", { query: "{ viewer { email name } }" });
      expect(await viewer.json()).toEqual({ data: { viewer: { email, name: "Ada Everywhere" } } });
    }
  });

  it("end a session on every process when it is signed out through one", async () => {
    const email = uniqueEmail("signout");
    const browser = browserAt(cluster.url);
    await browser.signIn(email);
    const [first, ...others] = cluster.processes;
    if (!first) throw new Error("no processes");
    // Each process has read the session (and cached it) before the sign-out.
    const copies = others.map((p) => browserAt(p.url, browser.cookies));
    for (const copy of copies) expect(await sessionAt(copy)).toMatchObject({ user: { email } });

    expect((await post(browserAt(first.url, browser.cookies), "/api/auth/sign-out", {})).status).toBe(200);
    // The sign-out's notice reaches the other processes with its commit (decision 041), though the
    // signed copy in the cookie is still fresh: they refuse the session within milliseconds. (Their
    // very next answer may come first: a process reads the notice and a request that arrive
    // together in either order.) A fresh copy of the cookies: the server's requests to delete them
    // are ignored, as by a thief.
    const signedOut = Date.now();
    for (const copy of copies) {
      await waitUntil(
        () => sessionAt(browserAt(copy.baseUrl, new Map(copy.cookies))),
        (session) => session === null,
        1_000,
        `the session refused by ${copy.baseUrl}`,
      );
    }
    console.info(`sign-out: refused on every other process within ${Date.now() - signedOut} ms`);
  });

  it("count codes per email across processes", async () => {
    const email = uniqueEmail("limited");
    for (let i = 0; i < CODES_PER_EMAIL.max; i++) {
      const p = cluster.processes[i % cluster.processes.length];
      if (!p) throw new Error("no processes");
      // Each from another address, so only the per-email limit can refuse.
      expect(
        (
          await post(browserAt(p.url), "/api/auth/email-otp/send-verification-otp", {
            email,
            type: "sign-in",
          })
        ).status,
      ).toBe(200);
    }
    for (const p of cluster.processes) {
      const refused = await post(browserAt(p.url), "/api/auth/email-otp/send-verification-otp", {
        email,
        type: "sign-in",
      });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED_EMAIL" });
    }
  });

  it("count requests per client address across processes", async () => {
    // The sign-in route allows 60 tries a minute from one address; they land on all three processes.
    const sharedAddress = browserAt(cluster.url);
    const email = uniqueEmail("guessing");
    const wrongCode = { email, otp: "000000" };
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const p = cluster.processes[i % cluster.processes.length];
      if (!p) throw new Error("no processes");
      const attempt = Object.assign(browserAt(p.url), { address: sharedAddress.address });
      statuses.push((await post(attempt, "/api/auth/sign-in/email-otp", wrongCode)).status);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    for (const p of cluster.processes) {
      const attempt = Object.assign(browserAt(p.url), { address: sharedAddress.address });
      const refused = await post(attempt, "/api/auth/sign-in/email-otp", wrongCode);
      // better-auth's own limiter: 429 and when to try again, counted in its rate_limit table.
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("x-retry-after"))).toBeGreaterThan(0);
    }
  });

  it("take a killed process out of rotation while requests keep succeeding", {
    timeout: 60_000,
  }, async () => {
    const victim = cluster.processes[2];
    if (!victim) throw new Error("no third process");
    await victim.kill("SIGKILL");
    // Until the health checks notice, HAProxy retries a refused connection on another process.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await fetch(`${cluster.url}/readyz`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    await cluster.waitForBackend(victim.name, "DOWN", 10_000);
    const after: number[] = [];
    for (let i = 0; i < 12; i++) after.push((await fetch(`${cluster.url}/readyz`)).status);
    expect(after.every((s) => s === 200)).toBe(true);

    await victim.restart();
    await cluster.waitForBackend(victim.name, "UP", 10_000);
    expect((await fetch(`${victim.url}/readyz`)).status).toBe(200);
  });

  it("stop and start S3 on the same address", async () => {
    const bucket = `${cluster.s3.endpoint}/${cluster.s3.bucket}`;
    await cluster.stopS3();
    await expect(fetch(bucket)).rejects.toThrow();
    await cluster.startS3();
    // Unsigned, so refused; what matters is that s3rver answers again.
    expect((await fetch(bucket)).status).toBeGreaterThanOrEqual(200);
  });
});
