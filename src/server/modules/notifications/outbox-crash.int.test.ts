// A registration's confirmation survives the server being killed (SIGKILL) between the commit and
// the send, and also between claiming the mail and sending it: after a restart on the same data it
// arrives exactly once. The server runs as a child process with test-only knobs
// (COMMONS_TEST_OUTBOX_*, refused unless NODE_ENV=test) that hold the mail back or kill the
// process right after the claim.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createCommunity, createEvent, registerFor } from "#server/modules/events/events-test-support.ts";
import { type ChildServer, killChildServer as kill, restartableServer } from "#server/test/child-server.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { icsOf, qrOf } from "./notifications-test-support.ts";

const server = restartableServer({ name: "outbox-crash", env: { COMMONS_TEST_OUTBOX_LEASE_MS: "1500" } });

async function stop(target: ChildServer) {
  target.process.kill("SIGTERM");
  await target.exited;
  expect(target.process.exitCode, target.log()).toBe(0);
}

/** The confirmation rows of the outbox, read from the stopped server's database, oldest first. */
const confirmationRows = () =>
  server.query<{ attempts: number; sent: boolean }>(sql`
    select attempts, sent_at is not null as sent from outbox_message
    where kind = 'registration_mail' order by created_at`);

const confirmationsTo = (email: string) =>
  server.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith("You're going"));

it("delivers a confirmation exactly once across kill -9 after commit and after claim", {
  timeout: 400_000,
}, async () => {
  // 1. Mail is held back: the registration commits, the server dies before sending anything.
  let child = await server.start({ COMMONS_TEST_OUTBOX_HOLD_MS: "600000" });
  const host = new TestBrowser(server.url, server.smtp);
  await host.signIn(uniqueEmail("host"), "Hana Host");
  const communityId = await createCommunity(host, "Crash Club");
  const event = await createEvent(host, communityId, {
    title: "Crash course",
    onlineUrl: "https://meet.example.test/x",
  });

  const first = new TestBrowser(server.url, server.smtp);
  const firstEmail = uniqueEmail("first");
  await first.signIn(firstEmail, "Fay First");
  const registered = await registerFor(first, event.id);
  expect(registered.errors, child.log()).toBeUndefined();
  expect(registered.data?.register.status).toBe("GOING");
  // The notifications subscriber turns the committed registration into its outbox row right after
  // the commit; on PostgreSQL (readable while the server runs) the test waits for that row.
  if (server.onPostgres) {
    while ((await confirmationRows()).length === 0) await new Promise((r) => setTimeout(r, 20));
  }
  await kill(child);
  // Committed and never claimed: the row is there, untouched, and nothing reached SMTP. PGlite's
  // database cannot be read while the server holds it, so there the kill may come before the
  // subscriber wrote the row: its place in the log is then before the entry, and the restarted
  // server writes the row (step 2 shows the mail going out once either way).
  const unsent = await confirmationRows();
  if (server.onPostgres || unsent.length > 0) expect(unsent).toEqual([{ attempts: 0, sent: false }]);
  expect(confirmationsTo(firstEmail)).toHaveLength(0);

  // 2. Restarted without the hold, the committed mail goes out, once.
  child = await server.start();
  const mail = await server.smtp.waitFor(
    (m) => m.to.includes(firstEmail.toLowerCase()) && m.subject.startsWith("You're going"),
    30_000,
  );
  expect(mail.subject).toBe("You're going: Crash course");
  expect(icsOf(mail)?.events[0]?.SUMMARY).toBe("Crash course");
  expect((await qrOf(mail))?.text).toBe(registered.data?.register.checkInCode);

  // 3. The server claims the next confirmation and dies before sending it (SIGKILL of itself).
  // The previous one stops cleanly: killed between SMTP accepting and the mark, it would leave the
  // first confirmation to be claimed (and sent twice) by this one.
  await stop(child);
  // The hold lets the registration's answer reach us before the claim kills the server.
  child = await server.start({
    COMMONS_TEST_OUTBOX_DIE_AFTER_CLAIM: "1",
    COMMONS_TEST_OUTBOX_HOLD_MS: "1500",
  });
  const second = new TestBrowser(server.url, server.smtp);
  const secondEmail = uniqueEmail("second");
  await second.signIn(secondEmail, "Sam Second");
  const again = await registerFor(second, event.id);
  expect(again.errors, child.log()).toBeUndefined();
  await child.exited;
  expect(child.process.signalCode).toBe("SIGKILL");
  expect(confirmationsTo(secondEmail)).toHaveLength(0);

  // 4. After the claim's lease (1.5 s here) a restarted server sends it, once.
  child = await server.start();
  await server.smtp.waitFor(
    (m) => m.to.includes(secondEmail.toLowerCase()) && m.subject.startsWith("You're going"),
    30_000,
  );
  // Stopped cleanly, the server finishes its pass; every confirmation is marked sent, so none can
  // go out again, and each went out once.
  await stop(child);
  expect(await confirmationRows()).toEqual([
    { attempts: 1, sent: true },
    { attempts: 2, sent: true },
  ]);
  expect(confirmationsTo(firstEmail)).toHaveLength(1);
  expect(confirmationsTo(secondEmail)).toHaveLength(1);
});
