import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { community } from "#server/db/schema.ts";
import { createDispatcher } from "#server/jobs/log-dispatcher.ts";
import type { DomainEvent } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { insightsSubscriber } from "./insights.subscriber.ts";
import { rebuildInsights } from "./insights-rebuild.service.ts";
import { snapshotRollups } from "./insights-test-support.ts";

// Registrations made while paying (held) count once paid, with the origin of the checkout that
// was paid: an expired checkout counts for nothing and leaves nothing behind, and a person who
// tries again from another link counts once, from that link.

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await testDatabase.open();
}, 60_000);

afterAll(async () => {
  await database?.close();
  await testDatabase?.dispose();
});

it("counts a paid checkout once with its own origin, and keeps nothing of expired ones", async () => {
  const db = database.db;
  const communityId = randomUUID();
  await db.insert(community).values({
    id: communityId,
    slug: `held-${communityId.slice(0, 8)}`,
    name: "Held",
    timeZone: "Europe/Berlin",
    currency: "EUR",
    visibility: "public",
    joinPolicy: "open",
  });
  const emit = createEmit({ clock: () => new Date("2027-05-10T10:00:00Z") });
  const eventId = randomUUID();
  const userId = randomUUID();
  const created = (registrationId: string, status: "held" | "waitlisted", origin: string): DomainEvent => ({
    type: "registration.created",
    communityId,
    actorId: userId,
    subjectId: userId,
    payload: { registrationId, eventId, status, guest: false, origin: origin as "event_page" },
  });
  const changed = (registrationId: string, from: string, to: string): DomainEvent => ({
    type: "registration.status_changed",
    communityId,
    actorId: userId,
    subjectId: userId,
    payload: { registrationId, eventId, from: from as "held", to: to as "going" },
  });
  const [retried, abandoned, offered] = [randomUUID(), randomUUID(), randomUUID()];
  const entries: DomainEvent[] = [
    // Tried from one link, the hold expired, tried again from another link and paid.
    created(retried, "held", "link:first"),
    changed(retried, "held", "canceled"),
    created(retried, "held", "link:second"),
    changed(retried, "held", "going"),
    // Tried once and never paid.
    created(abandoned, "held", "link:abandoned"),
    changed(abandoned, "held", "canceled"),
    // An expired checkout, then the waitlist (counted when made), then a seat offered and paid.
    created(offered, "held", "link:expired"),
    changed(offered, "held", "canceled"),
    created(offered, "waitlisted", "event_page"),
    changed(offered, "waitlisted", "held"),
    changed(offered, "held", "going"),
  ];
  for (const entry of entries) await db.transaction((tx) => emit(tx, entry));
  const dispatcher = createDispatcher({
    db,
    subscribers: [insightsSubscriber()],
    batchSize: 25,
    log: () => {},
  });
  while (await dispatcher.behind()) await dispatcher.dispatch();

  const kept = await snapshotRollups(db, communityId);
  expect(kept.insights_registration_day).toEqual([
    `(${communityId},2027-05-10,event_page,1)`,
    `(${communityId},2027-05-10,link:second,1)`,
  ]);
  expect(kept.insights_held_origin).toEqual([]);
  await rebuildInsights(db);
  expect(await snapshotRollups(db, communityId)).toEqual(kept);
}, 60_000);
