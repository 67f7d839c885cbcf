// A paid order's ticket and receipt survive the server being killed (SIGKILL) after Stripe's
// webhook reached it and before any mail went out: after a restart on the same data each arrives
// exactly once. The server runs as a child process, with Stripe's stand-in in this one.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCommunity, createEvent } from "#server/modules/events/events-test-support.ts";
import { type ChildServer, killChildServer as kill, restartableServer } from "#server/test/child-server.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { type StripeStandin, startStripeStandin } from "#server/test/stripe-standin/standin.ts";
import { sessionIdOf, started } from "./checkout-test-support.ts";

let standin: StripeStandin;
beforeAll(async () => {
  standin = await startStripeStandin({ secretKey: "sk_test_commons" });
});
afterAll(() => standin.close());

const server = restartableServer({ name: "checkout-crash", env: { COMMONS_TEST_OUTBOX_LEASE_MS: "1500" } });

const stripeEnv = () => ({
  STRIPE_API_URL: standin.url,
  STRIPE_SECRET_KEY: standin.secretKey,
  STRIPE_WEBHOOK_SECRET: standin.webhookSecret,
  STRIPE_CONNECT: "off",
});

async function stop(target: ChildServer) {
  target.process.kill("SIGTERM");
  await target.exited;
  expect(target.process.exitCode, target.log()).toBe(0);
}

const mailsTo = (email: string, subject: RegExp) =>
  server.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));

it("mails the ticket and the receipt of a paid order exactly once across kill -9 after the webhook", {
  timeout: 400_000,
}, async () => {
  // Mail is held back: the webhook is stored and handled, the server dies before sending anything.
  let child = await server.start({ ...stripeEnv(), COMMONS_TEST_OUTBOX_HOLD_MS: "600000" });
  standin.webhooks.url = `${server.url}/api/stripe/webhook`;
  const host = new TestBrowser(server.url, server.smtp);
  await host.signIn(uniqueEmail("host"), "Hana Host");
  const communityId = await createCommunity(host, "Crash Club");
  const event = await createEvent(host, communityId, {
    title: "Paid crash course",
    ticketTypes: [{ name: "Standard", priceMinor: 2000, maxPerOrder: 4 }],
  });

  const buyer = new TestBrowser(server.url, server.smtp);
  const email = uniqueEmail("buyer");
  await buyer.signIn(email, "Bo Buyer");
  const { url } = await started(buyer, event.id, {
    ticketTypeId: event.ticketTypes[0]?.id as string,
    quantity: 2,
  });
  standin.pay(sessionIdOf(url), { email, name: "Bo Buyer" });
  await standin.webhooks.flush();
  expect(
    standin.webhooks.deliveries.filter((d) => d.type === "checkout.session.completed").map((d) => d.status),
    child.log(),
  ).toEqual([200]);
  await kill(child);
  expect(mailsTo(email, /^Receipt|^You're going/)).toEqual([]);

  // Restarted without the hold: whatever was left (the event's handling or the mails) is done, once.
  child = await server.start(stripeEnv());
  await server.smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Receipt"), 30_000);
  await server.smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("You're going"), 30_000);
  // Stopped cleanly, the server finishes its pass: every mail is marked sent, none can go out again.
  await stop(child);
  expect(
    await server.query<{ kind: string; sent: boolean }>(sql`
      select kind, sent_at is not null as sent from outbox_message
      where kind in ('receipt', 'registration_mail') order by kind`),
  ).toEqual([
    { kind: "receipt", sent: true },
    { kind: "registration_mail", sent: true },
  ]);
  expect(
    await server.query<{ status: string; amount_minor: string | number }>(
      sql`select status, amount_minor from payment`,
    ),
  ).toEqual([{ status: "succeeded", amount_minor: expect.anything() }]);
  expect(mailsTo(email, /^Receipt/)).toHaveLength(1);
  expect(mailsTo(email, /^You're going/)).toHaveLength(1);
});
