// Where each registration came from, on its row and in the log's `registration.created`, and the
// join that registering for a public event brings, which has the registration's origin: signed
// in, as a guest, and through a paid checkout completed on Stripe. Paying for a membership plan
// joins from where the buyer came from too.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { domainEvent, registration } from "#server/db/schema.ts";
import { paidEvent, sessionIdOf, started } from "#server/modules/checkout/checkout-test-support.ts";
import { createCommunity, createEvent, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { clubWithPlan, payCheckout } from "#server/modules/payments/member-subscriptions-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "#server/modules/payments/payments-test-support.ts";
import {
  SERVER_PER_TEST_TIMEOUT,
  startTestServer,
  type TestBrowser,
  type TestServer,
  uniqueEmail,
} from "#server/test/harness.ts";
import { GUEST_REGISTER } from "./guest-test-support.ts";

type Db = TestServer["server"]["database"]["db"];

/** Each log entry of a type about the event's or community's people: its subject and origin (null where absent). */
async function entries(db: Db, communityId: string, type: "registration.created" | "member.joined") {
  const rows = await db
    .select({ subjectId: domainEvent.subjectId, payload: domainEvent.payload })
    .from(domainEvent)
    .where(and(eq(domainEvent.communityId, communityId), eq(domainEvent.type, type)));
  return rows.map((row) => ({ subjectId: row.subjectId, origin: row.payload.origin ?? null }));
}

async function rowOrigins(db: Db, eventId: string) {
  const rows = await db
    .select({ userId: registration.userId, origin: registration.origin })
    .from(registration)
    .where(eq(registration.eventId, eventId));
  return new Map(rows.map((row) => [row.userId, row.origin]));
}

const register = (browser: TestBrowser, eventId: string, origin: string | null) =>
  browser.graphql<{ register: { id: string; status: string } }>(
    "mutation ($eventId: ID!, $input: RegisterInput!) { register(eventId: $eventId, input: $input) { id status } }",
    { eventId, input: { answers: [], origin } },
  );

describe("where free registrations come from", () => {
  let t: TestServer;
  let communityId: string;
  let eventId: string;
  let organizer: TestBrowser;
  beforeAll(async () => {
    t = await startTestServer();
    organizer = (await quickSignIn(t, "Olivia Organizer")).browser;
    communityId = await createCommunity(organizer, "Origin club");
    eventId = (await createEvent(organizer, communityId, { capacity: 50 })).id;
  });
  afterAll(() => t.close());
  const db = () => t.server.database.db;

  it("a registration from the event page, the community page or a shared link records it, and the join it brings has it too", async () => {
    const cases = [
      ["event_page", "event_page"],
      ["community_page", "community_page"],
      ["link:Newsletter", "link:newsletter"],
    ] as const;
    for (const [sent, kept] of cases) {
      const someone = await quickSignIn(t, "Rita Registrant");
      const result = await register(someone.browser, eventId, sent);
      expect(result.errors, sent).toBeUndefined();
      expect(result.data?.register.status).toBe("GOING");
      expect((await rowOrigins(db(), eventId)).get(someone.id)).toBe(kept);
      expect(await entries(db(), communityId, "registration.created")).toContainEqual({
        subjectId: someone.id,
        origin: kept,
      });
      expect(await entries(db(), communityId, "member.joined")).toContainEqual({
        subjectId: someone.id,
        origin: kept,
      });
    }
  });

  it("an origin a page may not give is ignored: the registration goes through as unknown", async () => {
    const someone = await quickSignIn(t, "Ivo Ignored");
    const result = await register(someone.browser, eventId, "import");
    expect(result.errors).toBeUndefined();
    expect((await rowOrigins(db(), eventId)).get(someone.id)).toBeNull();
    expect(await entries(db(), communityId, "registration.created")).toContainEqual({
      subjectId: someone.id,
      origin: null,
    });
  });

  it("the event's organizers read where a registration came from; the registrant does not", async () => {
    const someone = await quickSignIn(t, "Nia Newsletter");
    const made = await register(someone.browser, eventId, "link:news");
    const id = made.data?.register.id as string;
    const query =
      "query ($eventId: ID!) { eventRegistrations(eventId: $eventId, first: 100) { nodes { id origin } } }";
    const seen = await organizer.graphql<{
      eventRegistrations: { nodes: { id: string; origin: string | null }[] };
    }>(query, { eventId });
    expect(seen.data?.eventRegistrations.nodes.find((node) => node.id === id)?.origin).toBe("link:news");
    const own = await someone.browser.graphql<{
      myRegistrations: { nodes: { id: string; origin: string | null }[] };
    }>("{ myRegistrations(when: UPCOMING) { nodes { id origin } } }");
    expect(own.data?.myRegistrations.nodes).toEqual([{ id, origin: null }]);
  });

  it("a guest's registration records the shared link it came from", async () => {
    const email = uniqueEmail("guest");
    const result = await t.browser().graphql<{ registerAsGuest: { status: string } }>(GUEST_REGISTER, {
      eventId,
      input: { name: "Gus Guest", email, answers: [], origin: "link:utm.Mastodon" },
    });
    expect(result.errors).toBeUndefined();
    const [row] = await db()
      .select({ userId: registration.userId, origin: registration.origin, guestName: registration.guestName })
      .from(registration)
      .where(and(eq(registration.eventId, eventId), eq(registration.guestName, "Gus Guest")));
    expect(row?.origin).toBe("link:utm.mastodon");
    expect(await entries(db(), communityId, "registration.created")).toContainEqual({
      subjectId: row?.userId,
      origin: "link:utm.mastodon",
    });
  });
});

describe("where paid registrations and memberships come from", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  let world: PaymentsWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it("a ticket bought after arriving from a shared link carries the link once it is paid, and so does the join", async () => {
    world = await startPaymentsServer({ connect: false });
    const { event, ticketTypeId, communityId } = await paidEvent(world);
    const buyer = await quickSignIn(world.t, "Bea Buyer");
    const input = { ticketTypeId, quantity: 1, origin: "link:Newsletter" };
    const { url } = await started(buyer.browser, event.id, input);
    const db = world.t.server.database.db;
    expect((await rowOrigins(db, event.id)).get(buyer.id)).toBe("link:newsletter");
    expect(await entries(db, communityId, "member.joined")).not.toContainEqual(
      expect.objectContaining({ subjectId: buyer.id }),
    );

    const email = (await buyer.browser.graphql<{ viewer: { email: string } }>("{ viewer { email } }")).data
      ?.viewer.email as string;
    world.standin.pay(sessionIdOf(url), { name: "Bea Buyer", email });
    await world.settle();

    const [paid] = await db
      .select({ status: registration.status, origin: registration.origin })
      .from(registration)
      .where(eq(registration.eventId, event.id));
    expect(paid).toEqual({ status: "going", origin: "link:newsletter" });
    expect(await entries(db, communityId, "registration.created")).toContainEqual({
      subjectId: buyer.id,
      origin: "link:newsletter",
    });
    expect(await entries(db, communityId, "member.joined")).toContainEqual({
      subjectId: buyer.id,
      origin: "link:newsletter",
    });
  });

  it("a membership plan paid for on Stripe joins from where the buyer started its checkout", async () => {
    world = await startPaymentsServer();
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1200 });
    const ada = await quickSignIn(world.t, "Ada Guest");
    const started = await ada.browser.graphql<{ subscribeToPlan: { url: string } }>(
      "mutation ($id: ID!, $origin: String) { subscribeToPlan(planId: $id, origin: $origin) { url } }",
      { id: club.plan.id, origin: "community_page" },
    );
    expect(started.errors).toBeUndefined();
    await payCheckout(started.data?.subscribeToPlan.url as string);
    await world.settle();
    expect(await entries(world.t.server.database.db, club.communityId, "member.joined")).toContainEqual({
      subjectId: ada.id,
      origin: "community_page",
    });
  });
});
