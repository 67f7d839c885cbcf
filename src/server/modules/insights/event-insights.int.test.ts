import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registration } from "#server/db/schema.ts";
import {
  addMember,
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import type { Origin } from "#shared/origins.ts";
import { toWallTime } from "#shared/time.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
const NAVIGATION = { "user-agent": BROWSER, "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" };

const QUERY = `query ($id: ID!) { eventInsights(eventId: $id) {
  eventId timeZone registrations going conversion
  pageViews { total days { day views } }
  sources { origin kind ref registrations going }
  checkIns { at localTime checkIns total }
} }`;

type Insights = {
  registrations: number;
  going: number;
  conversion: number | null;
  pageViews: { total: number; days: { day: string; views: number }[] };
  sources: { origin: string; kind: string; ref: string | null; registrations: number; going: number }[];
  checkIns: { at: string; localTime: string; checkIns: number; total: number }[];
};

let t: TestServer;
let owner: TestBrowser;
let communityId: string;
const statements: string[] = [];
const viewWrites = () => statements.filter((s) => /^insert into "insights_event_views"/i.test(s)).length;

beforeAll(async () => {
  t = await startTestServer({
    // Views are written only when the test drains the jobs, so it can count the writes.
    overrides: { jobs: { pollIntervalMs: 3_600_000, pageViewsFlushMs: 0 } },
    logger: { logQuery: (query) => statements.push(query) },
  });
  const distDir = path.join(t.config.dataDir, "no-client");
  mkdirSync(distDir, { recursive: true });
  writeFileSync(
    path.join(distDir, "index.html"),
    "<!doctype html><html><head><title>Commons</title></head><body></body></html>",
  );
  owner = t.browser();
  await owner.signIn(uniqueEmail("owner"), "Olga Owner");
  communityId = await createCommunity(owner, "Night Owls");
});
afterAll(() => t.close());

const insightsOf = async (browser: TestBrowser, id: string) => {
  const result = await browser.graphql<{ eventInsights: Insights }>(QUERY, { id });
  expect(result.errors).toBeUndefined();
  return result.data?.eventInsights as Insights;
};

describe("page views", () => {
  it("counts people opening the page, cached or not, and writes them once per flush", async () => {
    const event = await createEvent(owner, communityId, { title: "Counted" });
    const visitor = t.browser();
    // The first signed-out visit makes the page; the next ones are answered from memory.
    for (let i = 0; i < 5; i++) {
      const response = await visitor.fetch(`/e/${event.id}`, { headers: NAVIGATION });
      expect(response.status).toBe(200);
    }
    expect((await owner.fetch(`/e/${event.id}`, { headers: NAVIGATION })).status).toBe(200);
    // Moving to the page inside the app: the beacon.
    const beacon = await visitor.fetch(`/api/events/${event.id}/view`, {
      method: "POST",
      headers: { "user-agent": BROWSER },
    });
    expect(beacon.status).toBe(204);
    // Not people reading the page: a HEAD, a crawler, a prefetch, a page that is not there.
    await visitor.fetch(`/e/${event.id}`, { method: "HEAD", headers: NAVIGATION });
    await visitor.fetch(`/e/${event.id}`, { headers: { ...NAVIGATION, "user-agent": "Googlebot/2.1" } });
    await visitor.fetch(`/e/${event.id}`, { headers: { ...NAVIGATION, "sec-purpose": "prefetch" } });
    await visitor.fetch("/e/00000000-0000-4000-8000-000000000000", { headers: NAVIGATION });

    const before = viewWrites();
    await t.drain();
    expect(viewWrites() - before).toBe(1);
    const insights = await insightsOf(owner, event.id);
    const today = toWallTime(new Date(), "Europe/Berlin").slice(0, 10);
    expect(insights.pageViews).toEqual({ total: 7, days: [{ day: today, views: 7 }] });
    expect(insights.conversion).toBe(0);

    // The next flush adds to the day's row instead of writing another.
    await visitor.fetch(`/e/${event.id}`, { headers: NAVIGATION });
    await t.drain();
    expect((await insightsOf(owner, event.id)).pageViews.total).toBe(8);
    expect(viewWrites() - before).toBe(2);
  });

  it("limits the beacons one address may send", async () => {
    const event = await createEvent(owner, communityId, { title: "Beaconed" });
    const sender = t.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await sender.fetch(`/api/events/${event.id}/view`, {
        method: "POST",
        headers: { "user-agent": BROWSER },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    await t.drain();
    expect((await insightsOf(owner, event.id)).pageViews.total).toBe(30);
  });

  it("answers a beacon alike for any id, and keeps no views of drafts or of ids that are no event", async () => {
    const draft = await createEvent(owner, communityId, { title: "Not yet" }, false);
    const nobody = "00000000-0000-4000-8000-000000000001";
    const sender = t.browser();
    // The same answer whether the event exists or not: a beacon tells no one what is there.
    for (const id of [draft.id, nobody]) {
      const response = await sender.fetch(`/api/events/${id}/view`, {
        method: "POST",
        headers: { "user-agent": BROWSER },
      });
      expect(response.status).toBe(204);
    }
    await t.drain();
    expect((await insightsOf(owner, draft.id)).pageViews).toEqual({ total: 0, days: [] });
  });
});

describe("eventInsights", () => {
  it("shows registrations, conversion, sources and the check-in curve in the event's time zone", async () => {
    const event = await createEvent(owner, communityId, { title: "Measured", timeZone: "America/New_York" });
    const people = await Promise.all(["Ada", "Ben", "Cy", "Di"].map((name) => quickSignIn(t, name)));
    const registrations: string[] = [];
    for (const person of people) {
      const result = await registerFor(person.browser, event.id);
      expect(result.errors).toBeUndefined();
      registrations.push(result.data?.register.id as string);
    }
    const [ada, ben, cy, di] = registrations as [string, string, string, string];
    const cancel = await people[3]?.browser.graphql(
      "mutation ($id: ID!) { cancelRegistration(id: $id) { id } }",
      {
        id: di,
      },
    );
    expect(cancel?.errors).toBeUndefined();
    for (const id of [ada, ben, cy]) {
      const checkIn = await owner.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", {
        id,
      });
      expect(checkIn.errors).toBeUndefined();
    }
    // Origins and check-in times as the day went (New York is UTC-5 in winter, UTC-4 in summer).
    const db = t.server.database.db;
    const set = (id: string, values: { origin?: Origin | null; checkedInAt?: Date }) =>
      db.update(registration).set(values).where(eq(registration.id, id));
    await set(ada, { origin: "event_page", checkedInAt: new Date("2030-01-15T23:05:00Z") });
    await set(ben, { origin: "link:newsletter", checkedInAt: new Date("2030-01-15T23:07:00Z") });
    await set(cy, { origin: "event_page", checkedInAt: new Date("2030-01-15T23:40:00Z") });
    await set(di, { origin: null });
    for (let i = 0; i < 8; i++) await t.browser().fetch(`/e/${event.id}`, { headers: NAVIGATION });
    await t.drain();

    const insights = await insightsOf(owner, event.id);
    expect(insights.registrations).toBe(4);
    expect(insights.going).toBe(3);
    expect(insights.pageViews.total).toBe(8);
    expect(insights.conversion).toBe(0.5);
    expect(insights.sources).toEqual([
      { origin: "event_page", kind: "event_page", ref: null, registrations: 2, going: 2 },
      { origin: "link:newsletter", kind: "link", ref: "newsletter", registrations: 1, going: 1 },
      { origin: "unknown", kind: "unknown", ref: null, registrations: 1, going: 0 },
    ]);
    expect(insights.checkIns).toEqual([
      { at: "2030-01-15T23:00:00.000Z", localTime: "2030-01-15T18:00", checkIns: 2, total: 2 },
      { at: "2030-01-15T23:15:00.000Z", localTime: "2030-01-15T18:15", checkIns: 0, total: 2 },
      { at: "2030-01-15T23:30:00.000Z", localTime: "2030-01-15T18:30", checkIns: 1, total: 3 },
    ]);
  });

  it("is empty before anyone looked or came, and refused to members without insights.view", async () => {
    const event = await createEvent(owner, communityId, { title: "Quiet" });
    const insights = await insightsOf(owner, event.id);
    expect(insights).toMatchObject({
      registrations: 0,
      going: 0,
      conversion: null,
      sources: [],
      checkIns: [],
    });
    expect(insights.pageViews).toEqual({ total: 0, days: [] });

    const organizer = await quickSignIn(t, "Orla");
    await addMember(t, communityId, organizer.id, "organizer");
    expect((await organizer.browser.graphql(QUERY, { id: event.id })).errors).toBeUndefined();
    const member = await quickSignIn(t, "Milo");
    await addMember(t, communityId, member.id, "member");
    const refused = await member.browser.graphql(QUERY, { id: event.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.data).toBeNull();
  });
});
