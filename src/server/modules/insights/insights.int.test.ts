// The insights page's reads about events, its authorization and its CSV downloads, on a small
// data set in New York's time zone around the week clocks moved forward (8 March 2026).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { event, payment, paymentRefund } from "#server/db/schema.ts";
import { addMember, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";

const NOW = new Date("2026-03-10T16:00:00Z");

let t: TestServer;
let owner: TestBrowser;
let organizer: TestBrowser;
let member: TestBrowser;
let communityId: string;
const ids: Record<string, string> = {};

const INSIGHTS = `query ($id: ID!, $period: InsightsPeriodInput!) {
  communityInsights(communityId: $id, period: $period) {
    period { from to previousFrom previousTo granularity timeZone preset }
    figures {
      members { value previous }
      eventsHeld { value previous }
      attendanceRate { value previous }
      noShowRate { value previous }
      revenue { currency netMinor previousNetMinor }
    }
    eventsHeld { bucket events going checkedIn attendanceRate }
    topEvents { eventId title registrations going checkedIn attendanceRate revenue { currency netMinor } }
    revenue { bucket }
  }
}`;

type Insights = {
  communityInsights: {
    period: Record<string, unknown>;
    figures: {
      members: { value: number; previous: number | null };
      eventsHeld: { value: number; previous: number | null };
      attendanceRate: { value: number | null; previous: number | null };
      noShowRate: { value: number | null; previous: number | null };
      revenue: unknown[] | null;
    };
    eventsHeld: {
      bucket: string;
      events: number;
      going: number;
      checkedIn: number;
      attendanceRate: number | null;
    }[];
    topEvents: {
      eventId: string;
      title: string;
      registrations: number;
      going: number;
      checkedIn: number;
      attendanceRate: number | null;
      revenue: { currency: string; netMinor: number }[] | null;
    }[];
    revenue: unknown[] | null;
  };
};

const DST_WEEK = { from: "2026-03-02", to: "2026-03-08" };

async function addEvent(
  title: string,
  startsAt: string,
  endsAt: string,
  counts: { going: number; checkedIn: number; waitlist?: number; pending?: number },
  status: "published" | "canceled" | "draft" = "published",
  inCommunity = communityId,
) {
  const id = randomUUID();
  await t.server.database.db.insert(event).values({
    id,
    communityId: inCommunity,
    title,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    timeZone: "America/New_York",
    status,
    goingCount: counts.going,
    checkedInCount: counts.checkedIn,
    waitlistCount: counts.waitlist ?? 0,
    pendingCount: counts.pending ?? 0,
  });
  ids[title] = id;
  return id;
}

async function addPayment(eventId: string, currency: string, amountMinor: number, refundedMinor = 0) {
  const db = t.server.database.db;
  const id = randomUUID();
  await db.insert(payment).values({
    id,
    communityId,
    payerName: "Ada Payer",
    purpose: "ticket",
    eventId,
    amountMinor,
    currency,
    status: refundedMinor > 0 ? "partially_refunded" : "succeeded",
    method: "cash",
    createdAt: new Date("2026-02-20T12:00:00Z"),
    succeededAt: new Date("2026-02-20T12:00:00Z"),
  });
  if (refundedMinor > 0) {
    await db.insert(paymentRefund).values({
      id: randomUUID(),
      paymentId: id,
      communityId,
      currency,
      amountMinor: refundedMinor,
      method: "cash",
      createdAt: new Date("2026-02-21T12:00:00Z"),
    });
  }
}

beforeAll(async () => {
  t = await startTestServer({ clock: () => new Date(NOW) });
  const signedIn = await quickSignIn(t, "Olive Owner");
  owner = signedIn.browser;
  const created = await owner.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Insights NYC",
        slug: `insights-${Math.random().toString(36).slice(2, 8)}`,
        timeZone: "America/New_York",
        currency: "USD",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
  expect(created.errors).toBeUndefined();
  communityId = created.data?.createCommunity.id as string;
  const ora = await quickSignIn(t, "Ora Organizer");
  await addMember(t, communityId, ora.id, "organizer");
  organizer = ora.browser;
  const mo = await quickSignIn(t, "Mo Member");
  await addMember(t, communityId, mo.id, "member");
  member = mo.browser;

  // Monday 2 March, 00:15 to 02:00 in New York (05:15Z to 07:00Z).
  await addEvent("Monday early", "2026-03-02T05:15:00Z", "2026-03-02T07:00:00Z", { going: 4, checkedIn: 1 });
  // Sunday 8 March across the jump: 00:30 EST to 03:30 EDT.
  const night = await addEvent("Spring forward party", "2026-03-08T05:30:00Z", "2026-03-08T07:30:00Z", {
    going: 10,
    checkedIn: 8,
    waitlist: 2,
    pending: 1,
  });
  // Sunday 8 March, 23:30 to 23:50 EDT: already Monday in UTC, still the week's last local day.
  await addEvent("Sunday late", "2026-03-09T03:30:00Z", "2026-03-09T03:50:00Z", { going: 6, checkedIn: 3 });
  // Not held: canceled, a draft, and (Sunday 23:30 EDT to Monday 00:30) one that ended after the week.
  await addEvent(
    "Called off",
    "2026-03-04T23:00:00Z",
    "2026-03-05T01:00:00Z",
    { going: 9, checkedIn: 0 },
    "canceled",
  );
  await addEvent(
    "Never published",
    "2026-03-04T23:00:00Z",
    "2026-03-05T01:00:00Z",
    { going: 0, checkedIn: 0 },
    "draft",
  );
  await addEvent("Past midnight", "2026-03-09T03:30:00Z", "2026-03-09T04:30:00Z", { going: 2, checkedIn: 2 });
  // The previous week (23 February to 1 March).
  await addEvent("Last week", "2026-02-25T23:00:00Z", "2026-02-26T01:00:00Z", { going: 5, checkedIn: 5 });
  // Still going on at the server's now: not held yet.
  await addEvent("Tonight", "2026-03-10T15:00:00Z", "2026-03-10T18:00:00Z", { going: 7, checkedIn: 4 });

  await addPayment(night, "EUR", 2500, 500);
  await addPayment(night, "USD", 1000);

  const other = await quickSignIn(t, "Other Owner");
  const elsewhere = await other.browser.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Elsewhere",
        slug: `elsewhere-${Math.random().toString(36).slice(2, 8)}`,
        timeZone: "America/New_York",
        currency: "USD",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
  await addEvent(
    "Elsewhere night",
    "2026-03-03T23:00:00Z",
    "2026-03-04T01:00:00Z",
    { going: 50, checkedIn: 50 },
    "published",
    elsewhere.data?.createCommunity.id as string,
  );
  // The figures read from the rollups once the log's subscribers have counted the joins above.
  await t.drain();
});
afterAll(() => t?.close());

describe("communityInsights", () => {
  it("counts the events held in a DST week by their New York days, with the previous week beside them", async () => {
    const result = await owner.graphql<Insights>(INSIGHTS, { id: communityId, period: DST_WEEK });
    expect(result.errors).toBeUndefined();
    const insights = result.data?.communityInsights;
    expect(insights?.period).toEqual({
      ...DST_WEEK,
      previousFrom: "2026-02-23",
      previousTo: "2026-03-01",
      granularity: "DAY",
      timeZone: "America/New_York",
      preset: null,
    });
    expect(insights?.figures.eventsHeld).toEqual({ value: 3, previous: 1 });
    expect(insights?.figures.attendanceRate).toEqual({ value: 12 / 20, previous: 1 });
    expect(insights?.figures.noShowRate.value).toBeCloseTo(0.4);
    expect(insights?.figures.noShowRate.previous).toBe(0);
    const zero = { events: 0, going: 0, checkedIn: 0, attendanceRate: null };
    expect(insights?.eventsHeld).toEqual([
      { bucket: "2026-03-02", events: 1, going: 4, checkedIn: 1, attendanceRate: 0.25 },
      { bucket: "2026-03-03", ...zero },
      { bucket: "2026-03-04", ...zero },
      { bucket: "2026-03-05", ...zero },
      { bucket: "2026-03-06", ...zero },
      { bucket: "2026-03-07", ...zero },
      { bucket: "2026-03-08", events: 2, going: 16, checkedIn: 11, attendanceRate: 11 / 16 },
    ]);
  });

  it("ranks the top events by registrations, with their money per currency for the owner", async () => {
    const result = await owner.graphql<Insights>(INSIGHTS, { id: communityId, period: DST_WEEK });
    expect(result.data?.communityInsights.topEvents).toEqual([
      {
        eventId: ids["Spring forward party"],
        title: "Spring forward party",
        registrations: 13,
        going: 10,
        checkedIn: 8,
        attendanceRate: 0.8,
        revenue: [
          { currency: "EUR", netMinor: 2000 },
          { currency: "USD", netMinor: 1000 },
        ],
      },
      {
        eventId: ids["Sunday late"],
        title: "Sunday late",
        registrations: 6,
        going: 6,
        checkedIn: 3,
        attendanceRate: 0.5,
        revenue: [],
      },
      {
        eventId: ids["Monday early"],
        title: "Monday early",
        registrations: 4,
        going: 4,
        checkedIn: 1,
        attendanceRate: 0.25,
        revenue: [],
      },
    ]);
  });

  it("leaves out events still going on at the server's now", async () => {
    const result = await owner.graphql<Insights>(INSIGHTS, {
      id: communityId,
      period: { preset: "LAST_7_DAYS" },
    });
    expect(result.errors).toBeUndefined();
    const insights = result.data?.communityInsights;
    expect(insights?.period).toMatchObject({ from: "2026-03-04", to: "2026-03-10", preset: "LAST_7_DAYS" });
    expect(insights?.topEvents.map((e) => e.title)).toEqual([
      "Spring forward party",
      "Sunday late",
      "Past midnight",
    ]);
  });

  it("shows an organizer everything but money, and refuses members", async () => {
    const asOrganizer = await organizer.graphql<Insights>(INSIGHTS, { id: communityId, period: DST_WEEK });
    expect(asOrganizer.errors).toBeUndefined();
    const insights = asOrganizer.data?.communityInsights;
    expect(insights?.figures.revenue).toBeNull();
    expect(insights?.revenue).toBeNull();
    expect(insights?.topEvents[0]).toMatchObject({ title: "Spring forward party", revenue: null });
    expect(insights?.figures.eventsHeld.value).toBe(3);

    const asMember = await member.graphql<Insights>(INSIGHTS, { id: communityId, period: DST_WEEK });
    expect(asMember.data).toBeNull();
    expect(asMember.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("refuses a period that is not one, naming the field", async () => {
    const result = await owner.graphql<Insights>(INSIGHTS, {
      id: communityId,
      period: { from: "2026-03-08", to: "2026-03-02" },
    });
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(result.errors?.[0]?.extensions?.fields).toEqual([
      { field: "period.to", code: "INVALID", message: "The last day comes on or after the first day." },
    ]);
  });
});

describe("Community.insightsSummary", () => {
  const SUMMARY = `query ($id: ID!) { community(id: $id) {
    insightsSummary { period { from to } members newMembers activeMembers revenue { currency netMinor } } } }`;
  type Summary = {
    community: {
      insightsSummary: {
        period: { from: string; to: string };
        members: number;
        revenue: { currency: string; netMinor: number }[] | null;
      } | null;
    };
  };

  it("gives the overview the last 30 days as insights counts them, money only to those who see it", async () => {
    const asOwner = await owner.graphql<Summary>(SUMMARY, { id: communityId });
    expect(asOwner.errors).toBeUndefined();
    expect(asOwner.data?.community.insightsSummary).toMatchObject({
      period: { from: "2026-02-09", to: "2026-03-10" },
      members: 3,
      revenue: expect.any(Array),
    });
    const fromInsights = await owner.graphql<{
      communityInsights: {
        figures: Record<"members" | "newMembers" | "activeMembers", { value: number }> & {
          revenue: { currency: string; netMinor: number }[];
        };
      };
    }>(
      `query ($id: ID!) { communityInsights(communityId: $id, period: { preset: LAST_30_DAYS }) {
        figures { members { value } newMembers { value } activeMembers { value } revenue { currency netMinor } } } }`,
      { id: communityId },
    );
    const figures = fromInsights.data?.communityInsights.figures;
    expect(asOwner.data?.community.insightsSummary).toEqual({
      period: { from: "2026-02-09", to: "2026-03-10" },
      members: figures?.members.value,
      newMembers: figures?.newMembers.value,
      activeMembers: figures?.activeMembers.value,
      revenue: figures?.revenue,
    });

    const asOrganizer = await organizer.graphql<Summary>(SUMMARY, { id: communityId });
    expect(asOrganizer.data?.community.insightsSummary).toMatchObject({ members: 3, revenue: null });
    const asMember = await member.graphql<Summary>(SUMMARY, { id: communityId });
    expect(asMember.errors).toBeUndefined();
    expect(asMember.data?.community.insightsSummary).toBeNull();
  });
});

describe("/api/communities/{id}/insights/{chart}.csv", () => {
  const csv = async (browser: TestBrowser, chart: string, query: string) => {
    const response = await browser.fetch(`/api/communities/${communityId}/insights/${chart}.csv?${query}`);
    const text = await response.text();
    return {
      response,
      lines: text
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n"),
    };
  };

  it("downloads a chart's table, one row per bucket", async () => {
    const { response, lines } = await csv(owner, "events-held", "from=2026-03-02&to=2026-03-08");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="insights-events-held-2026-03-02-2026-03-08.csv"',
    );
    expect(lines).toEqual([
      "Bucket,Events held,Going,Checked in,Attendance rate",
      "2026-03-02,1,4,1,0.25",
      "2026-03-03,0,0,0,",
      "2026-03-04,0,0,0,",
      "2026-03-05,0,0,0,",
      "2026-03-06,0,0,0,",
      "2026-03-07,0,0,0,",
      "2026-03-08,2,16,11,0.6875",
    ]);
  });

  it("writes the top events' money in major units for the owner, and no money column for an organizer", async () => {
    const asOwner = await csv(owner, "top-events", "from=2026-03-02&to=2026-03-08");
    expect(asOwner.lines[0]).toBe("Event,Starts at,Registrations,Going,Checked in,Attendance rate,Revenue");
    expect(asOwner.lines[1]).toBe(
      "Spring forward party,2026-03-08T05:30:00.000Z,13,10,8,0.8,EUR 20.00; USD 10.00",
    );
    const asOrganizer = await csv(organizer, "top-events", "preset=last_7_days");
    expect(asOrganizer.lines[0]).toBe("Event,Starts at,Registrations,Going,Checked in,Attendance rate");
  });

  it("refuses revenue to an organizer, everything to a member, and a bad period or chart", async () => {
    expect((await csv(organizer, "revenue", "preset=last_30_days")).response.status).toBe(403);
    expect((await csv(owner, "revenue", "preset=last_30_days")).response.status).toBe(200);
    expect((await csv(member, "events-held", "preset=last_30_days")).response.status).toBe(403);
    const bad = await csv(owner, "events-held", "from=2026-02-30&to=2026-03-08");
    expect(bad.response.status).toBe(400);
    expect((await csv(owner, "everything", "preset=last_30_days")).response.status).toBe(404);
  });

  it("answers an outsider as if the community were not there, and a visitor signed out with 401", async () => {
    const outsider = await quickSignIn(t, "Otto Outsider");
    expect((await csv(outsider.browser, "events-held", "preset=last_30_days")).response.status).toBe(404);
    expect((await csv(t.browser(), "events-held", "preset=last_30_days")).response.status).toBe(401);
  });

  it("defuses an event title a spreadsheet would run as a formula", async () => {
    await addEvent(
      '=HYPERLINK("https://evil.example","Open")',
      "2026-01-05T15:00:00Z",
      "2026-01-05T17:00:00Z",
      {
        going: 1,
        checkedIn: 1,
      },
    );
    const { lines } = await csv(owner, "top-events", "from=2026-01-05&to=2026-01-05");
    expect(lines[1]).toBe(
      '"\'=HYPERLINK(""https://evil.example"",""Open"")",2026-01-05T15:00:00.000Z,1,1,1,1,',
    );
  });
});
