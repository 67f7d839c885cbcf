import type { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Logger } from "drizzle-orm/logger";
import pg from "pg";
import { inject } from "vitest";
import { createServerApp, type ServerApp } from "#server/app.ts";
import type { Config } from "#server/config.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import type { AppLogger } from "#server/observability/logger.ts";
import { openPooledPglite } from "./pglite-pool.ts";
import { type SmtpCapture, startSmtpCapture } from "./smtp-capture.ts";

export type TestDatabase = {
  /** Null on PGlite: the database is in memory and only `open()` reaches it. */
  databaseUrl: string | null;
  open(options?: { logger?: Logger }): Promise<Database>;
  /** Removes the database; call after every connection to it is closed. */
  dispose(): Promise<void>;
};

let snapshot: Promise<Blob | undefined> | undefined;

function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject("pgliteSnapshotFile");
  snapshot ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return snapshot;
}

/**
 * A migrated database of the caller's own. On PGlite, an in-memory copy of the snapshot made by
 * global-setup.ts; on PostgreSQL (DATABASE_URL set), a new database cloned from the migrated
 * template, so servers in parallel test files never see (or send) each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject("templateDatabaseUrl") ?? null;
  if (!template) {
    const initialData = await pgliteSnapshot();
    return {
      databaseUrl: null,
      open: (open = {}) =>
        initialData
          ? openPooledPglite(initialData, open.logger)
          : openDatabase({ databaseUrl: null, dataDir: null, ...open }),
      dispose: async () => {},
    };
  }
  const templateName = new URL(template).pathname.slice(1);
  const name = `commons_test_${randomBytes(6).toString("hex")}`;
  const adminUrl = new URL(template);
  adminUrl.pathname = "/postgres";
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}" template "${templateName}"`);
  const databaseUrl = new URL(template);
  databaseUrl.pathname = `/${name}`;
  return {
    databaseUrl: databaseUrl.toString(),
    open: (open = {}) => openDatabase({ databaseUrl: databaseUrl.toString(), dataDir: null, ...open }),
    dispose: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * The outbox's clock in tests: real time plus however far the test has moved it. Moving it and
 * then draining the outbox shows what is sent when, without waiting for it.
 */
export class TestClock {
  #offsetMs = 0;
  #heldAt: number | null = null;
  readonly now = () => new Date(this.#heldAt ?? Date.now() + this.#offsetMs);
  advance(ms: number) {
    this.#offsetMs += ms;
    if (this.#heldAt !== null) this.#heldAt += ms;
  }
  /**
   * Stops the clock where it is until `release`, so that what lives a while by it (a kept page's
   * second) does not run out while a slow machine answers; `advance` still moves it.
   */
  hold() {
    this.#heldAt = Date.now() + this.#offsetMs;
  }
  release() {
    this.#heldAt = null;
  }
}

export type TestServer = {
  url: string;
  server: ServerApp;
  smtp: SmtpCapture;
  config: Config;
  clock: TestClock;
  /**
   * Sends everything the outbox has due by `clock` and resolves once it is all handed to SMTP
   * (and so in `smtp.mails`): assert that nothing was sent after this, never after a sleep.
   */
  drain(): Promise<void>;
  browser(): TestBrowser;
  close(): Promise<void>;
};

/**
 * Starts the real app on a loopback port, with a real SMTP server, on a database of its own
 * (PostgreSQL when DATABASE_URL is set, the suite's second run; PGlite otherwise).
 * `dataDir` keeps PGlite on disk so a test can restart the server on the same data.
 */
export async function startTestServer(
  options: {
    overrides?: Partial<Config>;
    dataDir?: string;
    /** A database the caller made and disposes of itself, to start a second server on the same data. */
    database?: TestDatabase;
    smtp?: SmtpCapture;
    /**
     * The background jobs' clock (outbox, daily digests) when a test keeps its own; otherwise
     * `TestServer.clock` drives them.
     */
    clock?: () => Date;
    /** The built client to serve (default: none, an empty folder the test may fill). */
    distDir?: string;
    /** Sees every SQL statement the server sends (to count them). */
    logger?: Logger;
    /**
     * Each request the server handles runs inside this store, so the logger can tell a request's
     * own statements (`getStore()` is set) from the background jobs'.
     */
    requestContext?: AsyncLocalStorage<true>;
    /** The app's log (default: none written); a test reads the lines from its destination. */
    log?: AppLogger;
  } = {},
): Promise<TestServer> {
  const smtp = options.smtp ?? (await startSmtpCapture());
  const ownDir = options.dataDir ? null : mkdtempSync(path.join(tmpdir(), "commons-test-"));
  const dataDir = options.dataDir ?? (ownDir as string);
  const onDisk = Boolean(options.dataDir) && !process.env.DATABASE_URL;
  const testDatabase = options.database ?? (onDisk ? null : await createTestDatabase());
  const databaseUrl = testDatabase?.databaseUrl ?? null;
  const logger = options.logger ? { logger: options.logger } : {};
  const database = testDatabase
    ? await testDatabase.open(logger)
    : await openDatabase({ databaseUrl, dataDir, ...logger });

  // The port is only known after listening, and APP_URL must name it: listen first, then build.
  let listener: ServerApp["listener"] = (_request, response) => {
    response.writeHead(503).end();
  };
  const { requestContext } = options;
  const http = createServer((request, response) =>
    requestContext
      ? requestContext.run(true, () => listener(request, response))
      : listener(request, response),
  );
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  // An idle connection is advertised for 5 s (`Keep-Alive: timeout=5`), which fetch honours and
  // stops using a little before; the server closes it only a minute later. On a loaded machine
  // the client's timers run late, and a request sent just as the server closed would be reset.
  (http as import("node:http").Server).keepAliveTimeout = 5_000;
  (http as import("node:http").Server).keepAliveTimeoutBuffer = 60_000;
  const port = (http.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const config: Config = {
    port,
    host: "127.0.0.1",
    appUrl: url,
    dataDir,
    databaseUrl,
    smtpUrl: smtp.url,
    mailFrom: "Commons <no-reply@commons.test>",
    authSecret: "test-secret-that-is-long-enough-0123456789",
    // Each test browser claims its own address through a trusted loopback proxy, so limits per
    // client address do not leak between tests sharing one database.
    trustProxy: { kind: "addresses", addresses: ["loopback"] },
    production: false,
    google: null,
    legalDir: path.resolve("content/legal"),
    operator: { name: "Commons Test Operator", contact: "hello@commons.test" },
    storage: { s3: null },
    ...options.overrides,
  };
  const clock = new TestClock();
  const server = await createServerApp(config, {
    database,
    distDir: options.distDir ?? path.join(dataDir, "no-client"),
    clock: options.clock ?? clock.now,
    ...(options.log ? { logger: options.log } : {}),
  });
  listener = server.listener;

  return {
    url,
    server,
    smtp,
    config,
    clock,
    drain: () => server.jobs.drain(),
    browser: () => new TestBrowser(url, smtp),
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
      if (!options.database) await testDatabase?.dispose();
      if (!options.smtp) await smtp.close();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

export const uniqueEmail = (label = "user") => `${label}-${randomBytes(5).toString("hex")}@example.test`;

/** A client with a cookie jar, an Origin and an address of its own, like one person's browser. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly address = `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;
  readonly baseUrl: string;
  readonly smtp: SmtpCapture;
  constructor(baseUrl: string, smtp: SmtpCapture) {
    this.baseUrl = baseUrl;
    this.smtp = smtp;
  }

  async fetch(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.address);
    if (!headers.has("origin") && init.method && init.method !== "GET") headers.set("origin", this.baseUrl);
    if (this.cookies.size > 0)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await fetch(new URL(pathname, this.baseUrl), {
      ...init,
      headers,
      body,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(pathname: string, json: unknown, headers?: HeadersInit) {
    return this.fetch(pathname, { method: "POST", json, headers });
  }

  async sendCode(email: string) {
    return this.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
  }

  async verify(email: string, otp: string) {
    return this.post("/api/auth/sign-in/email-otp", { email, otp });
  }

  /** The whole code flow through real mail; returns the signed-in user. */
  async signIn(email = uniqueEmail(), name?: string) {
    const before = this.smtp.mails.length;
    const sent = await this.sendCode(email);
    if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${await sent.text()}`);
    const code = await this.smtp.codeFor(email, before);
    const verified = await this.verify(email, code);
    if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
    if (name) await this.post("/api/auth/update-user", { name });
    const session = (await (await this.fetch("/api/auth/get-session")).json()) as {
      user: { id: string; email: string; name: string };
    };
    return session.user;
  }

  async graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) {
    const response = await this.post("/api/graphql", { query, variables });
    const body = (await response.json()) as {
      data?: T | null;
      errors?: {
        message: string;
        extensions?: { code?: string; fields?: { field: string; code: string }[] };
      }[];
    };
    return { status: response.status, ...body };
  }
}

/**
 * The timeout for tests that each start a server of their own (with its own Stripe stand-in where
 * they need one): on a busy machine the start alone can take much of the default 30 s.
 */
export const SERVER_PER_TEST_TIMEOUT = 60_000;
