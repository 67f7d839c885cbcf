// Three app processes on one PostgreSQL database, hit directly (decision 041): a change made
// through one shows on the others' kept signed-out pages within a second, a sign-out through one
// ends the session on the others with the next request, and a burst of registrations spread over
// the three is confirmed, counted, reminded of and digested exactly once. PGlite keeps its data to
// one process, so this runs on PostgreSQL only.

import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, eventInput } from "#server/modules/events/events-test-support.ts";
import { registerAsGuest } from "#server/modules/registrations/guest-test-support.ts";
import { type ChildServer, killChildServer, startChildServerOnFreePort } from "#server/test/child-server.ts";
import { waitUntil } from "#server/test/cluster.ts";
import { createTestDatabase, TestBrowser, type TestDatabase, uniqueEmail } from "#server/test/harness.ts";
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from "#server/test/smtp-capture.ts";

type Process = { url: string; child: ChildServer };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe.skipIf(!process.env.DATABASE_URL)("three processes on one PostgreSQL database", () => {
  let testDatabase: TestDatabase;
  let smtp: SmtpCapture;
  let dataDir: string;
  let processes: Process[] = [];
  let query: <T>(statement: SQL) => Promise<T[]>;
  let closeDatabase: () => Promise<void>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    smtp = await startSmtpCapture();
    dataDir = mkdtempSync(path.join(tmpdir(), "commons-change-bus-"));
    // The public pages are kept only once there is a client's index.html to put them in.
    const clientDir = path.join(dataDir, "no-client");
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(
      path.join(clientDir, "index.html"),
      "<!doctype html><html><head><title>Commons</title></head><body><div id=root></div></body></html>",
    );
    const env = { AUTH_SECRET: randomBytes(32).toString("hex"), COMMONS_TEST_CLIENT_DIR: clientDir };
    processes = await Promise.all(
      [0, 1, 2].map(() =>
        startChildServerOnFreePort({
          dataDir,
          smtpUrl: smtp.url,
          databaseUrl: testDatabase.databaseUrl,
          env,
        }),
      ),
    );
    const database = await testDatabase.open();
    query = async <T>(statement: SQL) => rowsOf<T>(await database.db.execute(statement));
    closeDatabase = () => database.close();
  }, 120_000);

  afterAll(async () => {
    for (const { child } of processes) await killChildServer(child);
    await closeDatabase?.();
    await testDatabase?.dispose();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const server = (i: number) => () => processes[i] as Process;
  const [a, b, c] = [server(0), server(1), server(2)];

  /** Reads `read` until `done` holds for what it returns; the time it took, or a failure at the deadline. */
  async function measureUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs = 5_000) {
    const started = performance.now();
    for (;;) {
      const value = await read();
      const took = performance.now() - started;
      if (done(value)) return took;
      if (took > deadlineMs)
        throw new Error(`still not changed after ${Math.round(took)} ms: ${String(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  const signedOutPage = (server: Process, pathname: string) =>
    fetch(new URL(pathname, server.url)).then((response) => response.text());

  const signedOutEvent = (server: Process, id: string) =>
    fetch(new URL("/api/graphql", server.url), {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ query: "query ($id: ID!) { event(id: $id) { title } }", variables: { id } }),
    })
      .then((response) => response.json() as Promise<{ data?: { event: { title: string } | null } }>)
      .then((body) => body.data?.event?.title ?? null);

  let host: TestBrowser;
  let hostEmail: string;
  let communityId: string;
  const slug = `bus-club-${randomBytes(3).toString("hex")}`;
  let editedEventId: string;

  it("shows a change made through one process on another's kept pages within a second", async () => {
    host = new TestBrowser(a().url, smtp);
    hostEmail = uniqueEmail("host");
    await host.signIn(hostEmail, "Hana Host");
    const created = await host.graphql<{ createCommunity: { id: string } }>(
      "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
      {
        input: {
          name: "Bus Club",
          slug,
          timeZone: "Europe/Berlin",
          currency: "EUR",
          visibility: "PUBLIC",
          joinPolicy: "OPEN",
        },
      },
    );
    expect(created.errors).toBeUndefined();
    communityId = created.data?.createCommunity.id as string;
    const event = await createEvent(host, communityId, { title: "First title" });
    editedEventId = event.id;

    // Process B keeps the community's page, the signed-out answer and, read last, just before the
    // edit, the event's page: kept for a second, it would show the old title for most of that.
    expect(await signedOutPage(b(), `/c/${slug}`)).toContain("<title>Bus Club · Commons</title>");
    expect(await signedOutEvent(b(), event.id)).toBe("First title");
    expect(await signedOutPage(b(), `/e/${event.id}`)).toContain("<title>First title · Bus Club</title>");

    const edited = await host.graphql(
      "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
      { id: event.id, input: eventInput({ title: "Second title" }) },
    );
    expect(edited.errors).toBeUndefined();
    const pageDelay = await measureUntil(
      () => signedOutPage(b(), `/e/${event.id}`),
      (html) => html.includes("<title>Second title · Bus Club</title>"),
    );
    const answerDelay = await measureUntil(
      () => signedOutEvent(b(), event.id),
      (title) => title === "Second title",
    );

    const renamed = await host.graphql(
      "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { id } }",
      { id: communityId, input: { name: "Bus Society" } },
    );
    expect(renamed.errors).toBeUndefined();
    const communityDelay = await measureUntil(
      () => signedOutPage(b(), `/c/${slug}`),
      (html) => html.includes("<title>Bus Society · Commons</title>"),
    );
    console.info(
      `change bus: another process showed the edit after ${pageDelay.toFixed(0)} ms (event page), ` +
        `${answerDelay.toFixed(0)} ms (its signed-out answer, read after the page), ` +
        `${communityDelay.toFixed(0)} ms (community page)`,
    );
    expect(pageDelay).toBeLessThan(1_000);
    expect(communityDelay).toBeLessThan(1_000);
  });

  it("listens again after the database ended the listening connections, and shows changes at once again", async () => {
    const listeners = () =>
      query<{ pid: number }>(sql`
        select pid from pg_stat_activity
        where datname = current_database() and query = 'LISTEN commons_changes'`).then((rows) =>
        rows.map((r) => r.pid),
      );
    const before = await listeners();
    expect(before).toHaveLength(3);
    // What a database restart or failover does to every connection, done to the listeners' only.
    await query(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN commons_changes'`);
    const back = await measureUntil(
      listeners,
      (pids) => pids.filter((pid) => !before.includes(pid)).length === 3,
    );
    expect(await signedOutPage(b(), `/e/${editedEventId}`)).toContain(
      "<title>Second title · Bus Society</title>",
    );

    const edited = await host.graphql(
      "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
      { id: editedEventId, input: eventInput({ title: "Third title" }) },
    );
    expect(edited.errors).toBeUndefined();
    const delay = await measureUntil(
      () => signedOutPage(b(), `/e/${editedEventId}`),
      (html) => html.includes("<title>Third title · Bus Society</title>"),
    );
    console.info(
      `change bus: listening again ${back.toFixed(0)} ms after the connections ended; the next edit showed after ${delay.toFixed(0)} ms`,
    );
    expect(delay).toBeLessThan(1_000);
  });

  it("ends a session on every process within moments of sign-out", async () => {
    const person = new TestBrowser(a().url, smtp);
    const email = uniqueEmail("leaver");
    await person.signIn(email, "Lea Leaver");
    // The same cookies (with the signed session copy of the cookie cache) sent to B and C.
    const copies = [b(), c()].map((server) => {
      const copy = new TestBrowser(server.url, smtp);
      for (const [name, value] of person.cookies) copy.cookies.set(name, value);
      return copy;
    });
    const viewer = (browser: TestBrowser) =>
      browser
        .graphql<{ viewer: { email: string } | null }>("query { viewer { email } }")
        .then((r) => r.data?.viewer);
    for (const copy of copies) expect((await viewer(copy))?.email).toBe(email);

    expect((await person.post("/api/auth/sign-out", {})).status).toBe(200);
    // The notice arrives with the commit; a request that reaches B or C at the same moment may be
    // read first, so each is given a second (it takes milliseconds).
    const signedOut = Date.now();
    for (const copy of copies) {
      await waitUntil(
        () => viewer(copy),
        (seen) => seen === null,
        1_000,
        `${copy.baseUrl} refusing`,
      );
      expect(await (await copy.fetch("/api/auth/get-session")).json()).toBeNull();
    }
    console.info(`sign-out: refused by B and C within ${Date.now() - signedOut} ms`);
  });

  it("confirms, counts, reminds of and digests a burst of registrations over three processes once each", async () => {
    const on = await host.graphql(
      "mutation ($id: ID!) { setRegistrationDigest(communityId: $id, enabled: true) }",
      {
        id: communityId,
      },
    );
    expect(on.errors).toBeUndefined();
    const event = await createEvent(host, communityId, { title: "Once only evening" });
    const guests = Array.from({ length: 15 }, (_, i) => ({
      name: `Guest ${i}`,
      email: uniqueEmail(`guest${i}`),
    }));
    const answers = await Promise.all(
      guests.map((guest, i) =>
        registerAsGuest(new TestBrowser(processes[i % 3]?.url ?? "", smtp), event.id, guest),
      ),
    );
    for (const answer of answers) expect(answer.errors).toBeUndefined();

    const to = (email: string, subject: string) => (m: CapturedMail) =>
      m.to.includes(email.toLowerCase()) && m.subject === subject;
    const mailsTo = (email: string, subject: string) => smtp.mails.filter(to(email, subject));
    for (const guest of guests)
      await smtp.waitFor(to(guest.email, "You're going: Once only evening"), 30_000);

    // The reminder is due now (it was scheduled a day before the start), and the host's daily
    // digest is a day old: each of the three processes' jobs looks for both every second.
    await query(sql`
      update outbox_message set send_after = now()
      where kind = 'event_reminder' and payload->>'eventId' = ${event.id} and sent_at is null`);
    await query(sql`
      update registration_digest set covered_until = covered_until - interval '1 day'
      where community_id = ${communityId}`);
    for (const guest of guests) await smtp.waitFor(to(guest.email, "Tomorrow: Once only evening"), 30_000);
    const digestSubject = `${guests.length} new registrations · Bus Society`;
    await smtp.waitFor(to(hostEmail, digestSubject), 30_000);
    // The insights' registration count is a log subscriber's effect, made after the mail was queued.
    const counted = async () =>
      (
        await query<{ n: number }>(sql`
          select coalesce(sum(registrations), 0)::int as n from insights_registration_day
          where community_id = ${communityId}`)
      )[0]?.n ?? 0;
    await measureUntil(counted, (n) => n >= guests.length, 30_000);

    // The processes stop cleanly, finishing what they started: nothing is left for one to do twice.
    for (const { child } of processes) {
      child.process.kill("SIGTERM");
      await child.exited;
    }
    for (const guest of guests) {
      expect(mailsTo(guest.email, "You're going: Once only evening")).toHaveLength(1);
      expect(mailsTo(guest.email, "Tomorrow: Once only evening")).toHaveLength(1);
    }
    expect(smtp.mails.filter((m) => m.subject === digestSubject)).toHaveLength(1);
    expect(await counted()).toBe(guests.length);
  });
});
