import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { event, registration } from "#server/db/schema.ts";
import {
  addMember,
  createCommunity,
  createEvent,
  eventInput,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import {
  SERVER_PER_TEST_TIMEOUT,
  startTestServer,
  type TestBrowser,
  type TestServer,
} from "#server/test/harness.ts";
import { fitForecastModel, forecastAttendance } from "./forecast-model.ts";

let t: TestServer;
let owner: TestBrowser;
let communityId: string;
let eventId: string;
let ticketTypeId: string;
const people: Record<"alice" | "bob" | "carol" | "dave", { browser: TestBrowser; id: string }> = {} as never;

const FORECAST = `query ($id: ID!, $risk: Float) {
  event(id: $id) {
    goingCount waitlistCount capacity
    attendanceForecast(risk: $risk) {
      expected low high going basis method
      overbooking { extraSeats admitted risk probabilityOver }
    }
  }
}`;

type Forecast = {
  expected: number;
  low: number;
  high: number;
  going: number;
  basis: number;
  method: string;
  overbooking: { extraSeats: number; admitted: number; risk: number; probabilityOver: number } | null;
};
type ForecastResult = {
  event: {
    goingCount: number;
    waitlistCount: number;
    capacity: number | null;
    attendanceForecast: Forecast | null;
  };
};

const forecastAs = (browser: TestBrowser, id: string, risk?: number) =>
  browser.graphql<ForecastResult>(FORECAST, { id, ...(risk === undefined ? {} : { risk }) });

/** A free event that ended `daysAgo` days ago, with who was going and who came. */
async function pastEvent(daysAgo: number, attendance: { userId: string; came: boolean }[]): Promise<string> {
  const db = t.server.database.db;
  const startsAt = new Date(Date.now() - daysAgo * 86_400_000);
  const id = randomUUID();
  await db.insert(event).values({
    id,
    communityId,
    title: `Past meetup ${daysAgo}`,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
    timeZone: "Europe/Berlin",
    status: "published",
    goingCount: attendance.length,
    checkedInCount: attendance.filter((a) => a.came).length,
  });
  await db.insert(registration).values(
    attendance.map((a) => ({
      id: randomUUID(),
      eventId: id,
      userId: a.userId,
      status: "going" as const,
      checkInCode: randomUUID(),
      // Registered five days ahead: the "weeks" lead bucket, like the upcoming event's registrants.
      queuedAt: new Date(startsAt.getTime() - 5 * 86_400_000),
      checkedInAt: a.came ? startsAt : null,
    })),
  );
  return id;
}

beforeAll(async () => {
  t = await startTestServer();
  owner = (await quickSignIn(t, "Owner")).browser;
  communityId = await createCommunity(owner, "Forecasters");
  for (const name of ["alice", "bob", "carol", "dave"] as const) {
    people[name] = await quickSignIn(t, name);
    await addMember(t, communityId, people[name].id, "member");
  }
  // Alice came to both, Bob to neither, Carol to one; Dave is new.
  await pastEvent(30, [
    { userId: people.alice.id, came: true },
    { userId: people.bob.id, came: false },
    { userId: people.carol.id, came: true },
  ]);
  await pastEvent(20, [
    { userId: people.alice.id, came: true },
    { userId: people.bob.id, came: false },
    { userId: people.carol.id, came: false },
  ]);
  const upcoming = await createEvent(owner, communityId, { capacity: 2 });
  eventId = upcoming.id;
  ticketTypeId = upcoming.ticketTypes[0]?.id as string;
  for (const name of ["alice", "bob", "carol", "dave"] as const) {
    const registered = await registerFor(people[name].browser, eventId);
    expect(registered.errors).toBeUndefined();
  }
}, SERVER_PER_TEST_TIMEOUT);

afterAll(() => t?.close());

describe("Event.attendanceForecast", () => {
  it("forecasts from each registrant's history and the community's rate", async () => {
    const result = await forecastAs(owner, eventId);
    expect(result.errors).toBeUndefined();
    const forecast = result.data?.event.attendanceForecast as Forecast;
    // Six going at ended events, three came; all free and registered 2 to 14 days ahead.
    const model = fitForecastModel([{ lead: "weeks", paid: false, going: 6, checkedIn: 3 }]);
    const expected = forecastAttendance(
      model,
      {
        registrants: [
          { history: { going: 2, checkedIn: 2 }, leadDays: 10, paid: false, seats: 1 },
          { history: { going: 2, checkedIn: 0 }, leadDays: 10, paid: false, seats: 1 },
        ],
        waitlist: [
          { history: { going: 2, checkedIn: 1 }, leadDays: 10, paid: false, seats: 1 },
          { history: null, leadDays: 10, paid: false, seats: 1 },
        ],
        capacity: 2,
      },
      0.05,
    );
    expect(forecast.expected).toBeCloseTo(expected.expected, 6);
    // Alice is likelier to come than the community, Bob less: together about one and a bit.
    expect(forecast.expected).toBeGreaterThan(0.9);
    expect(forecast.expected).toBeLessThan(1.3);
    expect(forecast).toMatchObject({
      going: 2,
      basis: 2,
      method: "EXACT",
      low: expected.low,
      high: expected.high,
    });
    // Letting Carol in: over capacity only if all three come, more likely than 5%.
    expect(forecast.overbooking).toMatchObject({ extraSeats: 0, admitted: 0, risk: 0.05 });
  });

  it("advises more seats at a higher risk, and raising the capacity by them lets the waitlist in", async () => {
    const before = (await forecastAs(owner, eventId, 0.2)).data?.event;
    const advice = before?.attendanceForecast?.overbooking;
    // Alice, Bob and Carol all coming is under 20%; adding Dave as well is not.
    expect(advice?.extraSeats).toBe(1);
    expect(advice?.probabilityOver).toBeLessThanOrEqual(0.2);
    expect(advice?.probabilityOver).toBeGreaterThan(0.05);

    const updated = await owner.graphql<{
      updateEvent: { capacity: number; goingCount: number; waitlistCount: number };
    }>(
      `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { capacity goingCount waitlistCount } }`,
      {
        id: eventId,
        input: eventInput({
          capacity: (before?.capacity ?? 0) + (advice?.extraSeats ?? 0),
          ticketTypes: [{ id: ticketTypeId, name: "General" }],
        }),
      },
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateEvent).toEqual({ capacity: 3, goingCount: 3, waitlistCount: 1 });

    const after = (await forecastAs(owner, eventId, 0.2)).data?.event.attendanceForecast;
    expect(after?.going).toBe(3);
    expect(after?.basis).toBe(3);
    expect(after?.expected).toBeGreaterThan(before?.attendanceForecast?.expected ?? 0);
  });

  it("is shown to organizers, and to nobody without insights.view", async () => {
    const organizer = await quickSignIn(t, "Organizer");
    await addMember(t, communityId, organizer.id, "organizer");
    expect((await forecastAs(organizer.browser, eventId)).data?.event.attendanceForecast).not.toBeNull();

    const member = people.dave.browser;
    const outsider = (await quickSignIn(t, "Outsider")).browser;
    await createCommunity(outsider, "Elsewhere");
    for (const viewer of [member, outsider, t.browser()]) {
      const result = await forecastAs(viewer, eventId);
      expect(result.errors).toBeUndefined();
      expect(result.data?.event.attendanceForecast).toBeNull();
    }
  });

  it("refuses a risk outside 1% to 20%", async () => {
    const result = await forecastAs(owner, eventId, 0.5);
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("is null for ended and canceled events", async () => {
    const ended = await pastEvent(2, [{ userId: people.alice.id, came: true }]);
    expect((await forecastAs(owner, ended)).data?.event.attendanceForecast).toBeNull();

    const canceled = await createEvent(owner, communityId);
    const cancel = await owner.graphql("mutation ($id: ID!) { cancelEvent(id: $id) { id } }", {
      id: canceled.id,
    });
    expect(cancel.errors).toBeUndefined();
    expect((await forecastAs(owner, canceled.id)).data?.event.attendanceForecast).toBeNull();
  });
});
