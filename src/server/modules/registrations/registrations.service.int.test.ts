// The registrations service called directly with a database and a viewer, no HTTP: who may change
// a registration, seat and waitlist rules, and what the transition table refuses.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { membership, registration, user } from "#server/db/schema.ts";
import { DomainError } from "#server/errors.ts";
import { createCommunity } from "#server/modules/communities/community-writes.service.ts";
import { createEvent } from "#server/modules/events/event-writes.service.ts";
import { getEvent } from "#server/modules/events/events.service.ts";
import type { EventInput } from "#server/modules/events/events.validation.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import { wallInDays } from "#server/test/event-input.ts";
import { createTestDatabase, type TestDatabase, uniqueEmail } from "#server/test/harness.ts";
import { checkIn, undoCheckIn } from "./check-in.service.ts";
import {
  approveRegistration,
  cancelRegistration,
  declineRegistration,
  moveFromWaitlist,
  register,
} from "./registrations.service.ts";

const opened: Database[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const database of databases.splice(0)) await database.dispose();
});

const emit = createEmit({ clock: () => new Date() });

async function setUp() {
  const testDatabase = await createTestDatabase();
  databases.push(testDatabase);
  const database = await testDatabase.open();
  opened.push(database);
  const db = database.db;
  const person = async (name: string): Promise<Viewer> => {
    const viewer = {
      id: randomUUID(),
      name,
      email: uniqueEmail(name.split(" ")[0]?.toLowerCase()),
      image: null,
    };
    await db.insert(user).values({ ...viewer, emailVerified: true });
    return viewer;
  };
  const as = (viewer: Viewer | null) => ({ db, viewer, emit });
  const organizer = await person("Olga Organizer");
  const community = await createCommunity(as(organizer), {
    name: "Service test club",
    slug: `service-${randomUUID().slice(0, 8)}`,
    timeZone: "Europe/Berlin",
    currency: "EUR",
    visibility: "public",
    joinPolicy: "open",
  });
  const event = async (overrides: Partial<EventInput> = {}) =>
    createEvent(
      as(organizer),
      community.id,
      {
        title: "Spring meetup",
        startsAtLocal: wallInDays(10, "18:00"),
        endsAtLocal: wallInDays(10, "21:00"),
        timeZone: "Europe/Berlin",
        waitlistEnabled: true,
        approvalRequired: false,
        visibility: "public",
        ticketTypes: [{ name: "General" }],
        questions: [],
        ...overrides,
      },
      true,
      { canTakePayments: async () => false },
    );
  return { db, person, as, organizer, event };
}

async function statusOf(db: Database["db"], id: string) {
  const [row] = await db
    .select({ status: registration.status })
    .from(registration)
    .where(eq(registration.id, id));
  return row?.status;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("the registrations service", () => {
  it("lets only organizers approve: a stranger finds nothing, the person is told no", async () => {
    const { person, as, organizer, event } = await setUp();
    const { id: eventId } = await event({ approvalRequired: true });
    const ada = await person("Ada Guest");
    const stranger = await person("Sam Stranger");
    const pending = await register(as(ada), eventId, { answers: [] });
    expect(pending.status).toBe("pending");

    expect((await refusal(approveRegistration(as(stranger), pending.id))).code).toBe("NOT_FOUND");
    expect((await refusal(approveRegistration(as(ada), pending.id))).code).toBe("FORBIDDEN");
    expect((await refusal(approveRegistration(as(null), pending.id))).code).toBe("UNAUTHENTICATED");
    expect((await approveRegistration(as(organizer), pending.id)).status).toBe("going");
  });

  it("seats up to capacity, waitlists the rest and promotes the earliest when a seat frees", async () => {
    const { db, person, as, organizer, event } = await setUp();
    const { id: eventId } = await event({ capacity: 1 });
    const [ada, ben, cy] = [await person("Ada Guest"), await person("Ben Guest"), await person("Cy Guest")];
    const first = await register(as(ada), eventId, { answers: [] });
    const second = await register(as(ben), eventId, { answers: [] });
    const third = await register(as(cy), eventId, { answers: [] });
    expect([first.status, second.status, third.status]).toEqual(["going", "waitlisted", "waitlisted"]);
    expect((await refusal(moveFromWaitlist(as(organizer), second.id))).code).toBe("NO_SEATS");

    await cancelRegistration(as(ada), first.id);
    const after = await getEvent(as(organizer), eventId);
    expect([after.goingCount, after.waitlistCount]).toEqual([1, 1]);
    expect(await statusOf(db, second.id)).toBe("going");
    expect(await statusOf(db, third.id)).toBe("waitlisted");
    expect((await refusal(register(as(ben), eventId, { answers: [] }))).code).toBe("ALREADY_REGISTERED");
    expect((await declineRegistration(as(organizer), third.id)).status).toBe("declined");
    expect((await getEvent(as(organizer), eventId)).waitlistCount).toBe(0);
  });

  it("refuses with EVENT_FULL when the waitlist is off", async () => {
    const { person, as, event } = await setUp();
    const { id: eventId } = await event({ capacity: 1, waitlistEnabled: false });
    await register(as(await person("Ada Guest")), eventId, { answers: [] });
    const error = await refusal(register(as(await person("Ben Guest")), eventId, { answers: [] }));
    expect(error.code).toBe("EVENT_FULL");
  });

  it("checks in only people who are going, and keeps a checked-in registration from being canceled", async () => {
    const { person, as, organizer, event } = await setUp();
    const { id: eventId } = await event({ capacity: 1 });
    const ada = await person("Ada Guest");
    const going = await register(as(ada), eventId, { answers: [] });
    const waiting = await register(as(await person("Ben Guest")), eventId, { answers: [] });

    const notGoing = await refusal(checkIn(as(organizer), waiting.id));
    expect([notGoing.code, notGoing.message]).toEqual([
      "CONFLICT",
      "Only people who are going can be checked in.",
    ]);
    expect((await refusal(checkIn(as(ada), going.id))).code).toBe("FORBIDDEN");

    expect((await checkIn(as(organizer), going.id)).checkedInAt).not.toBeNull();
    expect((await getEvent(as(organizer), eventId)).checkedInCount).toBe(1);
    expect((await refusal(cancelRegistration(as(ada), going.id))).code).toBe("CHECKED_IN");
    expect((await undoCheckIn(as(organizer), going.id)).checkedInAt).toBeNull();
    expect((await getEvent(as(organizer), eventId)).checkedInCount).toBe(0);
  });

  it("answers approving a registration that is not pending with CONFLICT", async () => {
    const { person, as, organizer, event } = await setUp();
    const { id: eventId } = await event();
    const ada = await person("Ada Guest");
    const going = await register(as(ada), eventId, { answers: [] });
    await cancelRegistration(as(ada), going.id);
    const error = await refusal(approveRegistration(as(organizer), going.id));
    expect([error.code, error.message]).toEqual(["CONFLICT", "Only pending registrations can be approved."]);
    expect((await refusal(moveFromWaitlist(as(organizer), going.id))).code).toBe("CONFLICT");
  });

  it("asks for required answers before taking a seat", async () => {
    const { person, as, organizer, event } = await setUp();
    const created = await event({
      capacity: 5,
      questions: [{ kind: "short_text", label: "Dietary needs", required: true }],
    });
    const error = await refusal(register(as(await person("Ada Guest")), created.id, { answers: [] }));
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.fields.map((f) => f.code)).toContain("ANSWER_REQUIRED");
    expect((await getEvent(as(organizer), created.id)).goingCount).toBe(0);
  });
});

// Two transactions of one person, the first held open after its write (its log entry waits) until
// the second has read the person's registration and waits for the event's lock. PGlite runs one
// transaction at a time, so the race exists on PostgreSQL only.
describe.skipIf(!process.env.DATABASE_URL)("one person registering twice at once (PostgreSQL)", () => {
  async function race(setup: Awaited<ReturnType<typeof setUp>>, viewer: Viewer, eventId: string) {
    const { db, as } = setup;
    let arrived: () => void = () => {};
    const atEntry = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // No `statement`: the entry is appended after the write, and waits there.
    const held: Emit = async (tx, event) => {
      arrived();
      await released;
      await emit(tx, event);
    };
    const first = register({ db, viewer, emit: held }, eventId, { answers: [] });
    await atEntry;
    // Handled from the start: the second's refusal can arrive before the first's answer is read.
    const second = refusal(register(as(viewer), eventId, { answers: [] }));
    second.catch(() => {});
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const result = await db.execute(
          sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
        );
        if (Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n) > 0) break;
        if (Date.now() > deadline) throw new Error("the second registration never waited for the lock");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      release();
    }
    return { first: await first, refused: await second };
  }

  it("takes one seat, the second answer ALREADY_REGISTERED, both for a new row and for a revived one", async () => {
    const setup = await setUp();
    const { db, person, as, organizer, event } = setup;
    const { id: eventId } = await event({ capacity: 5 });
    // Someone the community does not know yet: no membership row to wait on.
    const ada = await person("Ada Twotabs");
    const { first, refused } = await race(setup, ada, eventId);
    expect(first.status).toBe("going");
    expect(refused.code).toBe("ALREADY_REGISTERED");
    expect((await getEvent(as(organizer), eventId)).goingCount).toBe(1);

    // Canceled, with the membership gone, then registered twice at once: the row is revived once.
    await cancelRegistration(as(ada), first.id);
    await db.delete(membership).where(eq(membership.userId, ada.id));
    const again = await race(setup, ada, eventId);
    expect(again.first.id).toBe(first.id);
    expect(again.refused.code).toBe("ALREADY_REGISTERED");
    const after = await getEvent(as(organizer), eventId);
    expect([after.goingCount, after.waitlistCount]).toEqual([1, 0]);
    expect(await statusOf(db, first.id)).toBe("going");
  });
});
