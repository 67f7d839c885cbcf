import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database, Db } from "#server/db/client.ts";
import { community } from "#server/db/schema.ts";
import { createDispatcher } from "#server/jobs/log-dispatcher.ts";
import type { DomainEvent } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { insightsSubscriber } from "./insights.subscriber.ts";
import { rebuildInsights } from "./insights-rebuild.service.ts";
import { snapshotRollups } from "./insights-test-support.ts";

// Exactness: writers on several connections append a seeded random mix of joins, leaves, bans,
// registrations (some held while paying), status changes, check-ins and their undo, payments and
// partial refunds, and a time zone change, while the subscriber keeps the rollups and a full
// rebuild runs once in the middle. Once the log is drained, the rollups must equal a rebuild.

const WRITERS = 4;
const TRANSACTIONS_PER_WRITER = 120;

let testDatabase: TestDatabase;
let databases: Database[] = [];

/** mulberry32: a small seeded generator, so a failing mix can be run again. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Registration = { id: string; communityId: string; userId: string; eventId: string; status: string };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  // One pool each: the writers and the dispatcher hold different connections on PostgreSQL. On
  // PGlite every open is a database of its own, so all of them share the one connection.
  const first = await testDatabase.open();
  databases.push(first);
  for (let i = 0; i < WRITERS; i++)
    databases.push(testDatabase.databaseUrl ? await testDatabase.open() : first);
}, 60_000);

afterAll(async () => {
  for (const database of new Set(databases)) await database.close();
  databases = [];
  await testDatabase?.dispose();
});

it("keeps rollups equal to a rebuild under a random concurrent mix", async () => {
  const main = (databases[0] as Database).db;
  const zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata"];
  const communities = zones.map(() => randomUUID());
  for (const [i, id] of communities.entries())
    await main.insert(community).values({
      id,
      slug: `mix-${id.slice(0, 8)}`,
      name: `Mix ${i}`,
      timeZone: zones[i] as string,
      currency: "EUR",
      visibility: "public",
      joinPolicy: "open",
    });
  const users = Array.from({ length: 24 }, () => randomUUID());
  const events = Array.from({ length: 4 }, () => randomUUID());
  const registrations: Registration[] = [];
  const payments: { id: string; communityId: string; currency: string; purpose: string; left: number }[] = [];

  const random = seeded(2027);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // Occurrence times are scattered over two months around the DST changes, out of log order.
  const start = Date.parse("2027-03-01T00:00:00Z");
  const emit = createEmit({
    clock: () => new Date(start + Math.floor(random() * 61 * 24) * 3_600_000 + 1_800_000),
  });
  const ORIGINS = ["community_page", "event_page", "invitation", "link:newsletter", undefined] as const;

  const nextEvent = (): DomainEvent | null => {
    const communityId = pick(communities);
    const userId = pick(users);
    const roll = random();
    if (roll < 0.18)
      return {
        type: "member.joined",
        communityId,
        actorId: userId,
        subjectId: userId,
        payload: { userId, role: "member", source: "joined", origin: pick(ORIGINS) },
      };
    // An agent's decision on a join request taken back: an approval undone ends a membership.
    if (roll < 0.2)
      return {
        type: "member.request_reopened",
        communityId,
        actorId: null,
        subjectId: userId,
        payload: { userId, membershipId: randomUUID(), from: pick(["active", "declined"] as const) },
      };
    if (roll < 0.26)
      return {
        type: pick(["member.left", "member.removed", "member.banned"] as const),
        communityId,
        actorId: userId,
        subjectId: userId,
        payload: { userId, membershipId: randomUUID(), role: "member" },
      };
    if (roll < 0.45) {
      const r: Registration = {
        id: randomUUID(),
        communityId,
        userId,
        eventId: pick(events),
        status: pick(["going", "going", "waitlisted", "pending", "held", "held"]),
      };
      registrations.push(r);
      return {
        type: "registration.created",
        communityId,
        actorId: userId,
        subjectId: userId,
        payload: {
          registrationId: r.id,
          eventId: r.eventId,
          status: r.status as "going",
          guest: random() < 0.2,
          origin: pick(ORIGINS),
        },
      };
    }
    const r = registrations.length > 0 ? pick(registrations) : null;
    if (roll < 0.62 && r) {
      const next: Record<string, string[]> = {
        held: ["going", "canceled", "going"],
        going: ["canceled"],
        waitlisted: ["going", "held", "canceled"],
        pending: ["going", "held", "declined"],
        canceled: ["held", "going"],
        declined: ["held"],
      };
      const to = pick(next[r.status] ?? ["canceled"]);
      const from = r.status;
      r.status = to;
      return {
        type: "registration.status_changed",
        communityId: r.communityId,
        actorId: random() < 0.5 ? r.userId : pick(users),
        subjectId: r.userId,
        payload: { registrationId: r.id, eventId: r.eventId, from: from as "going", to: to as "going" },
      };
    }
    if (roll < 0.8 && r)
      return {
        type: "registration.checked_in",
        communityId: r.communityId,
        actorId: pick(users),
        subjectId: r.userId,
        payload: { registrationId: r.id, eventId: r.eventId, checkedIn: random() < 0.7 },
      };
    const paid = payments.filter((p) => p.left > 0);
    if (roll < 0.9 || paid.length === 0) {
      const p = {
        id: randomUUID(),
        communityId,
        currency: pick(["EUR", "USD"]),
        purpose: pick(["ticket", "membership", "other"]),
        left: 1_000 + Math.floor(random() * 9_000),
      };
      payments.push(p);
      return {
        type: "payment.succeeded",
        communityId,
        actorId: null,
        subjectId: userId,
        payload: {
          paymentId: p.id,
          amountMinor: p.left,
          feeMinor: Math.floor(p.left / 30),
          currency: p.currency,
          method: "cash",
          purpose: p.purpose as "ticket",
          eventId: null,
          registrationId: null,
        },
      };
    }
    const p = pick(paid);
    const refund = Math.max(1, Math.floor(p.left * random()));
    p.left -= refund;
    return {
      type: "payment.refunded",
      communityId: p.communityId,
      actorId: null,
      subjectId: userId,
      payload: {
        paymentId: p.id,
        amountMinor: 0,
        currency: p.currency,
        method: "cash",
        purpose: p.purpose as "ticket",
        eventId: null,
        registrationId: null,
        refundId: randomUUID(),
        refundMinor: refund,
        refundedMinor: refund,
        status: p.left > 0 ? "partially_refunded" : "refunded",
        reason: "mix",
      },
    };
  };

  let writing = true;
  const dispatcher = createDispatcher({
    db: (databases[WRITERS] as Database).db,
    subscribers: [insightsSubscriber()],
    batchSize: 25,
    log: () => {},
  });
  const dispatching = (async () => {
    while (writing) await dispatcher.dispatch(2);
  })();

  const writer = async (db: Db, index: number) => {
    for (let i = 0; i < TRANSACTIONS_PER_WRITER; i++) {
      await db.transaction(async (tx) => {
        const size = 1 + Math.floor(random() * 3);
        for (let n = 0; n < size; n++) {
          const event = nextEvent();
          if (event) await emit(tx, event);
        }
      });
      if (index === 0 && i === TRANSACTIONS_PER_WRITER / 2) {
        // Berlin moves to Lisbon: every day of that community is placed again.
        const moved = communities[0] as string;
        await db.transaction(async (tx) => {
          await tx.update(community).set({ timeZone: "Europe/Lisbon" }).where(eq(community.id, moved));
          await emit(tx, {
            type: "community.updated",
            communityId: moved,
            actorId: null,
            payload: { before: { timeZone: "Europe/Berlin" }, after: { timeZone: "Europe/Lisbon" } },
          });
        });
      }
      if (index === 1 && i === TRANSACTIONS_PER_WRITER / 3) await rebuildInsights(db);
    }
  };
  await Promise.all(databases.slice(0, WRITERS).map((d, i) => writer(d.db, i)));
  writing = false;
  await dispatching;
  while (await dispatcher.behind()) await dispatcher.dispatch();

  const kept = await snapshotRollups(main);
  expect(kept.insights_member?.length).toBeGreaterThan(20);
  expect(kept.insights_cohort?.length).toBeGreaterThan(0);
  expect(kept.insights_active_gap?.length).toBeGreaterThan(0);
  expect(kept.insights_held_origin?.length).toBeGreaterThan(0);
  await rebuildInsights(main);
  expect(await snapshotRollups(main)).toEqual(kept);
}, 240_000);
