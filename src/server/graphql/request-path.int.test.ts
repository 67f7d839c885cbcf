import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { wallInDays } from "#server/test/event-input.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { startStillClockServer } from "#server/test/still-clock-server.ts";

/**
 * SQL statements per request on the hot paths, counted through the database's logger. Lists load
 * what each row needs in one statement per kind (DataLoaders), so the count does not grow with
 * the number of rows.
 */

let server: Awaited<ReturnType<typeof startStillClockServer>>;
let t: TestServer;
let owner: TestBrowser;
let guest: TestBrowser;
let communityId: string;
let eventId: string;

const OVERVIEW = `query ($id: ID!, $first: Int) {
  community(id: $id) {
    id name slug description logoUrl memberCount viewerRole visibility joinPolicy timeZone currency
    createdAt brandColor coverUrl viewerCapabilities
  }
  events(communityId: $id, filter: UPCOMING, first: $first) {
    nodes { id title startsAt endsAt timeZone status capacity goingCount waitlistCount pendingCount coverUrl host { id name } }
    pageInfo { hasNextPage }
  }
}`;

const EVENT_PAGE = `query ($id: ID!) {
  event(id: $id) {
    id title description startsAt endsAt timeZone venueName venueAddress hasOnlineLink onlineUrl coverUrl
    status visibility capacity spotsLeft waitlistEnabled approvalRequired requireVerifiedEmail goingCount
    waitlistCount viewerCanManage cancelMessage
    host { id name slug logoUrl brandColor }
    ticketTypes { id name priceMinor currency quantity remaining }
    questions { id kind label required options }
    viewerRegistration { id status checkInCode checkedInAt waitlistPosition ticketType { id name } }
  }
}`;

const MY_REGISTRATIONS = `{ myRegistrations(when: UPCOMING, first: 20) {
  nodes { id status waitlistPosition ticketType { id name } event { id title host { id name } } }
} }`;

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; count: number }> {
  let result: T | undefined;
  const count = await server.countedStatements(async () => {
    result = await run();
  });
  return { result: result as T, count };
}

/** The app asks for the session when it starts, which leaves the signed cookie cache behind. */
async function signedIn(name: string) {
  const { browser } = await quickSignIn(t, name);
  expect((await browser.fetch("/api/auth/get-session")).status).toBe(200);
  return browser;
}

beforeAll(async () => {
  server = await startStillClockServer();
  t = server.t;
  owner = await signedIn("Olga Overview");
  guest = await signedIn("Ada Guest");
  communityId = await createCommunity(owner, "Counted");
  for (let day = 1; day <= 20; day++) {
    const event = await createEvent(owner, communityId, {
      title: `Evening ${day}`,
      startsAtLocal: wallInDays(day, "18:00"),
      endsAtLocal: wallInDays(day, "20:00"),
      capacity: 1,
    });
    eventId ??= event.id;
    // Full events put the guest on the waitlist: every row then asks for its position.
    expect((await registerFor(owner, event.id)).errors).toBeUndefined();
    expect((await registerFor(guest, event.id)).errors).toBeUndefined();
  }
  // The log's subscribers handle the setup's entries now, not during a counted request.
  await t.drain();
  // Sixty requests: slow when a full run shares the two cores.
}, 180_000);
afterAll(() => t.close());

describe("statements per request", () => {
  it("reads the signed-in viewer from the signed cookie cache, without the database", async () => {
    const { result, count } = await counted(() => owner.graphql("{ viewer { id name } }"));
    expect(result.data).toEqual({ viewer: { id: expect.any(String), name: "Olga Overview" } });
    console.info(`viewer: ${count} statements`);
    expect(count).toBe(0);
  });

  it("loads the dashboard overview's data in the same statements for 5 or 20 events", async () => {
    // Each read starts with nothing kept (decision 014): the setup's changes are a second old, and
    // what the first read kept has ended by the second.
    server.advance(1_000);
    const five = await counted(() => owner.graphql(OVERVIEW, { id: communityId, first: 5 }));
    server.advance(1_000);
    const twenty = await counted(() => owner.graphql(OVERVIEW, { id: communityId, first: 20 }));
    expect(twenty.result.errors).toBeUndefined();
    const nodes = (twenty.result.data as { events: { nodes: { host: { name: string } }[] } }).events.nodes;
    expect(nodes).toHaveLength(20);
    expect(nodes.every((node) => node.host.name === "Counted")).toBe(true);
    console.info(`overview: ${five.count} statements for 5 events, ${twenty.count} for 20`);
    expect(twenty.count).toBe(five.count);
    // The community with the viewer's membership, the page of events; the host comes from the first.
    expect(twenty.count).toBeLessThanOrEqual(3);
    // Read again within the second, the same data comes from what the process kept.
    const again = await counted(() => owner.graphql(OVERVIEW, { id: communityId, first: 20 }));
    expect(again.result).toEqual(twenty.result);
    expect(again.count).toBe(0);
  });

  it("lists a person's registrations in the same statements for any number of rows", async () => {
    const { result, count } = await counted(() => guest.graphql(MY_REGISTRATIONS));
    const nodes = (result.data as { myRegistrations: { nodes: { waitlistPosition: number }[] } })
      .myRegistrations.nodes;
    expect(nodes).toHaveLength(20);
    expect(nodes.every((node) => node.waitlistPosition === 1)).toBe(true);
    console.info(`myRegistrations (20 rows): ${count} statements`);
    expect(count).toBeLessThanOrEqual(5);
  });

  it("answers the public event query for a signed-out visitor", async () => {
    const { result, count } = await counted(() => t.browser().graphql(EVENT_PAGE, { id: eventId }));
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({ event: { title: "Evening 1", goingCount: 1, waitlistCount: 1 } });
    console.info(`public event (signed out): ${count} statements`);
    expect(count).toBeLessThanOrEqual(4);
    const signedIn = await counted(() => guest.graphql(EVENT_PAGE, { id: eventId }));
    expect(signedIn.result.data).toMatchObject({
      event: { viewerRegistration: { status: "WAITLISTED", waitlistPosition: 1 } },
    });
    console.info(`public event (signed in, waitlisted): ${signedIn.count} statements`);
    expect(signedIn.count).toBeLessThanOrEqual(7);
  });
});
