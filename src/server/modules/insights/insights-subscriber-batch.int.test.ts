import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { community } from "#server/db/schema.ts";
import { createDispatcher } from "#server/jobs/log-dispatcher.ts";
import type { DomainEvent } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { useTestDatabase } from "#server/test/test-database.ts";
import { insightsSubscriber } from "./insights.subscriber.ts";
import { rebuildInsights } from "./insights-rebuild.service.ts";
import { snapshotRollups } from "./insights-test-support.ts";

// The insights subscriber reads a batch's days in one statement, sums its registrations and keeps
// the days it knows someone was active. One person registering again and again on one day, and a
// time zone change in the middle of the batch, must give the rollups a rebuild from the log gives.

const database = useTestDatabase();

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

it("counts a person's registrations of one day in a batch each, and their activity once, in the zone of the time", async () => {
  const { db } = database();
  const communityId = randomUUID();
  await db.insert(community).values({
    id: communityId,
    slug: `batch-${communityId.slice(0, 8)}`,
    name: "Batch",
    timeZone: "Europe/Berlin",
    currency: "EUR",
    visibility: "public",
    joinPolicy: "open",
  });
  // Three registrations at 23:30 in Berlin on 2027-06-01, then the move to Lisbon, then one at
  // 00:30 on the 2nd by Berlin's clock, which is 23:30 on the 1st in Lisbon: all four fall on the 1st.
  let at = new Date("2027-06-01T21:30:00Z");
  const emit = createEmit({ clock: () => at });
  const person = randomUUID();
  const write = (event: Omit<DomainEvent, "communityId">) =>
    db.transaction((tx: Db) => emit(tx, { ...event, communityId } as DomainEvent));
  const register = () =>
    write({
      type: "registration.created",
      actorId: person,
      subjectId: person,
      payload: {
        registrationId: randomUUID(),
        eventId: randomUUID(),
        status: "going",
        guest: false,
        origin: "event_page",
      },
    });
  for (let i = 0; i < 3; i++) await register();
  at = new Date("2027-06-01T22:30:00Z");
  await db.transaction(async (tx: Db) => {
    await tx.update(community).set({ timeZone: "Europe/Lisbon" }).where(eq(community.id, communityId));
    await emit(tx, {
      type: "community.updated",
      communityId,
      actorId: null,
      payload: { before: { timeZone: "Europe/Berlin" }, after: { timeZone: "Europe/Lisbon" } },
    });
  });
  await register();

  const dispatcher = createDispatcher({
    db,
    subscribers: [insightsSubscriber()],
    batchSize: 100,
    log: () => {},
  });
  // On PostgreSQL an entry waits while any older transaction in the cluster is open (another test's).
  while ((await dispatcher.dispatch()) > 0 || (await dispatcher.behind()));

  const registrations = rowsOf<{ day: string; registrations: number }>(
    await db.execute(sql`
      select day::text, registrations from insights_registration_day where community_id = ${communityId}`),
  );
  expect(registrations).toEqual([{ day: "2027-06-01", registrations: 4 }]);
  const active = rowsOf<{ unit: string; people: number }>(
    await db.execute(sql`
      select unit, people from insights_active_count where community_id = ${communityId} order by unit`),
  );
  expect(active).toEqual([
    { unit: "day", people: 1 },
    { unit: "month", people: 1 },
    { unit: "week", people: 1 },
  ]);

  const kept = await snapshotRollups(db, communityId);
  await rebuildInsights(db, { communityId });
  expect(await snapshotRollups(db, communityId)).toEqual(kept);
});
