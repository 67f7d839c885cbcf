// Banning someone ends their places at the community's coming events (unless the admin chooses
// otherwise): seats go to the waitlist, the check-in code and the online link stop working.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { event } from "#server/db/schema.ts";
import { createEvent, quickSignIn, registerFor } from "#server/modules/events/events-test-support.ts";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import { communityWithOwner, join } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const ONLINE = "https://meet.example.test/reading-circle";

const ban = (browser: TestBrowser, membershipId: string, cancelRegistrations?: boolean) =>
  browser.graphql<{ banMember: { status: string } }>(
    cancelRegistrations === undefined
      ? "mutation ($id: ID!) { banMember(membershipId: $id) { status } }"
      : "mutation ($id: ID!, $cancel: Boolean) { banMember(membershipId: $id, cancelRegistrations: $cancel) { status } }",
    { id: membershipId, cancel: cancelRegistrations },
  );

/** What the person sees of an event: their registration and the online link. */
async function seenBy(browser: TestBrowser, eventId: string) {
  const result = await browser.graphql<{
    event: {
      onlineUrl: string | null;
      viewerRegistration: { status: string; checkInCode: string | null } | null;
    };
  }>("query ($id: ID!) { event(id: $id) { onlineUrl viewerRegistration { status checkInCode } } }", {
    id: eventId,
  });
  return result.data?.event ?? result.errors?.[0]?.extensions?.code;
}

const checkInByCode = (browser: TestBrowser, eventId: string, code: string) =>
  browser.graphql<{ checkInByCode: { id: string } }>(
    "mutation ($e: ID!, $c: String!) { checkInByCode(eventId: $e, code: $c) { id } }",
    { e: eventId, c: code },
  );

/** A community with a full event (one seat, someone waiting) and an online one, both with Ada going. */
async function adaGoing() {
  const club = await communityWithOwner(t);
  const full = await createEvent(club.owner, club.communityId, { capacity: 1, waitlistEnabled: true });
  const online = await createEvent(club.owner, club.communityId, { onlineUrl: ONLINE });
  const past = await createEvent(club.owner, club.communityId);
  const ada = await quickSignIn(t, "Ada Member");
  const membershipId = (await join(ada.browser, club.communityId)).data?.joinCommunity.id as string;
  const codes: Record<string, string> = {};
  const registrations: Record<string, string> = {};
  for (const { id } of [full, online, past]) {
    const registered = await registerFor(ada.browser, id);
    expect(registered.data?.register.status).toBe("GOING");
    codes[id] = registered.data?.register.checkInCode as string;
    registrations[id] = registered.data?.register.id as string;
  }
  // The past event ended yesterday: its registration is history, not a place to take away.
  const yesterday = new Date(Date.now() - 86_400_000);
  await t.server.database.db
    .update(event)
    .set({ startsAt: new Date(yesterday.getTime() - 3_600_000), endsAt: yesterday })
    .where(eq(event.id, past.id));
  const bo = await quickSignIn(t, "Bo Waiting");
  expect((await registerFor(bo.browser, full.id)).data?.register.status).toBe("WAITLISTED");
  return { ...club, full, online, past, ada, bo, membershipId, codes, registrations };
}

describe("banning a member", () => {
  it("cancels their registrations to coming events by default: the seat goes to the waitlist, the code and the link stop working", async () => {
    const world = await adaGoing();
    const elsewhere = await communityWithOwner(t);
    const otherEvent = await createEvent(elsewhere.owner, elsewhere.communityId);
    expect((await registerFor(world.ada.browser, otherEvent.id)).data?.register.status).toBe("GOING");
    expect(await seenBy(world.ada.browser, world.online.id)).toMatchObject({ onlineUrl: ONLINE });

    expect((await ban(world.owner, world.membershipId)).data?.banMember.status).toBe("BANNED");

    expect(await seenBy(world.ada.browser, world.online.id)).toMatchObject({
      onlineUrl: null,
      viewerRegistration: { status: "CANCELED" },
    });
    expect(await seenBy(world.bo.browser, world.full.id)).toMatchObject({
      viewerRegistration: { status: "GOING" },
    });
    for (const id of [world.full.id, world.online.id]) {
      const refused = await checkInByCode(world.owner, id, world.codes[id] as string);
      expect(refused.errors?.[0]?.extensions?.code).toBe("INVALID_CODE");
    }
    // What is over, and other communities' events, stay as they were.
    expect(await seenBy(world.ada.browser, world.past.id)).toMatchObject({
      viewerRegistration: { status: "GOING" },
    });
    expect(await seenBy(world.ada.browser, otherEvent.id)).toMatchObject({
      viewerRegistration: { status: "GOING" },
    });

    const trail = await auditTrail(t.server.database.db, world.communityId);
    const canceled = trail.filter(
      (entry) => entry.action === "registration.status_changed" && entry.after?.status === "canceled",
    );
    expect(canceled.map((entry) => [entry.actorId, entry.target]).sort()).toEqual(
      [world.full.id, world.online.id]
        .map((id) => [world.ownerUser.id, `registration:${world.registrations[id]}`])
        .sort(),
    );
  });

  it("leaves their registrations as they are when the admin chooses so", async () => {
    const world = await adaGoing();
    expect((await ban(world.owner, world.membershipId, false)).data?.banMember.status).toBe("BANNED");
    expect(await seenBy(world.ada.browser, world.online.id)).toMatchObject({
      onlineUrl: ONLINE,
      viewerRegistration: { status: "GOING" },
    });
    expect(await seenBy(world.bo.browser, world.full.id)).toMatchObject({
      viewerRegistration: { status: "WAITLISTED" },
    });
  });

  it("cancels nothing when someone who may not ban tries", async () => {
    const world = await adaGoing();
    const cy = await quickSignIn(t, "Cy Member");
    await join(cy.browser, world.communityId);
    expect((await ban(cy.browser, world.membershipId)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await seenBy(world.ada.browser, world.online.id)).toMatchObject({
      viewerRegistration: { status: "GOING" },
    });
  });
});

/** How many of this database's sessions wait for a row lock another holds. */
async function waitingForLocks(): Promise<number> {
  const result = await t.server.database.db.execute(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function untilWaiting(count: number) {
  for (let i = 0; i < 5_000 && (await waitingForLocks()) < count; i++);
  expect(await waitingForLocks()).toBe(count);
}

describe("a ban and a registration at the same time", () => {
  it("refuses a registration tried after the ban", async () => {
    const world = await adaGoing();
    const next = await createEvent(world.owner, world.communityId);
    expect((await ban(world.owner, world.membershipId)).data?.banMember.status).toBe("BANNED");
    const refused = await registerFor(world.ada.browser, next.id);
    expect(refused.errors?.[0]?.extensions?.code).toBe("BANNED");
    expect(await seenBy(world.ada.browser, next.id)).toMatchObject({ viewerRegistration: null });
  });

  it("leaves the banned person no place when they register while the ban is being written", async () => {
    const world = await adaGoing();
    const next = await createEvent(world.owner, world.communityId);
    // The log's subscribers handle the setup's entries now: one touching Ada's membership during the
    // race would wait on the ban's lock and be counted below.
    await t.drain();
    const { db, kind } = t.server.database;
    let banning: ReturnType<typeof ban>;
    let registering: ReturnType<typeof registerFor>;
    if (kind === "postgres") {
      // Hold Ada's events so the ban stops after banning her, before canceling; she registers then.
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const blocker = db.transaction(async (tx) => {
        await tx
          .select({ id: event.id })
          .from(event)
          .where(inArray(event.id, [world.full.id, world.online.id]))
          .for("update");
        holding();
        await released;
      });
      await held;
      try {
        banning = ban(world.owner, world.membershipId);
        await untilWaiting(1);
        registering = registerFor(world.ada.browser, next.id);
        await untilWaiting(2);
      } finally {
        // Whatever happened, the held rows go, so nothing waits on them after the test.
        release();
        await blocker;
      }
    } else {
      // PGlite has one connection: the two take turns, whichever comes first.
      banning = ban(world.owner, world.membershipId);
      registering = registerFor(world.ada.browser, next.id);
    }
    const [banned, registered] = await Promise.all([banning, registering]);
    expect(banned.data?.banMember.status, JSON.stringify(banned.errors)).toBe("BANNED");
    expect(registered.errors?.[0]?.extensions?.code).toBe("BANNED");
    for (const id of [world.full.id, world.online.id, next.id]) {
      const seen = await seenBy(world.ada.browser, id);
      expect(seen).not.toMatchObject({ viewerRegistration: { status: "GOING" } });
    }
  });
});
