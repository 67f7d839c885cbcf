import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { community, membership } from "#server/db/schema.ts";
import {
  createCommunity,
  createEvent,
  EVENT_FIELDS,
  type EventResult,
  eventInput,
  getEventAs,
  quickSignIn,
  REGISTRATION_FIELDS,
  type RegistrationResult,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { toWallTime } from "#shared/time.ts";

let t: TestServer;
let organizer: TestBrowser;
let communityId: string;

const people: { browser: TestBrowser; id: string }[] = [];
const person = async (name: string) => {
  const p = await quickSignIn(t, name);
  people.push(p);
  return p;
};

const act = async (browser: TestBrowser, mutation: string, id: string) => {
  const result = await browser.graphql<Record<string, RegistrationResult>>(
    `mutation ($id: ID!) { ${mutation}(id: $id) { ${REGISTRATION_FIELDS} } }`,
    { id },
  );
  return { ...result, registration: result.data?.[mutation] as RegistrationResult };
};

const LIST = `query ($eventId: ID!, $status: RegistrationStatus, $ticketTypeId: ID, $search: String, $first: Int, $after: String) {
  eventRegistrations(eventId: $eventId, status: $status, ticketTypeId: $ticketTypeId, search: $search, first: $first, after: $after) {
    totalCount pageInfo { endCursor hasNextPage } nodes { ${REGISTRATION_FIELDS} } } }`;

beforeAll(async () => {
  // Mail is the notifications module's to test; here the sender stays idle so seat decisions are
  // measured alone (on PGlite it shares the one connection with these requests).
  t = await startTestServer({ overrides: { jobs: { pollIntervalMs: 3_600_000, testHoldMs: 3_600_000 } } });
  // Real sign-in through mail is covered in events.int.test.ts; everyone here signs in quickly.
  organizer = (await quickSignIn(t, "Olivia Organizer")).browser;
  communityId = await createCommunity(organizer, "Climbing club");
});
afterAll(() => t.close());

describe("registering", () => {
  it("gives a seat, a check-in code and a membership of the open community", async () => {
    const event = await createEvent(organizer, communityId, { capacity: 2 });
    const { browser, id } = await person("Greta Going");
    const before = await t.server.database.db
      .select({ n: community.memberCount })
      .from(community)
      .where(eq(community.id, communityId));
    const result = await registerFor(browser, event.id);
    expect(result.errors).toBeUndefined();
    expect(result.data?.register).toMatchObject({
      status: "GOING",
      waitlistPosition: null,
      person: { id, name: "Greta Going" },
      ticketType: { name: "General" },
      event: { goingCount: 1 },
    });
    expect(result.data?.register.checkInCode).toMatch(/^[A-Z2-9]{10}$/);
    const [joined] = await t.server.database.db.select().from(membership).where(eq(membership.userId, id));
    expect(joined).toMatchObject({ communityId, status: "active", source: "event", role: "member" });
    const after = await t.server.database.db
      .select({ n: community.memberCount })
      .from(community)
      .where(eq(community.id, communityId));
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);

    const again = await registerFor(browser, event.id);
    expect(again.errors?.[0]?.extensions?.code).toBe("ALREADY_REGISTERED");
    const mine = await getEventAs(browser, event.id);
    expect(mine.data?.event).toMatchObject({ goingCount: 1, spotsLeft: 1 });
  });

  it("waitlists when full, promotes the earliest on cancel, then on a capacity raise", async () => {
    const event = await createEvent(organizer, communityId, { capacity: 1 });
    const a = await person("Anna");
    const b = await person("Ben");
    const c = await person("Cleo");
    const ra = (await registerFor(a.browser, event.id)).data?.register as RegistrationResult;
    const rb = (await registerFor(b.browser, event.id)).data?.register as RegistrationResult;
    const rc = (await registerFor(c.browser, event.id)).data?.register as RegistrationResult;
    expect([ra.status, rb.status, rc.status]).toEqual(["GOING", "WAITLISTED", "WAITLISTED"]);
    expect([rb.waitlistPosition, rc.waitlistPosition]).toEqual([1, 2]);

    const canceled = await act(a.browser, "cancelRegistration", ra.id);
    expect(canceled.registration).toMatchObject({
      status: "CANCELED",
      event: { goingCount: 1, waitlistCount: 1 },
    });
    const list = await organizer.graphql<{ eventRegistrations: { nodes: RegistrationResult[] } }>(LIST, {
      eventId: event.id,
    });
    const statuses = Object.fromEntries(
      (list.data?.eventRegistrations.nodes ?? []).map((r) => [r.person.name, [r.status, r.waitlistPosition]]),
    );
    expect(statuses).toEqual({ Anna: ["CANCELED", null], Ben: ["GOING", null], Cleo: ["WAITLISTED", 1] });

    // Registering again after canceling reuses the row and queues at the end.
    const back = await registerFor(a.browser, event.id);
    expect(back.data?.register).toMatchObject({ id: ra.id, status: "WAITLISTED", waitlistPosition: 2 });

    const raised = await organizer.graphql<{ updateEvent: EventResult }>(
      `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { ${EVENT_FIELDS} } }`,
      {
        id: event.id,
        input: eventInput({
          capacity: 3,
          ticketTypes: [{ id: event.ticketTypes[0]?.id, name: "General" }],
          ...pickTimes(event),
        }),
      },
    );
    expect(raised.errors).toBeUndefined();
    expect(raised.data?.updateEvent).toMatchObject({ goingCount: 3, waitlistCount: 0, spotsLeft: 0 });
  });

  it("refuses with EVENT_FULL when the waitlist is off, and respects ticket quantities", async () => {
    const event = await createEvent(organizer, communityId, {
      capacity: 10,
      waitlistEnabled: false,
      ticketTypes: [{ name: "Member", quantity: 1 }, { name: "Guest" }],
    });
    const [memberTicket, guestTicket] = event.ticketTypes;
    const a = await person("Ada");
    const b = await person("Bo");
    const noType = await registerFor(a.browser, event.id);
    expect(noType.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "ticketTypeId", code: "REQUIRED" }),
    ]);
    expect(
      (await registerFor(a.browser, event.id, { ticketTypeId: memberTicket?.id })).data?.register.status,
    ).toBe("GOING");
    const full = await registerFor(b.browser, event.id, { ticketTypeId: memberTicket?.id });
    expect(full.errors?.[0]?.extensions?.code).toBe("EVENT_FULL");
    const guest = await registerFor(b.browser, event.id, { ticketTypeId: guestTicket?.id });
    expect(guest.data?.register).toMatchObject({ status: "GOING", ticketType: { name: "Guest" } });
    const seen = await getEventAs(b.browser, event.id);
    expect(seen.data?.event.ticketTypes.map((tt) => tt.remaining)).toEqual([0, 8]);
  });

  it("puts people on hold when approval is required: approve, decline, approve without seats", async () => {
    const event = await createEvent(organizer, communityId, {
      capacity: 1,
      approvalRequired: true,
      waitlistEnabled: false,
    });
    const a = await person("Pia");
    const b = await person("Paul");
    const c = await person("Petra");
    const ra = (await registerFor(a.browser, event.id)).data?.register as RegistrationResult;
    const rb = (await registerFor(b.browser, event.id)).data?.register as RegistrationResult;
    const rc = (await registerFor(c.browser, event.id)).data?.register as RegistrationResult;
    expect([ra.status, rb.status, rc.status]).toEqual(["PENDING", "PENDING", "PENDING"]);
    expect(rc.event.pendingCount).toBe(3);

    const selfApprove = await act(a.browser, "approveRegistration", ra.id);
    expect(selfApprove.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const approved = await act(organizer, "approveRegistration", ra.id);
    expect(approved.registration).toMatchObject({
      status: "GOING",
      event: { goingCount: 1, pendingCount: 2 },
    });
    const declined = await act(organizer, "declineRegistration", rb.id);
    expect(declined.registration).toMatchObject({ status: "DECLINED", event: { pendingCount: 1 } });
    const noSeat = await act(organizer, "approveRegistration", rc.id);
    expect(noSeat.errors?.[0]?.extensions?.code).toBe("NO_SEATS");
    // Declined people may ask again; they wait for approval again.
    expect((await registerFor(b.browser, event.id)).data?.register).toMatchObject({
      id: rb.id,
      status: "PENDING",
    });
  });

  it("moves someone from the waitlist only when a seat is free", async () => {
    const event = await createEvent(organizer, communityId, { capacity: 1 });
    const a = await person("Wanda");
    const b = await person("Walt");
    const ra = (await registerFor(a.browser, event.id)).data?.register as RegistrationResult;
    const rb = (await registerFor(b.browser, event.id)).data?.register as RegistrationResult;
    expect((await act(organizer, "moveFromWaitlist", rb.id)).errors?.[0]?.extensions?.code).toBe("NO_SEATS");
    // Declining the one going frees the seat, and the waitlist moves up on its own.
    const declined = await act(organizer, "declineRegistration", ra.id);
    expect(declined.registration.event).toMatchObject({ goingCount: 1, waitlistCount: 0 });
    const list = await organizer.graphql<{ eventRegistrations: { nodes: RegistrationResult[] } }>(LIST, {
      eventId: event.id,
      status: "GOING",
    });
    expect(list.data?.eventRegistrations.nodes.map((r) => r.person.name)).toEqual(["Walt"]);
  });

  it("answers a change that does not fit the registration's state with CONFLICT and its reason", async () => {
    const event = await createEvent(organizer, communityId, { capacity: 1 });
    const a = await person("Cora");
    const b = await person("Cole");
    const going = (await registerFor(a.browser, event.id)).data?.register as RegistrationResult;
    const waiting = (await registerFor(b.browser, event.id)).data?.register as RegistrationResult;
    expect([going.status, waiting.status]).toEqual(["GOING", "WAITLISTED"]);
    expect((await act(organizer, "approveRegistration", waiting.id)).errors?.[0]).toMatchObject({
      message: "Only pending registrations can be approved.",
      extensions: { code: "CONFLICT" },
    });
    expect((await act(organizer, "declineRegistration", going.id)).registration.status).toBe("DECLINED");
    expect((await act(organizer, "moveFromWaitlist", going.id)).errors?.[0]).toMatchObject({
      message: "Only waitlisted registrations can be moved.",
      extensions: { code: "CONFLICT" },
    });
    const checkIn = await organizer.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", {
      id: going.id,
    });
    expect(checkIn.errors?.[0]).toMatchObject({
      message: "Only people who are going can be checked in.",
      extensions: { code: "CONFLICT" },
    });
  });

  it("checks answers: required ones and choices within the options", async () => {
    const event = await createEvent(organizer, communityId, {
      questions: [
        { kind: "SHORT_TEXT", label: "Name on badge", required: true },
        { kind: "SINGLE_CHOICE", label: "Meal", required: true, options: ["Meat", "Veggie"] },
        { kind: "MULTIPLE_CHOICE", label: "Workshops", required: false, options: ["A", "B", "C"] },
        { kind: "CHECKBOX", label: "I accept the rules", required: true },
      ],
    });
    const [badge, meal, workshops, rules] = event.questions.map((q) => q.id) as [
      string,
      string,
      string,
      string,
    ];
    const a = await person("Quinn");
    const missing = await registerFor(a.browser, event.id, {
      answers: [{ questionId: meal, values: ["Fish"] }],
    });
    const fields = (missing.errors?.[0]?.extensions?.fields ?? []).map((f) => `${f.field}:${f.code}`);
    expect(fields.sort()).toEqual(
      [
        `answers.${badge}:ANSWER_REQUIRED`,
        `answers.${meal}:INVALID_ANSWER`,
        `answers.${rules}:ANSWER_REQUIRED`,
      ].sort(),
    );
    const ok = await registerFor(a.browser, event.id, {
      answers: [
        { questionId: badge, values: ["Q"] },
        { questionId: meal, values: ["Veggie"] },
        { questionId: workshops, values: ["A", "C"] },
        { questionId: rules, values: ["true"] },
      ],
    });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.register.answers).toEqual([
      { questionId: badge, label: "Name on badge", values: ["Q"] },
      { questionId: meal, label: "Meal", values: ["Veggie"] },
      { questionId: workshops, label: "Workshops", values: ["A", "C"] },
      { questionId: rules, label: "I accept the rules", values: ["true"] },
    ]);
  });

  it("checks people in by id and by code, and undoes it", async () => {
    const event = await createEvent(organizer, communityId);
    const a = await person("Cody");
    const b = await person("Cara");
    const ra = (await registerFor(a.browser, event.id)).data?.register as RegistrationResult;
    const rb = (await registerFor(b.browser, event.id)).data?.register as RegistrationResult;
    const byId = await organizer.graphql<{ checkIn: RegistrationResult }>(
      "mutation ($id: ID!) { checkIn(registrationId: $id) { id checkedInAt } }",
      { id: ra.id },
    );
    expect(byId.data?.checkIn.checkedInAt).toBeTruthy();
    const byCode = await organizer.graphql<{ checkInByCode: RegistrationResult }>(
      "mutation ($e: ID!, $c: String!) { checkInByCode(eventId: $e, code: $c) { id checkedInAt } }",
      { e: event.id, c: (rb.checkInCode as string).toLowerCase() },
    );
    expect(byCode.data?.checkInByCode).toMatchObject({ id: rb.id });
    const wrong = await organizer.graphql(
      "mutation ($e: ID!, $c: String!) { checkInByCode(eventId: $e, code: $c) { id } }",
      { e: event.id, c: "NOPE000000" },
    );
    expect(wrong.errors?.[0]?.extensions?.code).toBe("INVALID_CODE");
    const selfCheckIn = await a.browser.graphql(
      "mutation ($id: ID!) { checkIn(registrationId: $id) { id } }",
      {
        id: ra.id,
      },
    );
    expect(selfCheckIn.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await getEventAs(organizer, event.id)).data?.event.checkedInCount).toBe(2);
    await organizer.graphql("mutation ($id: ID!) { undoCheckIn(registrationId: $id) { id } }", { id: ra.id });
    expect((await getEventAs(organizer, event.id)).data?.event.checkedInCount).toBe(1);
  });

  it("lists, filters and searches registrations with totals; counts message recipients", async () => {
    const event = await createEvent(organizer, communityId, {
      capacity: 3,
      ticketTypes: [{ name: "A" }, { name: "B" }],
    });
    const [ta, tb] = event.ticketTypes;
    for (const [i, name] of ["Lena 100%", "Lars", "Lina", "Leo", "Lukas"].entries()) {
      const p = await person(name);
      await registerFor(p.browser, event.id, { ticketTypeId: (i % 2 === 0 ? ta : tb)?.id });
    }
    const all = await organizer.graphql<{
      eventRegistrations: {
        totalCount: number;
        nodes: RegistrationResult[];
        pageInfo: { endCursor: string };
      };
    }>(LIST, { eventId: event.id, first: 2 });
    expect(all.data?.eventRegistrations.totalCount).toBe(5);
    expect(all.data?.eventRegistrations.nodes.map((r) => r.person.name)).toEqual(["Lena 100%", "Lars"]);
    expect(all.data?.eventRegistrations.nodes[0]?.person.email).toContain("@example.test");
    const next = await organizer.graphql<{ eventRegistrations: { nodes: RegistrationResult[] } }>(LIST, {
      eventId: event.id,
      first: 2,
      after: all.data?.eventRegistrations.pageInfo.endCursor,
    });
    expect(next.data?.eventRegistrations.nodes.map((r) => r.person.name)).toEqual(["Lina", "Leo"]);
    const waitlisted = await organizer.graphql<{ eventRegistrations: { totalCount: number } }>(LIST, {
      eventId: event.id,
      status: "WAITLISTED",
    });
    expect(waitlisted.data?.eventRegistrations.totalCount).toBe(2);
    const byType = await organizer.graphql<{ eventRegistrations: { totalCount: number } }>(LIST, {
      eventId: event.id,
      ticketTypeId: tb?.id,
    });
    expect(byType.data?.eventRegistrations.totalCount).toBe(2);
    const search = await organizer.graphql<{
      eventRegistrations: { totalCount: number; nodes: RegistrationResult[] };
    }>(LIST, { eventId: event.id, search: "0%" });
    expect(search.data?.eventRegistrations.nodes.map((r) => r.person.name)).toEqual(["Lena 100%"]);
    const message = await organizer.graphql<{ messageRegistrants: number }>(
      `mutation ($id: ID!) { messageRegistrants(eventId: $id, input: { subject: "Bring shoes", body: "Thanks!", status: GOING }) }`,
      { id: event.id },
    );
    expect(message.data?.messageRegistrants).toBe(3);
  });

  it("finds a guest by the check-in code from their mail, typed in any case with spaces or dashes", async () => {
    const event = await createEvent(organizer, communityId);
    const guest = await person("Ada Guest");
    await person("Other Guest").then((p) => registerFor(p.browser, event.id));
    const mine = (await registerFor(guest.browser, event.id)).data?.register as RegistrationResult;
    const code = mine.checkInCode as string;
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5, 8)} ${code.slice(8)}`;
    const found = await organizer.graphql<{
      eventRegistrations: { totalCount: number; nodes: RegistrationResult[] };
    }>(LIST, { eventId: event.id, status: "GOING", search: typed });
    expect(found.errors).toBeUndefined();
    expect(found.data?.eventRegistrations.totalCount).toBe(1);
    expect(found.data?.eventRegistrations.nodes.map((r) => r.id)).toEqual([mine.id]);
    const partial = await organizer.graphql<{ eventRegistrations: { totalCount: number } }>(LIST, {
      eventId: event.id,
      search: code.slice(0, 6),
    });
    expect(partial.data?.eventRegistrations.totalCount).toBe(0);
  });

  it("lists the viewer's own registrations", async () => {
    const upcoming = await createEvent(organizer, communityId, { title: "Mine upcoming" });
    const p = await person("Mo");
    await registerFor(p.browser, upcoming.id);
    const mine = await p.browser.graphql<{
      myRegistrations: { nodes: { status: string; checkInCode: string; event: { id: string } }[] };
    }>(
      "{ myRegistrations(when: UPCOMING) { nodes { status checkInCode event { id } } pageInfo { hasNextPage } } }",
    );
    expect(mine.data?.myRegistrations.nodes).toEqual([
      { status: "GOING", checkInCode: expect.any(String), event: { id: upcoming.id } },
    ]);
    const past = await p.browser.graphql<{ myRegistrations: { nodes: unknown[] } }>(
      "{ myRegistrations(when: PAST) { nodes { id } } }",
    );
    expect(past.data?.myRegistrations.nodes).toEqual([]);
  });
});

describe("the race for the last seats", () => {
  for (const waitlistEnabled of [true, false]) {
    it(`100 people at once for 10 seats (waitlist ${waitlistEnabled ? "on" : "off"})`, async () => {
      const event = await createEvent(organizer, communityId, { capacity: 10, waitlistEnabled });
      const crowd = await Promise.all(Array.from({ length: 100 }, (_, i) => quickSignIn(t, `Racer ${i}`)));
      const results = await Promise.all(crowd.map((p) => registerFor(p.browser, event.id)));
      const outcome = (r: (typeof results)[number]) =>
        r.data?.register.status ?? r.errors?.[0]?.extensions?.code;
      const tally: Record<string, number> = {};
      for (const r of results) {
        const key = String(outcome(r));
        tally[key] = (tally[key] ?? 0) + 1;
      }
      expect(tally).toEqual(waitlistEnabled ? { GOING: 10, WAITLISTED: 90 } : { GOING: 10, EVENT_FULL: 90 });
      const seen = await getEventAs(organizer, event.id);
      expect(seen.data?.event).toMatchObject({
        goingCount: 10,
        waitlistCount: waitlistEnabled ? 90 : 0,
        spotsLeft: 0,
      });
    }, 120_000);
  }
});

function pickTimes(event: EventResult) {
  return {
    startsAtLocal: toWallTime(new Date(event.startsAt), "Europe/Berlin"),
    endsAtLocal: toWallTime(new Date(event.endsAt), "Europe/Berlin"),
  };
}
