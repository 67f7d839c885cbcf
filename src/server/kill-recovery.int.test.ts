// What a process killed with SIGKILL leaves behind, in the production shape (issue 26): two app
// processes behind HAProxy on one PostgreSQL and one S3 bucket (src/server/test/cluster.ts), with
// Stripe's stand-in at its HTTP boundary. Seats held for a buyer whose checkout the dead process
// took are released by a surviving one when the hold runs out, and can be bought again; an upload
// whose small chunk the dead process was appending to resumes from the acknowledged offset, not
// from the first byte. PostgreSQL only: PGlite keeps its data to one process.

import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_MS } from "#server/modules/checkout/checkout.service.ts";
import {
  readOrder,
  sessionIdOf,
  startCheckout,
  started,
} from "#server/modules/checkout/checkout-test-support.ts";
import { createCommunity, createEvent } from "#server/modules/events/events-test-support.ts";
import { createMemberImportUpload } from "#server/modules/files/storage-test-support.ts";
import { type Cluster, queryDatabase, startCluster, waitUntil } from "#server/test/cluster.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { type StripeStandin, startStripeStandin } from "#server/test/stripe-standin/standin.ts";

/** Every request here is answered (or refused) within this, or the test fails. */
const ANSWER_WITHIN_MS = 10_000;

describe.skipIf(!process.env.DATABASE_URL)("a process killed with SIGKILL", () => {
  let cluster: Cluster;
  let standin: StripeStandin;
  /** How far the stand-in's clock is ahead of this machine's. */
  let stripeAheadMs = 0;
  /** The processes' temporary files: where a write shows how far it got. */
  let scratch: string;
  let host: TestBrowser;
  let communityId: string;

  beforeAll(async () => {
    standin = await startStripeStandin({
      secretKey: "sk_test_commons",
      now: () => new Date(Date.now() + stripeAheadMs),
    });
    scratch = mkdtempSync(path.join(tmpdir(), "commons-kill-scratch-"));
    cluster = await startCluster({
      processes: 2,
      env: {
        STRIPE_API_URL: standin.url,
        STRIPE_SECRET_KEY: standin.secretKey,
        STRIPE_WEBHOOK_SECRET: standin.webhookSecret,
        STRIPE_CONNECT: "off",
        TMPDIR: scratch,
      },
    });
    host = new TestBrowser(cluster.url, cluster.smtp);
    await host.signIn(uniqueEmail("host"), "Kim Killjoy");
    communityId = await createCommunity(host, "Kill Club");
  }, 180_000);
  afterAll(async () => {
    await cluster?.dispose();
    await standin?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }, 120_000);

  const query = <T>(text: string, values: unknown[] = []) =>
    queryDatabase<T>(cluster.databaseUrl, text, values);

  /** The one process HAProxy sent requests to while `act` ran. */
  async function processThatTook<T>(act: () => Promise<T>) {
    const before = await cluster.backendRequests();
    const result = await act();
    const after = await cluster.backendRequests();
    const took = cluster.processes.filter((p) => (after[p.name] ?? 0) > (before[p.name] ?? 0));
    expect(took.map((p) => p.name)).toHaveLength(1);
    return { result, taker: took[0] as (typeof cluster.processes)[number] };
  }

  const counters = async (eventId: string) => {
    const { data, errors } = await host.graphql<{
      event: {
        goingCount: number;
        heldCount: number;
        spotsLeft: number;
        ticketTypes: { remaining: number }[];
      };
    }>("query ($id: ID!) { event(id: $id) { goingCount heldCount spotsLeft ticketTypes { remaining } } }", {
      id: eventId,
    });
    expect(errors).toBeUndefined();
    const event = data?.event;
    return {
      goingCount: event?.goingCount,
      heldCount: event?.heldCount,
      spotsLeft: event?.spotsLeft,
      remaining: event?.ticketTypes[0]?.remaining,
    };
  };

  it("releases the seats held in its checkout once the hold runs out, for the next buyer", {
    timeout: 120_000,
  }, async () => {
    const event = await createEvent(host, communityId, {
      title: "Two seats only",
      capacity: 2,
      ticketTypes: [{ name: "Standard", priceMinor: 2000, maxPerOrder: 2 }],
    });
    const ticketTypeId = event.ticketTypes[0]?.id as string;

    const first = new TestBrowser(cluster.url, cluster.smtp);
    await first.signIn(uniqueEmail("first"), "Fred First");
    const { result: checkout, taker } = await processThatTook(() =>
      started(first, event.id, { ticketTypeId, quantity: 2 }),
    );
    expect(checkout.order.status).toBe("OPEN");
    expect(await counters(event.id)).toEqual({ goingCount: 0, heldCount: 2, spotsLeft: 0, remaining: 0 });

    // While the seats are held, nobody else can have them.
    const second = new TestBrowser(cluster.url, cluster.smtp);
    const secondEmail = uniqueEmail("second");
    await second.signIn(secondEmail, "Sue Second");
    const refused = await startCheckout(second, event.id, { ticketTypeId, quantity: 2 });
    expect(refused.errors?.[0]?.extensions?.code).toBe("SOLD_OUT");

    await taker.kill("SIGKILL");

    // The buyer walks away: 31 minutes pass for the order, the seats and Stripe's session at once.
    stripeAheadMs = HOLD_MS + 1_000;
    await query(
      `update ticket_order set expires_at = expires_at - make_interval(secs => $2::double precision / 1000)
        where id = $1`,
      [checkout.order.id, stripeAheadMs],
    );
    await query(
      `update registration set hold_expires_at = hold_expires_at - make_interval(secs => $2::double precision / 1000)
        where id = (select registration_id from ticket_order where id = $1)`,
      [checkout.order.id, stripeAheadMs],
    );
    const expiredAt = Date.now();

    // The surviving process's sweep (each second) releases them, after making Stripe's session
    // unpayable; the first buyer sees the order expired.
    await waitUntil(
      () => readOrder(first, checkout.order.id),
      (order) => order?.status === "EXPIRED",
      15_000,
      "the order expired",
    );
    const releasedWithinMs = Date.now() - expiredAt;
    expect(await counters(event.id)).toEqual({ goingCount: 0, heldCount: 0, spotsLeft: 2, remaining: 2 });
    expect(
      await query<{ status: string }>(
        "select r.status from registration r join ticket_order o on o.registration_id = r.id where o.id = $1",
        [checkout.order.id],
      ),
    ).toEqual([{ status: "canceled" }]);
    expect(() => standin.pay(sessionIdOf(checkout.url))).toThrow(/expired/);
    console.info(
      `kill-recovery: the held seats were released ${releasedWithinMs} ms after their hold ran out`,
    );

    // The next buyer gets both seats and pays for them; Stripe's webhook reaches a live process.
    stripeAheadMs = 0;
    standin.webhooks.url = `${cluster.url}/api/stripe/webhook`;
    const next = await started(second, event.id, { ticketTypeId, quantity: 2 });
    expect(await counters(event.id)).toEqual({ goingCount: 0, heldCount: 2, spotsLeft: 0, remaining: 0 });
    standin.pay(sessionIdOf(next.url), { email: secondEmail, name: "Sue Second" });
    await standin.webhooks.flush();
    await waitUntil(
      () => readOrder(second, next.order.id),
      (order) => order?.status === "PAID",
      15_000,
      "the second order paid",
    );
    expect(await counters(event.id)).toEqual({ goingCount: 2, heldCount: 0, spotsLeft: 0, remaining: 0 });
    await cluster.smtp.waitFor(
      (m) => m.to.includes(secondEmail) && m.subject.startsWith("You're going: Two seats only"),
      30_000,
    );

    await cluster.waitForBackend(taker.name, "DOWN", 10_000);
    await taker.restart();
    await cluster.waitForBackend(taker.name, "UP", 20_000);
  });

  it("resumes an S3 upload from its acknowledged small chunk when the process appending to it dies", {
    timeout: 120_000,
  }, async () => {
    for (const p of cluster.processes) if (p.exited) await p.restart();
    for (const p of cluster.processes) await cluster.waitForBackend(p.name, "UP", 20_000);
    const [writer, victim] = cluster.processes;
    if (!writer || !victim) throw new Error("two processes expected");

    const data = Buffer.from(randomBytes(384 * 1024).toString("hex"));
    const {
      patch,
      finish,
      offset: offsetNow,
    } = await createMemberImportUpload({
      browser: host,
      baseUrl: cluster.url,
      communityId,
      name: "resumed.csv",
      data,
      answerWithinMs: ANSWER_WITHIN_MS,
    });

    // The first chunk, far below an S3 part, is acknowledged: it waits in the bucket's `.part`.
    const chunk = 192 * 1024;
    const first = await patch(writer.url, 0, data.subarray(0, chunk));
    expect(first.status, await first.clone().text()).toBe(204);
    expect(await offsetNow()).toBe(chunk);

    // The next chunk goes to the victim and stays open. Once the victim's part file holds more
    // than the first chunk, it has taken that chunk up and is appending the new bytes to it.
    const held = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(data.subarray(chunk, chunk + 64 * 1024));
      },
    });
    const doomed = patch(victim.url, chunk, held, 60_000).catch(() => null);
    const splitterFile = /^[A-Za-z0-9_-]{10}-\d+$/;
    await waitUntil(
      async () =>
        readdirSync(scratch)
          .filter((name) => splitterFile.test(name))
          .map((name) => statSync(path.join(scratch, name), { throwIfNoEntry: false })?.size ?? 0),
      (sizes) => sizes.some((size) => size > chunk),
      20_000,
      "the victim appends to the first chunk",
    );
    await victim.kill("SIGKILL");
    await doomed;

    // Through the balancer, the other process finds the acknowledged chunk, and only it.
    expect(await offsetNow()).toBe(chunk);
    await finish(chunk, chunk);
  });
});
