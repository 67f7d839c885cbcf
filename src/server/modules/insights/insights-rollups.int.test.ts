import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { community } from "#server/db/schema.ts";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { join } from "#server/modules/membership/membership-test-support.ts";
import { recordPaymentAs, refundPaymentAs } from "#server/modules/payments/ledger-test-support.ts";
import { registerAsGuest } from "#server/modules/registrations/guest-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import type { ResolvedPeriod } from "./insights.types.ts";
import { rebuildInsights, requestInsightsRebuild } from "./insights-rebuild.service.ts";
import { readRollups } from "./insights-rollup-reads.ts";
import { snapshotRollups } from "./insights-test-support.ts";

// A small community in Europe/Berlin around the spring change to summer time (28 March 2027,
// 02:00 → 03:00): everything is driven through the app's own mutations at chosen moments, the log
// is drained, and the rollups and their reads are compared with numbers worked out by hand.

let now = new Date("2027-03-01T09:00:00Z");
const at = (iso: string) => {
  now = new Date(iso);
};

let t: TestServer;
let owner: TestBrowser;
let communityId: string;
const people: Record<string, { browser: TestBrowser; id: string; membershipId?: string }> = {};

const period = (from: string, to: string, granularity: ResolvedPeriod["granularity"], previous: boolean) => ({
  from,
  to,
  granularity,
  previousFrom: previous ? addDaysUtc(from, -daysIn(from, to)) : null,
  previousTo: previous ? addDaysUtc(from, -1) : null,
  timeZone: "Europe/Berlin",
  preset: null,
});
const addDaysUtc = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysIn = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

async function registrationOf(eventId: string, userId: string): Promise<string> {
  const result = await t.server.database.db.execute(
    sql`select id from registration where event_id = ${eventId} and user_id = ${userId}`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id as string;
}
const checkIn = (id: string) =>
  owner.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", { id });
const undoCheckIn = (id: string) =>
  owner.graphql("mutation ($id: ID!) { undoCheckIn(registrationId: $id) { id } }", { id });
const memberCount = async () => {
  const [row] = await t.server.database.db
    .select({ n: community.memberCount })
    .from(community)
    .where(eq(community.id, communityId));
  return row?.n ?? 0;
};

beforeAll(async () => {
  t = await startTestServer({ clock: () => now });
  const signedIn = await quickSignIn(t, "Owner Olsen");
  owner = signedIn.browser;
  for (const name of ["Ada", "Ben", "Cleo"]) people[name] = await quickSignIn(t, `${name} Member`);

  at("2027-03-01T09:00:00Z");
  communityId = await createCommunity(owner, "Spring club");
  const e1 = await createEvent(owner, communityId, {
    startsAtLocal: "2027-03-27T18:00",
    endsAtLocal: "2027-03-27T21:00",
  });
  const e2 = await createEvent(owner, communityId, {
    startsAtLocal: "2027-04-05T18:00",
    endsAtLocal: "2027-04-05T21:00",
  });
  const ada = people.Ada as { browser: TestBrowser; id: string; membershipId?: string };
  const ben = people.Ben as { browser: TestBrowser; id: string; membershipId?: string };
  const cleo = people.Cleo as { browser: TestBrowser; id: string; membershipId?: string };

  // Monday 22 March, 09:00 in Berlin.
  at("2027-03-22T08:00:00Z");
  await join(ada.browser, communityId);
  ben.membershipId = (await join(ben.browser, communityId)).data?.joinCommunity.id;
  expect((await registerFor(ada.browser, e1.id)).errors).toBeUndefined();

  // Saturday 27 March, 23:30 in Berlin (still winter time): the 27th, not the 28th.
  at("2027-03-27T22:30:00Z");
  cleo.membershipId = (await join(cleo.browser, communityId)).data?.joinCommunity.id;
  expect((await registerFor(ben.browser, e1.id)).errors).toBeUndefined();
  const guestEmail = `guest-${randomUUID().slice(0, 8)}@example.test`;
  expect(
    (await registerAsGuest(t.browser(), e1.id, { name: "Gus Guest", email: guestEmail })).errors,
  ).toBeUndefined();

  // Sunday 28 March, 22:30 UTC is already Monday 29 March, 00:30 summer time in Berlin.
  at("2027-03-28T22:30:00Z");
  const guestRow = (await t.server.database.db.execute(
    sql`select r.id, r.user_id from registration r join "user" u on u.id = r.user_id
        where r.event_id = ${e1.id} and u.email = ${guestEmail}`,
  )) as unknown as { rows: { id: string; user_id: string }[] };
  const guest = guestRow.rows[0] as { id: string; user_id: string };
  people.Gus = { browser: t.browser(), id: guest.user_id };
  expect((await checkIn(await registrationOf(e1.id, ada.id))).errors).toBeUndefined();
  expect((await checkIn(guest.id)).errors).toBeUndefined();
  expect(
    (
      await ben.browser.graphql("mutation ($id: ID!) { leaveCommunity(communityId: $id) }", {
        id: communityId,
      })
    ).errors,
  ).toBeUndefined();

  at("2027-03-29T10:00:00Z");
  const benE1 = await registrationOf(e1.id, ben.id);
  expect((await checkIn(benE1)).errors).toBeUndefined();
  expect((await undoCheckIn(benE1)).errors).toBeUndefined();
  const p1 = await recordPaymentAs(owner, communityId, {
    purpose: "TICKET",
    amountMinor: 5_000,
    currency: "EUR",
    eventId: e1.id,
  });
  expect(p1.errors).toBeUndefined();
  expect(
    (
      await recordPaymentAs(owner, communityId, {
        purpose: "MEMBERSHIP",
        amountMinor: 3_000,
        currency: "USD",
      })
    ).errors,
  ).toBeUndefined();

  // Friday 2 April: Ben comes back, Cleo is banned, part of the ticket is refunded.
  at("2027-04-02T10:00:00Z");
  expect((await join(ben.browser, communityId)).errors).toBeUndefined();
  expect(
    (
      await owner.graphql("mutation ($id: ID!) { banMember(membershipId: $id) { status } }", {
        id: cleo.membershipId,
      })
    ).errors,
  ).toBeUndefined();
  const paymentId = p1.data?.recordPayment.id as string;
  expect((await refundPaymentAs(owner, paymentId, 2_000)).errors).toBeUndefined();
  expect((await registerFor(ada.browser, e2.id)).errors).toBeUndefined();

  at("2027-04-05T10:00:00Z");
  expect((await refundPaymentAs(owner, paymentId, 1_000)).errors).toBeUndefined();
  expect(
    (await recordPaymentAs(owner, communityId, { purpose: "OTHER", amountMinor: 1_000, currency: "EUR" }))
      .errors,
  ).toBeUndefined();
  expect((await checkIn(await registrationOf(e2.id, ada.id))).errors).toBeUndefined();
  expect((await registerFor(ben.browser, e2.id)).errors).toBeUndefined();
  expect((await checkIn(await registrationOf(e2.id, ben.id))).errors).toBeUndefined();
  await t.drain();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("insights rollups", () => {
  it("counts joins, leaves and the comeback on Berlin's days, weeks and cohorts", async () => {
    const db = t.server.database.db;
    expect(await memberCount()).toBe(3);
    const reads = await readRollups(db, communityId, period("2027-03-22", "2027-05-31", "week", true), {
      revenue: true,
      memberCount: await memberCount(),
    });
    expect(reads.figures.members).toEqual({ value: 3, previous: 1 });
    expect(reads.figures.newMembers).toEqual({ value: 4, previous: 1 });
    expect(reads.figures.membersLeft).toEqual({ value: 2, previous: 0 });
    expect(reads.figures.activeMembers).toEqual({ value: 3, previous: 0 });
    expect(reads.figures.registrations).toEqual({ value: 5, previous: 0 });
    expect(reads.memberGrowth.slice(0, 3)).toEqual([
      { bucket: "2027-03-22", total: 4, joined: 3, left: 0 },
      { bucket: "2027-03-29", total: 3, joined: 1, left: 2 },
      { bucket: "2027-04-05", total: 3, joined: 0, left: 0 },
    ]);
    // Every Monday of the period, the last one cut to its first day.
    expect(reads.memberGrowth.map((p) => p.bucket)).toHaveLength(11);
    expect(reads.memberGrowth.at(-1)).toEqual({ bucket: "2027-05-31", total: 3, joined: 0, left: 0 });
    expect(reads.activeMembers.slice(0, 4)).toEqual([
      { bucket: "2027-03-22", people: 3 },
      { bucket: "2027-03-29", people: 3 },
      { bucket: "2027-04-05", people: 2 },
      { bucket: "2027-04-12", people: 0 },
    ]);
    expect(reads.sources).toEqual([
      { origin: "unknown", kind: "unknown", ref: null, registrations: 5, joins: 4 },
    ]);
    expect(reads.cohorts).toEqual([{ cohort: "2027-03-01", members: 4, retention: [0.25, 0.5, 0] }]);
  });

  it("places the entries after the change to summer time on the right days", async () => {
    const db = t.server.database.db;
    const reads = await readRollups(db, communityId, period("2027-03-25", "2027-03-30", "day", false), {
      revenue: false,
      memberCount: await memberCount(),
    });
    expect(reads.activeMembers).toEqual([
      { bucket: "2027-03-25", people: 0 },
      { bucket: "2027-03-26", people: 0 },
      { bucket: "2027-03-27", people: 2 },
      { bucket: "2027-03-28", people: 0 },
      { bucket: "2027-03-29", people: 3 },
      { bucket: "2027-03-30", people: 0 },
    ]);
    expect(reads.memberGrowth.map((p) => [p.bucket, p.joined, p.left, p.total])).toEqual([
      ["2027-03-25", 0, 0, 3],
      ["2027-03-26", 0, 0, 3],
      ["2027-03-27", 1, 0, 4],
      ["2027-03-28", 0, 0, 4],
      ["2027-03-29", 0, 1, 3],
      ["2027-03-30", 0, 0, 3],
    ]);
    expect(reads.figures.members).toEqual({ value: 3, previous: null });
    expect(reads.figures.revenue).toBeNull();
    expect(reads.revenue).toBeNull();
  });

  it("keeps revenue per currency and purpose with partial refunds on the day they were made", async () => {
    const db = t.server.database.db;
    const reads = await readRollups(db, communityId, period("2027-03-29", "2027-04-11", "week", true), {
      revenue: true,
      memberCount: await memberCount(),
    });
    expect(reads.figures.revenue).toEqual([
      { currency: "EUR", netMinor: 3_000, previousNetMinor: 0 },
      { currency: "USD", netMinor: 3_000, previousNetMinor: 0 },
    ]);
    expect(reads.revenue).toEqual([
      {
        bucket: "2027-03-29",
        currency: "EUR",
        ticketsMinor: 5_000,
        membershipsMinor: 0,
        otherMinor: 0,
        refundsMinor: 2_000,
      },
      {
        bucket: "2027-03-29",
        currency: "USD",
        ticketsMinor: 0,
        membershipsMinor: 3_000,
        otherMinor: 0,
        refundsMinor: 0,
      },
      {
        bucket: "2027-04-05",
        currency: "EUR",
        ticketsMinor: 0,
        membershipsMinor: 0,
        otherMinor: 1_000,
        refundsMinor: 1_000,
      },
      {
        bucket: "2027-04-05",
        currency: "USD",
        ticketsMinor: 0,
        membershipsMinor: 0,
        otherMinor: 0,
        refundsMinor: 0,
      },
    ]);
  });

  it("gives the same rollups when rebuilt from the log, and again after the time zone changes", async () => {
    const db = t.server.database.db;
    const kept = await snapshotRollups(db, communityId);
    expect(kept.insights_member).toHaveLength(4);
    await rebuildInsights(db);
    expect(await snapshotRollups(db, communityId)).toEqual(kept);
    await rebuildInsights(db, { communityId });
    expect(await snapshotRollups(db, communityId)).toEqual(kept);
    // The jobs runtime answers a rebuild asked of it on its next pass.
    await db.execute(sql`delete from insights_member_day where community_id = ${communityId}`);
    await requestInsightsRebuild(db, { communityId });
    await t.drain();
    expect(await snapshotRollups(db, communityId)).toEqual(kept);

    // In New York, Saturday 23:30 in Berlin is still Saturday, but Monday 00:30 is Sunday evening.
    at("2027-04-06T10:00:00Z");
    const moved = await owner.graphql(
      "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { timeZone } }",
      { id: communityId, input: { timeZone: "America/New_York" } },
    );
    expect(moved.errors).toBeUndefined();
    await t.drain();
    const inNewYork = await snapshotRollups(db, communityId);
    expect(inNewYork.insights_member_day).toContain(`(${communityId},2027-03-28,unknown,0,1)`);
    await rebuildInsights(db);
    expect(await snapshotRollups(db, communityId)).toEqual(inNewYork);
  });
});
