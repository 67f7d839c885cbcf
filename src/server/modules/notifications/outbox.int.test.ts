// The mail outbox end to end on the real server and a real SMTP server: rows written in a
// transaction become mails after commit, rendered from the data as it is at send time. The poller
// is idle here: each test drains the outbox and moves the test clock itself, so "nothing was sent"
// is checked after everything due was handed to SMTP, and timings without waiting for them.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { defaultJobsConfig } from "#server/jobs/jobs.runtime.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import type { CapturedMail } from "#server/test/smtp-capture.ts";
import {
  queueEventCanceled,
  queueEventChanged,
  queueOrganizerMessage,
  queueRegistrationMail,
  scheduleReminders,
} from "./notifications.service.ts";
import {
  htmlOf,
  icsOf,
  qrOf,
  seedEvent,
  seedRegistration,
  setRegistrationStatus,
} from "./notifications-test-support.ts";

let t: TestServer;
let db: Db;
let front: SMTPServer;
let closeRelay: () => void;
const rejected: string[] = [];

/**
 * An SMTP server in front of the capture that turns away the first message to any "flaky-"
 * address with a temporary failure (451) and relays everything else to the capture.
 */
async function startFlakySmtp(relayTo: () => string) {
  const seen = new Set<string>();
  let relay: ReturnType<typeof nodemailer.createTransport> | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.startsWith("flaky-") && !seen.has(to)) {
        seen.add(to);
        rejected.push(to);
        const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        relay ??= nodemailer.createTransport({ url: relayTo(), pool: true, maxConnections: 4 } as never);
        relay
          .sendMail({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw: Buffer.concat(chunks),
          })
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => relay?.close(),
  };
}

beforeAll(async () => {
  const flaky = await startFlakySmtp(() => t.smtp.url);
  front = flaky.server;
  closeRelay = flaky.close;
  t = await startTestServer({
    overrides: {
      smtpUrl: flaky.url,
      jobs: { pollIntervalMs: 3_600_000, pageSize: 10 },
    },
  });
  db = t.server.database.db;
}, 180_000);
// Clients before servers: the relay's pooled connection to the capture would otherwise keep the
// capture's close waiting out smtp-server's 30 s grace period.
afterAll(async () => {
  closeRelay();
  await t.close();
  await new Promise<void>((resolve) => front.close(() => resolve()));
});

const MINUTE = 60_000;
const { changeQuietMs, changeWindowMs, retryBaseMs } = defaultJobsConfig;

const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email));
/** The one mail sent to this address so far; fails when there is none or more than one. */
const onlyMailTo = (email: string): CapturedMail => {
  const mails = mailsTo(email);
  expect(mails.map((m) => m.subject)).toHaveLength(1);
  return mails[0] as CapturedMail;
};
/** The clock the app stamps domain events with, as the notifications subscriber passes it on. */
const now = () => t.clock.now();
const inTx = (work: (tx: Db) => Promise<void>) => db.transaction((tx) => work(tx as unknown as Db));

describe("registration mail", () => {
  it("confirms with the event details, the online link, the .ics and a scannable QR code", async () => {
    const { eventId, startsAt } = await seedEvent(db);
    const guest = await seedRegistration(db, eventId, "going", "gina");
    await inTx((tx) =>
      queueRegistrationMail(tx, { registrationId: guest.registrationId, kind: "confirmation" }, now()),
    );

    await t.drain();
    const mail = onlyMailTo(guest.email);
    expect(mail.subject).toBe("You're going: Soldering night");
    expect(mail.text).toContain("La Fabrique, 12 rue des Ateliers, Lyon");
    expect(mail.text).toContain("https://meet.example.test/solder");
    expect(mail.text).toContain(`${t.url}/e/${eventId}`);
    expect(mail.text).toContain(guest.checkInCode);

    const ics = icsOf(mail);
    expect(ics?.contentType).toMatch(/^text\/calendar;.*method=PUBLISH/i);
    expect(ics?.events).toHaveLength(1);
    const [vevent] = ics?.events ?? [];
    expect(vevent?.SUMMARY).toBe("Soldering night");
    expect(vevent?.DTSTART).toBe(
      startsAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, ""),
    );
    expect(vevent?.URL).toBe(`${t.url}/e/${eventId}`);

    const qr = await qrOf(mail);
    expect(qr?.text).toBe(guest.checkInCode);
    const cid = qr?.cid.replace(/[<>]/g, "") ?? "missing";
    expect(htmlOf(mail)).toContain(`cid:${cid}`);
  });

  it("writes the time as the app shows it: 12-hour clock and the zone's short name", async () => {
    const { eventId } = await seedEvent(db, { startsAt: new Date("2030-03-05T18:00:00Z") });
    const guest = await seedRegistration(db, eventId, "going", "tess");
    await inTx((tx) =>
      queueRegistrationMail(tx, { registrationId: guest.registrationId, kind: "confirmation" }, now()),
    );

    await t.drain();
    const mail = onlyMailTo(guest.email);
    const text = mail.text.replace(/[^\S\n]/g, " ");
    expect(text).toContain("When: Tue, Mar 5, 2030, 7:00 – 9:00 PM GMT+1\n");
    expect(text).not.toContain("Europe/Paris");
    expect(htmlOf(mail).replace(/[^\S\n]/g, " ")).toContain("Tue, Mar 5, 2030, 7:00 – 9:00 PM GMT+1");
  });

  it("tells waitlisted people their place, without the online link", async () => {
    const { eventId } = await seedEvent(db);
    const guest = await seedRegistration(db, eventId, "waitlisted", "walt");
    await inTx((tx) =>
      queueRegistrationMail(tx, { registrationId: guest.registrationId, kind: "waitlisted" }, now()),
    );
    await t.drain();
    const mail = onlyMailTo(guest.email);
    expect(mail.subject).toBe("You're on the waitlist for Soldering night");
    expect(mail.text).toContain("number 1");
    expect(mail.text).not.toContain("meet.example.test");
    expect(icsOf(mail)).toBeNull();
  });

  it("sends promoted, approved and declined mails, and drops one the registration outgrew", async () => {
    const { eventId } = await seedEvent(db);
    const promoted = await seedRegistration(db, eventId, "going", "pia");
    const approved = await seedRegistration(db, eventId, "going", "amos");
    const declined = await seedRegistration(db, eventId, "declined", "dora");
    const canceledSoon = await seedRegistration(db, eventId, "going", "cato");
    await inTx(async (tx) => {
      await queueRegistrationMail(tx, { registrationId: promoted.registrationId, kind: "promoted" }, now());
      await queueRegistrationMail(tx, { registrationId: approved.registrationId, kind: "approved" }, now());
      await queueRegistrationMail(tx, { registrationId: declined.registrationId, kind: "declined" }, now());
      await queueRegistrationMail(
        tx,
        { registrationId: canceledSoon.registrationId, kind: "confirmation" },
        now(),
      );
      // Canceled in the same transaction: by send time the confirmation is stale.
      await setRegistrationStatus(tx, canceledSoon.registrationId, "canceled");
    });
    await t.drain();
    const p = onlyMailTo(promoted.email);
    expect(p.subject).toBe("A spot opened up: you're going to Soldering night");
    expect(icsOf(p)).not.toBeNull();
    expect((await qrOf(p))?.text).toBe(promoted.checkInCode);
    expect(onlyMailTo(approved.email).subject).toBe("Approved: you're going to Soldering night");
    const d = onlyMailTo(declined.email);
    expect(d.subject).toBe("Your registration for Soldering night was declined");
    expect(d.text).not.toContain("meet.example.test");
    expect(mailsTo(canceledSoon.email)).toHaveLength(0);
    // The claim's sent and skipped rows were marked: past their lease, none goes out again.
    t.clock.advance(defaultJobsConfig.leaseMs);
    await t.drain();
    for (const person of [promoted, approved, declined]) expect(mailsTo(person.email)).toHaveLength(1);
    expect(mailsTo(canceledSoon.email)).toHaveLength(0);
  });

  it("retries after the SMTP server turns a message away, and sends it once", async () => {
    const { eventId } = await seedEvent(db);
    const guest = await seedRegistration(db, eventId, "going", "flaky");
    await inTx((tx) =>
      queueRegistrationMail(tx, { registrationId: guest.registrationId, kind: "confirmation" }, now()),
    );
    const row = async () => {
      const rows = await db.execute(sql`select attempts, sent_at from outbox_message
        where payload->>'registrationId' = ${guest.registrationId}`);
      return (rows as unknown as { rows: { attempts: number; sent_at: unknown }[] }).rows;
    };
    await t.drain();
    expect(rejected).toContain(guest.email);
    expect(mailsTo(guest.email)).toHaveLength(0);
    expect(await row()).toMatchObject([{ attempts: 1, sent_at: null }]);
    // Not before the back-off has passed...
    t.clock.advance(retryBaseMs / 2);
    await t.drain();
    expect(mailsTo(guest.email)).toHaveLength(0);
    // ...and then once.
    t.clock.advance(retryBaseMs / 2);
    await t.drain();
    expect(onlyMailTo(guest.email).subject).toBe("You're going: Soldering night");
    expect(await row()).toMatchObject([{ attempts: 2 }]);
    expect((await row())[0]?.sent_at).not.toBeNull();
    t.clock.advance(defaultJobsConfig.leaseMs);
    await t.drain();
    expect(mailsTo(guest.email)).toHaveLength(1);
  });

  it("sends nothing when the transaction rolls back", async () => {
    const { eventId } = await seedEvent(db);
    const guest = await seedRegistration(db, eventId, "going", "rollo");
    await expect(
      inTx(async (tx) => {
        await queueRegistrationMail(
          tx,
          { registrationId: guest.registrationId, kind: "confirmation" },
          now(),
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await t.drain();
    expect(mailsTo(guest.email)).toHaveLength(0);
  });
});

describe("event-wide mail", () => {
  it("sends one 'changed' mail per registrant for a burst of changes, showing the latest details", async () => {
    const { eventId } = await seedEvent(db);
    const going = await seedRegistration(db, eventId, "going", "gus");
    const waiting = await seedRegistration(db, eventId, "waitlisted", "wes");
    const gone = await seedRegistration(db, eventId, "canceled", "gwen");
    await inTx((tx) => queueEventChanged(tx, { eventId }, now(), defaultJobsConfig));
    t.clock.advance(changeQuietMs / 2);
    await inTx(async (tx) => {
      await tx.execute(sql`update event set venue_name = 'Le Hangar' where id = ${eventId}`);
      await queueEventChanged(tx, { eventId }, now(), defaultJobsConfig);
    });
    // The first change's quiet time is over, but the second pushed the mail back.
    t.clock.advance(changeQuietMs / 2);
    await t.drain();
    expect(mailsTo(going.email)).toHaveLength(0);
    t.clock.advance(changeQuietMs / 2);
    await t.drain();
    const first = onlyMailTo(going.email);
    expect(first.subject).toBe("Updated: Soldering night");
    expect(first.text).toContain("Le Hangar");
    expect(first.text).toContain("meet.example.test");
    expect(onlyMailTo(waiting.email).text).not.toContain("meet.example.test");
    expect(mailsTo(gone.email)).toHaveLength(0);
    t.clock.advance(changeWindowMs);
    await t.drain();
    expect(mailsTo(going.email)).toHaveLength(1);
    expect(mailsTo(waiting.email)).toHaveLength(1);
  });

  it("does not let a steady stream of changes postpone the mail past the window", async () => {
    const { eventId } = await seedEvent(db);
    const guest = await seedRegistration(db, eventId, "going", "stella");
    // A change every minute (under the 2 minute quiet time): the 10 minute window still closes,
    // so the mail goes out while the changes go on, exactly when the window ends.
    let elapsed = 0;
    for (; elapsed <= 2 * changeWindowMs; elapsed += MINUTE) {
      await inTx((tx) => queueEventChanged(tx, { eventId }, now(), defaultJobsConfig));
      await t.drain();
      if (mailsTo(guest.email).length > 0) break;
      t.clock.advance(MINUTE);
    }
    expect(elapsed).toBe(changeWindowMs);
    expect(onlyMailTo(guest.email).subject).toBe("Updated: Soldering night");
  });

  it("tells everyone about a cancellation with the organizer's message, and drops the pending change", async () => {
    const { eventId } = await seedEvent(db);
    const guests = await Promise.all(
      (["going", "going", "waitlisted", "pending"] as const).map((status, i) =>
        seedRegistration(db, eventId, status, `c${i}`),
      ),
    );
    await inTx((tx) => queueEventChanged(tx, { eventId }, now(), defaultJobsConfig));
    await inTx(async (tx) => {
      await tx.execute(
        sql`update event set status = 'canceled', cancel_message = 'Flooded.' where id = ${eventId}`,
      );
      await queueEventCanceled(tx, { eventId, message: "The workshop is flooded, sorry!" }, now());
    });
    await t.drain();
    for (const guest of guests) {
      const mail = onlyMailTo(guest.email);
      expect(mail.subject).toBe("Canceled: Soldering night");
      expect(mail.text).toContain("The workshop is flooded, sorry!");
    }
    // The dropped change would be due by now.
    t.clock.advance(changeWindowMs);
    await t.drain();
    for (const guest of guests) expect(mailsTo(guest.email)).toHaveLength(1);
  });

  it("expands large audiences in pages and sends each person exactly one", async () => {
    const { eventId } = await seedEvent(db);
    const guests = [];
    for (let i = 0; i < 25; i++) guests.push(await seedRegistration(db, eventId, "going", `p${i}`));
    await inTx(async (tx) => {
      await tx.execute(sql`update event set status = 'canceled' where id = ${eventId}`);
      await queueEventCanceled(tx, { eventId, message: null }, now());
    });
    await t.drain();
    for (const guest of guests) expect(onlyMailTo(guest.email).subject).toBe("Canceled: Soldering night");
  });

  it("delivers an organizer message to the chosen registrations only", async () => {
    const { eventId } = await seedEvent(db);
    const chosen = await seedRegistration(db, eventId, "going", "chosen");
    const other = await seedRegistration(db, eventId, "going", "other");
    await inTx((tx) =>
      queueOrganizerMessage(
        tx,
        {
          eventId,
          subject: "Parking",
          body: "Use the back entrance <please>.",
          registrationIds: [chosen.registrationId],
        },
        now(),
      ),
    );
    await t.drain();
    const mail = onlyMailTo(chosen.email);
    expect(mail.subject).toBe("Parking · Soldering night");
    expect(mail.text).toContain("Use the back entrance <please>.");
    expect(htmlOf(mail)).toContain("&#60;please&#62;");
    expect(mailsTo(other.email)).toHaveLength(0);
  });
});

describe("reminders", () => {
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  const fromNow = (ms: number) => new Date(t.clock.now().getTime() + ms);

  it("reminds people going 24 hours before the start, once", async () => {
    const { eventId } = await seedEvent(db, { startsAt: fromNow(DAY + HOUR) });
    const going = await seedRegistration(db, eventId, "going", "rita");
    const waiting = await seedRegistration(db, eventId, "waitlisted", "wanda");
    await inTx((tx) => scheduleReminders(tx, { eventId }, now(), defaultJobsConfig));
    await t.drain();
    t.clock.advance(HOUR - MINUTE);
    await t.drain();
    expect(mailsTo(going.email)).toHaveLength(0);
    t.clock.advance(2 * MINUTE);
    await t.drain();
    const mail = onlyMailTo(going.email);
    expect(mail.subject).toBe("Tomorrow: Soldering night");
    expect((await qrOf(mail))?.text).toBe(going.checkInCode);
    expect(mail.text).toContain("meet.example.test");
    t.clock.advance(DAY);
    await t.drain();
    expect(mailsTo(going.email)).toHaveLength(1);
    expect(mailsTo(waiting.email)).toHaveLength(0);
  });

  it("sends none for the old time after the event moves later, nor for a canceled or draft event", async () => {
    const moved = await seedEvent(db, { startsAt: fromNow(DAY + HOUR) });
    const canceled = await seedEvent(db, { startsAt: fromNow(DAY + HOUR) });
    const draft = await seedEvent(db, { startsAt: fromNow(DAY + HOUR), status: "draft" });
    const soon = await seedEvent(db, { startsAt: fromNow(HOUR) });
    const guests = [
      await seedRegistration(db, moved.eventId, "going", "mo"),
      await seedRegistration(db, canceled.eventId, "going", "cy"),
      await seedRegistration(db, draft.eventId, "going", "di"),
      await seedRegistration(db, soon.eventId, "going", "su"),
    ];
    for (const { eventId } of [moved, canceled, draft, soon])
      await inTx((tx) => scheduleReminders(tx, { eventId }, now(), defaultJobsConfig));
    await inTx(async (tx) => {
      await tx.execute(sql`update event set starts_at = starts_at + interval '2 days', ends_at = ends_at + interval '2 days'
        where id = ${moved.eventId}`);
      await scheduleReminders(tx, { eventId: moved.eventId }, now(), defaultJobsConfig);
    });
    await inTx(async (tx) => {
      await tx.execute(sql`update event set status = 'canceled' where id = ${canceled.eventId}`);
      await queueEventCanceled(tx, { eventId: canceled.eventId, message: null }, now());
    });
    // Past the old reminder time and the start of the event starting soon.
    t.clock.advance(2 * HOUR);
    await t.drain();
    expect(mailsTo(guests[0]?.email ?? "")).toHaveLength(0);
    expect(mailsTo(guests[1]?.email ?? "").map((m) => m.subject)).toEqual(["Canceled: Soldering night"]);
    expect(mailsTo(guests[2]?.email ?? "")).toHaveLength(0);
    expect(mailsTo(guests[3]?.email ?? "")).toHaveLength(0);
    const pending = await db.execute(sql`select send_after from outbox_message
      where kind = 'event_reminder' and payload->>'eventId' = ${moved.eventId} and sent_at is null`);
    const [row] = (pending as unknown as { rows: { send_after: string | Date }[] }).rows;
    expect(new Date(row?.send_after ?? 0).getTime()).toBeGreaterThan(t.clock.now().getTime() + DAY);
  });
});
