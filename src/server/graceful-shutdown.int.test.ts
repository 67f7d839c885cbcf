// SIGTERM in the middle of a burst of registrations (decision 039): every request that got an
// answer got a registration or a clear refusal, never "Unexpected error"; the mail being sent
// when the signal came is sent exactly once; mail claimed but not started goes back at once for
// the next process; and the process exits 0 within its bound. Two processes on one database, so
// this runs in the PostgreSQL pass only.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { createCommunity, createEvent } from "#server/modules/events/events-test-support.ts";
import { registerAsGuest } from "#server/modules/registrations/guest-test-support.ts";
import { type ChildServer, killChildServer, startChildServerOnFreePort } from "#server/test/child-server.ts";
import {
  createTestDatabase,
  SERVER_PER_TEST_TIMEOUT,
  startTestServer,
  TestBrowser,
  type TestDatabase,
  uniqueEmail,
} from "#server/test/harness.ts";
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from "#server/test/smtp-capture.ts";

const BOUND_SECONDS = 20;
const WORKERS = 40;
/** Each worker registers again after its answer, at most this many times: a bounded burst. */
const ROUNDS = 3;

type Outcome =
  | { answered: true; afterSignal: boolean; status: number; code: string | null; email: string }
  | { answered: false; afterSignal: boolean };

describe("readiness while shutting down", () => {
  it("answers /readyz with 503 as soon as the shutdown begins", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const t = await startTestServer();
    try {
      expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
      const stopped = t.server.beginShutdown();
      const response = await fetch(`${t.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", reason: "shutting-down" });
      await stopped;
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("SIGTERM during a burst of registrations", () => {
  let testDatabase: TestDatabase;
  let database: Database | undefined;
  let smtp: SmtpCapture;
  let dataDir: string;
  const children: ChildServer[] = [];
  /** Guests' mail is held at the mail server, its sending under way, until the test lets it go. */
  const held: { mail: CapturedMail; release: () => void }[] = [];
  let holding = true;
  let onHeld: (() => void) | undefined;
  const releaseAll = () => {
    holding = false;
    for (const mail of held) mail.release();
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
    smtp = await startSmtpCapture(undefined, {
      beforeAccept: (mail) => {
        if (!holding || !mail.to.some((to) => to.startsWith("guest-"))) return undefined;
        return new Promise<void>((release) => {
          held.push({ mail, release });
          onHeld?.();
        });
      },
    });
    dataDir = mkdtempSync(path.join(tmpdir(), "commons-shutdown-"));
  });
  afterAll(async () => {
    releaseAll();
    for (const child of children) await killChildServer(child);
    await database?.close();
    await testDatabase?.dispose();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(boundSeconds = BOUND_SECONDS): Promise<{ url: string; child: ChildServer }> {
    const { url, child } = await startChildServerOnFreePort({
      dataDir,
      smtpUrl: smtp.url,
      databaseUrl: testDatabase.databaseUrl,
      // Mail is claimed only once a second old: the guests registered before the burst are
      // claimed in one batch, more than the sender's four lanes take at once.
      env: { SHUTDOWN_TIMEOUT_SECONDS: String(boundSeconds), COMMONS_TEST_OUTBOX_HOLD_MS: "1000" },
    });
    children.push(child);
    return { url, child };
  }

  const rows = async <T>(statement: ReturnType<typeof sql>) => {
    if (!database) throw new Error("the test database is not open");
    return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
  };

  it("finishes what is under way, hands back what is not, and exits 0 within the bound", async () => {
    const first = await start();
    const host = new TestBrowser(first.url, smtp);
    await host.signIn(uniqueEmail("host"), "Olga Organizer");
    const communityId = await createCommunity(host, "Shutdown Club");
    const event = await createEvent(host, communityId, { title: "Until the end" });

    const mailHeld = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    const early = Array.from({ length: 8 }, () => uniqueEmail("guest"));
    for (const answer of await Promise.all(
      early.map((email) =>
        registerAsGuest(new TestBrowser(first.url, smtp), event.id, { name: "Eve Early", email }),
      ),
    )) {
      expect(answer.errors).toBeUndefined();
    }
    // Their mail is being sent (held at the mail server) before the burst begins.
    await mailHeld;
    let signalledAt: number | null = null;
    let answers = 0;
    let enoughAnswered: () => void = () => undefined;
    const burstUnderWay = new Promise<void>((resolve) => {
      enoughAnswered = resolve;
    });
    const worker = async (): Promise<Outcome[]> => {
      const outcomes: Outcome[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const email = uniqueEmail("guest");
        const sentAfterSignal = signalledAt !== null;
        try {
          const answer = await registerAsGuest(new TestBrowser(first.url, smtp), event.id, {
            name: "Gus Guest",
            email,
          });
          answers++;
          if (answers >= WORKERS) enoughAnswered();
          outcomes.push({
            answered: true,
            afterSignal: signalledAt !== null && !sentAfterSignal,
            status: answer.status,
            code: answer.errors?.[0]?.extensions?.code ?? null,
            email,
          });
        } catch {
          // No answer at all (the connection refused or closed): the client may try elsewhere.
          outcomes.push({ answered: false, afterSignal: signalledAt !== null });
          return outcomes;
        }
      }
      return outcomes;
    };
    const burst = Promise.all(Array.from({ length: WORKERS }, worker));

    // The signal comes while registrations are under way and guests' mail is being sent.
    await burstUnderWay;
    signalledAt = Date.now();
    first.child.process.kill("SIGTERM");
    const outcomes = (await burst).flat();
    releaseAll();
    await first.child.exited;
    const exitMs = Date.now() - signalledAt;

    expect(first.child.process.exitCode, first.child.log()).toBe(0);
    expect(exitMs).toBeLessThan(BOUND_SECONDS * 1000);
    const answered = outcomes.filter((outcome) => outcome.answered);
    // Requests in flight when the signal came were finished rather than cut off.
    expect(answered.filter((outcome) => outcome.afterSignal).length).toBeGreaterThan(0);
    // Every request the process answered was carried out: the database stays open under running
    // requests, so none is refused as "unavailable"; a request after the listener closed is
    // refused at the connection instead (answered: false).
    for (const outcome of answered) {
      expect({ status: outcome.status, code: outcome.code }).toEqual({ status: 200, code: null });
    }
    expect(first.child.log()).not.toMatch(/Unexpected error|INTERNAL_SERVER_ERROR/);

    // The mail being sent at the signal was finished and marked sent, once.
    expect(held.length).toBeGreaterThan(0);
    for (const { mail } of held) {
      const to = mail.to[0] ?? "";
      expect(smtp.mails.filter((captured) => captured.to.includes(to))).toHaveLength(1);
      const [row] = await rows<{ sent: boolean; attempts: number }>(sql`
        select sent_at is not null as sent, attempts from outbox_message
        where payload->>'registrationId' in (
          select r.id::text from registration r join "user" u on u.id = r.user_id where u.email = ${to})`);
      expect(row).toEqual({ sent: true, attempts: 1 });
    }
    // Mail claimed but not started was handed back: due now, not after the five-minute lease.
    const unsent = await rows<{ attempts: number; leased: boolean }>(sql`
      select attempts, send_after > now() + interval '1 minute' as leased from outbox_message
      where kind = 'registration_mail' and sent_at is null`);
    expect(unsent.filter((row) => row.leased || row.attempts > 0)).toEqual([]);

    // The next process sends every registered guest's confirmation, each exactly once.
    const registered = [
      ...early,
      ...answered.flatMap((outcome) => (outcome.answered && outcome.status === 200 ? [outcome.email] : [])),
    ];
    await start();
    for (const email of registered) await smtp.waitFor((mail) => mail.to.includes(email), 30_000);
    for (const email of registered) {
      expect(
        smtp.mails.filter((mail) => mail.to.includes(email)),
        email,
      ).toHaveLength(1);
    }
  }, 90_000);

  it("cuts off what is still under way at the bound, with one line saying so and exit status 1", async () => {
    // Only this process may take the mail: the earlier test's processes go first.
    for (const earlier of children) await killChildServer(earlier);
    const { url, child } = await start(1);
    const host = new TestBrowser(url, smtp);
    await host.signIn(uniqueEmail("host"), "Olga Organizer");
    const event = await createEvent(host, await createCommunity(host, "Bound Club"), { title: "Too slow" });
    holding = true;
    const mailHeld = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    const email = uniqueEmail("guest");
    const answer = await registerAsGuest(new TestBrowser(url, smtp), event.id, { name: "Stu Stuck", email });
    expect(answer.errors).toBeUndefined();
    // The confirmation's SMTP conversation never ends while the test holds it.
    await mailHeld;
    const signalledAt = Date.now();
    child.process.kill("SIGTERM");
    await child.exited;
    releaseAll();

    expect(child.process.exitCode).toBe(1);
    // The bound (1 s), then at most a second for the database to close, and the process's exit.
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(child.log().match(/Shutdown took longer than 1 s/g)).toHaveLength(1);
  }, 90_000);
});
