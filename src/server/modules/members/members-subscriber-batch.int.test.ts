import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { createDispatcher } from "#server/jobs/log-dispatcher.ts";
import type { DomainEvent, LogEntry } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { useTestDatabase } from "#server/test/test-database.ts";
import { membersSubscriber } from "./members.subscriber.ts";

// The member table's counters and "last active" are folded per dispatcher batch. The same entries,
// written once for each of two communities, are handled in one batch for the first and one entry
// per batch for the second: both must end with the same member rows.

const database = useTestDatabase();

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

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The members subscriber under its own name, seeing only one community's entries. */
function membersOf(name: string, communityId: string) {
  const inner = membersSubscriber();
  return {
    name,
    handleBatch: (tx: Db, entries: readonly LogEntry[]) =>
      inner.handleBatch(
        tx,
        entries.filter((e) => e.communityId === communityId),
      ),
  };
}

type Member = {
  user_id: string;
  events_registered: number;
  events_attended: number;
  check_ins: number;
  last_active_at: string;
};

const membersIn = async (db: Db, communityId: string) =>
  rowsOf<Member>(
    await db.execute(sql`
      select user_id, events_registered, events_attended, check_ins, last_active_at::text
      from membership where community_id = ${communityId} order by user_id`),
  );

it("gives the same member counters and last activity for a batch as for its entries one by one", async () => {
  const { db } = database();
  const [batched, oneByOne] = [randomUUID(), randomUUID()];
  const people = Array.from({ length: 7 }, () => randomUUID());
  const events = Array.from({ length: 3 }, () => randomUUID());
  for (const id of people)
    await db.execute(
      sql`insert into "user" (id, name, email) values (${id}, 'Person', ${`${id}@example.test`})`,
    );
  for (const communityId of [batched, oneByOne]) {
    await db.execute(sql`
      insert into community (id, slug, name, time_zone, currency, visibility, join_policy)
      values (${communityId}, ${`batch-${communityId.slice(0, 8)}`}, 'Batch', 'Europe/Berlin', 'EUR', 'public', 'open')`);
    for (const userId of people)
      await db.execute(sql`
        insert into membership (id, community_id, user_id, role, status, source, last_active_at)
        values (${randomUUID()}, ${communityId}, ${userId}, 'member', 'active', 'joined', '2027-01-01T00:00:00Z')`);
  }

  const random = seeded(4242);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // Occurrence times out of log order, as concurrent writers leave them.
  let at = Date.parse("2027-03-01T10:00:00Z");
  let occurredAt = new Date(at);
  const emit = createEmit({ clock: () => occurredAt });
  const [first, second, third, ...others] = people as [string, string, string, ...string[]];
  const [event] = events as [string, string, string];
  const entry = (type: DomainEvent["type"], userId: string, payload: object, actorId = userId) =>
    ({ type, actorId, subjectId: userId, payload }) as Omit<DomainEvent, "communityId">;
  const registration = (userId: string, eventId: string, status: string) =>
    entry("registration.created", userId, { registrationId: randomUUID(), eventId, status, guest: false });
  const change = (userId: string, eventId: string, from: string, to: string, actorId = userId) =>
    entry(
      "registration.status_changed",
      userId,
      { registrationId: randomUUID(), eventId, from, to },
      actorId,
    );
  const checkIn = (userId: string, eventId: string, checkedIn: boolean, actorId = userId) =>
    entry("registration.checked_in", userId, { registrationId: randomUUID(), eventId, checkedIn }, actorId);

  // The same person again and again within one batch: registered, canceled, registered again and
  // checked in; a check-in with no registration logged before it, then canceled by an organizer.
  const written: Omit<DomainEvent, "communityId">[] = [
    registration(first, event, "going"),
    change(first, event, "going", "canceled"),
    registration(first, event, "waitlisted"),
    change(first, event, "waitlisted", "going", third),
    checkIn(first, event, true, third),
    checkIn(second, event, true, third),
    change(second, event, "going", "canceled", third),
    entry("member.joined", third, { userId: third, role: "member", source: "joined" }),
  ];
  const statuses = ["going", "waitlisted", "pending", "held", "canceled", "declined"];
  for (let i = 0; i < 120; i++) {
    const userId = pick(others);
    const eventId = pick(events);
    const roll = random();
    if (roll < 0.35) written.push(registration(userId, eventId, pick(statuses.slice(0, 4))));
    else if (roll < 0.65)
      written.push(
        change(userId, eventId, pick(statuses), pick(statuses), random() < 0.5 ? userId : pick(people)),
      );
    else if (roll < 0.9) written.push(checkIn(userId, eventId, random() < 0.7, pick(people)));
    else written.push(entry("member.joined", userId, { userId, role: "member", source: "joined" }));
  }
  for (const event of written) {
    at += 60_000;
    occurredAt = new Date(at + Math.floor(random() * 3_600_000) - 1_800_000);
    for (const communityId of [batched, oneByOne])
      await db.transaction((tx) => emit(tx, { ...event, communityId } as DomainEvent));
  }

  const inOneBatch = createDispatcher({
    db,
    subscribers: [membersOf("members-batched", batched)],
    batchSize: 1_000,
    log: () => {},
  });
  const oneAtATime = createDispatcher({
    db,
    subscribers: [membersOf("members-one-by-one", oneByOne)],
    batchSize: 1,
    log: () => {},
  });
  // On PostgreSQL an entry waits while any older transaction in the cluster is open (another test's):
  // batches then end there, and the rest follows in the next.
  for (const dispatcher of [inOneBatch, oneAtATime])
    while ((await dispatcher.dispatch(1_000)) > 0 || (await dispatcher.behind()));

  const [inBatch, alone] = [await membersIn(db, batched), await membersIn(db, oneByOne)];
  expect(inBatch).toEqual(alone);
  // The member table shows the three people of the start as their entries tell.
  const shown = new Map(inBatch.map((m) => [m.user_id, m]));
  expect(shown.get(first)).toMatchObject({ events_registered: 1, events_attended: 1, check_ins: 1 });
  expect(shown.get(second)).toMatchObject({ events_registered: 0, events_attended: 1, check_ins: 1 });
  expect(shown.get(third)).toMatchObject({ events_registered: 0, events_attended: 0, check_ins: 0 });
  expect(shown.get(third)?.last_active_at.startsWith("2027-03-01")).toBe(true);
  const activity = async (communityId: string) =>
    rowsOf(
      await db.execute(sql`
        select user_id, event_id, registration_status, checked_in from member_activity
        where community_id = ${communityId} order by user_id, event_id`),
    );
  expect(await activity(batched)).toEqual(await activity(oneByOne));
});
