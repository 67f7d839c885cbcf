// PostgreSQL restarting under an app process (decision 039): while it is down, requests are refused
// with 503 UNAVAILABLE within a bounded time instead of hanging or answering "Unexpected error",
// and `/readyz` says why; once it is back the same process answers and sends mail again. The test
// stops and starts a cluster of its own, so it runs in the PostgreSQL pass only.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommunity, createEvent } from "#server/modules/events/events-test-support.ts";
import { registerAsGuest } from "#server/modules/registrations/guest-test-support.ts";
import { type ChildServer, killChildServer, startChildServerOnFreePort } from "#server/test/child-server.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { type PostgresCluster, startPostgresCluster } from "#server/test/postgres-cluster.ts";
import { type SmtpCapture, startSmtpCapture } from "#server/test/smtp-capture.ts";

/** Longer than the pool's wait for a connection (5 s): a request still unanswered by then hangs. */
const ANSWER_WITHIN_MS = 10_000;

describe.skipIf(!process.env.DATABASE_URL)("PostgreSQL going away and coming back", () => {
  let postgres: PostgresCluster | undefined;
  let postgresDir: string;
  let smtp: SmtpCapture;
  let dataDir: string;
  let child: ChildServer | undefined;
  let url: string;

  beforeAll(async () => {
    postgresDir = mkdtempSync(path.join(tmpdir(), "commons-outage-pg-"));
    [postgres, smtp] = await Promise.all([startPostgresCluster(postgresDir), startSmtpCapture()]);
    dataDir = mkdtempSync(path.join(tmpdir(), "commons-outage-"));
    ({ url, child } = await startChildServerOnFreePort({
      dataDir,
      smtpUrl: smtp.url,
      databaseUrl: postgres.databaseUrl,
    }));
  });
  afterAll(async () => {
    await killChildServer(child);
    await postgres?.dispose();
    if (postgresDir) rmSync(postgresDir, { recursive: true, force: true });
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request that must be answered within `ANSWER_WITHIN_MS`, with how long it took. */
  async function timed<T>(request: (signal: AbortSignal) => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = Date.now();
    const value = await request(AbortSignal.timeout(ANSWER_WITHIN_MS));
    return { value, ms: Date.now() - started };
  }

  const readiness = async (signal?: AbortSignal) => {
    const response = await fetch(`${url}/readyz`, { signal });
    return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
  };

  const guest = () => new TestBrowser(url, smtp);

  it("answers 503 UNAVAILABLE while the database is down and recovers without a restart", async () => {
    const host = new TestBrowser(url, smtp);
    await host.signIn(uniqueEmail("host"), "Olga Organizer");
    const communityId = await createCommunity(host, "Restart Club");
    const event = await createEvent(host, communityId, { title: "Through the restart" });
    const before = await registerAsGuest(guest(), event.id, {
      name: "Early Bird",
      email: uniqueEmail("early"),
    });
    expect(before.data?.registerAsGuest.status).toBe("GOING");
    expect((await readiness()).status).toBe(200);

    await postgres?.stop();

    const ready = await timed((signal) => readiness(signal));
    expect(ready.value).toEqual({ status: 503, body: { status: "unavailable", reason: "database" } });

    // A signed-out visitor registering, and a signed-in organizer reading their community.
    const email = uniqueEmail("during");
    const refused = await timed(() => registerAsGuest(guest(), event.id, { name: "Dora During", email }));
    expect(refused.value.status).toBe(503);
    expect(refused.value.errors?.[0]?.extensions?.code).toBe("UNAVAILABLE");
    expect(refused.value.errors?.[0]?.message).toMatch(/unavailable/i);
    const read = await timed(() =>
      host.graphql<{ community: { name: string } }>("query ($id: ID!) { community(id: $id) { name } }", {
        id: communityId,
      }),
    );
    expect(read.value.status).toBe(503);
    expect(read.value.errors?.[0]?.extensions?.code).toBe("UNAVAILABLE");
    // An HTTP route outside GraphQL: a sign-in code asked for meanwhile.
    const code = await timed(() => guest().sendCode(uniqueEmail("code")));
    expect(code.value.status).toBe(503);
    expect(await code.value.json()).toMatchObject({ code: "UNAVAILABLE" });

    await postgres?.start();

    // Readiness comes back by itself: the pool opens new connections once the server answers.
    const deadline = Date.now() + 20_000;
    let back = await readiness();
    while (back.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await readiness();
    }
    expect(back).toEqual({ status: 200, body: { status: "ready", database: "postgres" } });

    const after = await registerAsGuest(guest(), event.id, { name: "Dora Again", email });
    expect(after.errors).toBeUndefined();
    expect(after.data?.registerAsGuest.status).toBe("GOING");
    // The jobs' loops went on through the outage: the confirmation is mailed by the same process.
    await smtp.waitFor((mail) => mail.to.includes(email), 20_000);
    expect(child?.process.exitCode).toBeNull();
  }, 90_000);
});
