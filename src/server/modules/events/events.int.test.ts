import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wallInDays } from "#server/test/event-input.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { toWallTime } from "#shared/time.ts";
import {
  addMember,
  createCommunity,
  createEvent,
  EVENT_FIELDS,
  type EventResult,
  eventInput,
  getEventAs,
  quickSignIn,
  registerFor,
} from "./events-test-support.ts";

let t: TestServer;
let owner: TestBrowser;
let organizer: TestBrowser;
let member: TestBrowser;
let stranger: TestBrowser;
let communityId: string;

const UPDATE = `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { ${EVENT_FIELDS} } }`;
const CREATE = `mutation ($communityId: ID!, $input: EventInput!, $publish: Boolean!) {
  createEvent(communityId: $communityId, input: $input, publish: $publish) { ${EVENT_FIELDS} } }`;
const LIST = `query ($communityId: ID!, $filter: EventListFilter!, $search: String, $first: Int, $after: String) {
  events(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {
    nodes { id title startsAt status visibility } pageInfo { endCursor hasNextPage } } }`;

beforeAll(async () => {
  t = await startTestServer();
  owner = t.browser();
  await owner.signIn(uniqueEmail("owner"), "Olga Owner");
  communityId = await createCommunity(owner, "Berlin Hackers");
  const org = await quickSignIn(t, "Otto Organizer");
  organizer = org.browser;
  await addMember(t, communityId, org.id, "organizer");
  const mem = await quickSignIn(t, "Mia Member");
  member = mem.browser;
  await addMember(t, communityId, mem.id, "member");
  stranger = (await quickSignIn(t, "Sam Stranger")).browser;
});
afterAll(() => t.close());

describe("creating and editing events", () => {
  it("creates a draft, then publishes it; only managers see the draft", async () => {
    const draft = await createEvent(organizer, communityId, { title: "Draft night" }, false);
    expect(draft).toMatchObject({
      status: "DRAFT",
      viewerCanManage: true,
      publicPath: `/e/${draft.id}`,
      host: { id: communityId, name: "Berlin Hackers" },
      ticketTypes: [{ name: "General", quantity: null, remaining: null, priceMinor: 0, currency: "EUR" }],
    });
    for (const browser of [member, stranger, t.browser()]) {
      const seen = await getEventAs(browser, draft.id);
      expect(seen.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
    const published = await organizer.graphql<{ publishEvent: EventResult }>(
      "mutation ($id: ID!) { publishEvent(id: $id) { id status publishedAt } }",
      { id: draft.id },
    );
    expect(published.data?.publishEvent).toMatchObject({ status: "PUBLISHED" });
    const seen = await getEventAs(t.browser(), draft.id);
    expect(seen.data?.event).toMatchObject({ status: "PUBLISHED", viewerCanManage: false });
  });

  it("refuses to publish an event whose start has passed, but keeps it as a draft", async () => {
    const past = { startsAtLocal: wallInDays(-1, "10:00"), endsAtLocal: wallInDays(-1, "12:00") };
    const published = await organizer.graphql(CREATE, {
      communityId,
      input: eventInput(past),
      publish: true,
    });
    expect(published.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(published.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "startsAtLocal", code: "STARTS_IN_PAST" }),
    ]);
    const draft = await createEvent(organizer, communityId, past, false);
    expect(draft.status).toBe("DRAFT");
    const publish = await organizer.graphql<{ publishEvent: EventResult }>(
      "mutation ($id: ID!) { publishEvent(id: $id) { id status } }",
      { id: draft.id },
    );
    expect(publish.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "startsAtLocal", code: "STARTS_IN_PAST" }),
    ]);
    expect((await getEventAs(organizer, draft.id)).data?.event.status).toBe("DRAFT");
  });

  it("refuses a capacity below the number of people going", async () => {
    const event = await createEvent(organizer, communityId, { capacity: 5 });
    for (const name of ["Gus Going", "Gia Going"]) {
      const guest = await quickSignIn(t, name);
      expect((await registerFor(guest.browser, event.id)).errors).toBeUndefined();
    }
    const ticketTypes = event.ticketTypes.map(({ id, name }) => ({ id, name }));
    const lowered = await organizer.graphql(UPDATE, {
      id: event.id,
      input: eventInput({ capacity: 1, ticketTypes }),
    });
    expect(lowered.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(lowered.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "capacity", code: "CAPACITY_BELOW_GOING" }),
    ]);
    expect((await getEventAs(organizer, event.id)).data?.event).toMatchObject({ capacity: 5, goingCount: 2 });
    const exact = await organizer.graphql(UPDATE, {
      id: event.id,
      input: eventInput({ capacity: 2, ticketTypes }),
    });
    expect(exact.errors).toBeUndefined();
  });

  it("refuses members and strangers who try to create or edit", async () => {
    const asMember = await member.graphql(CREATE, { communityId, input: eventInput(), publish: false });
    expect(asMember.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const asStranger = await stranger.graphql(CREATE, { communityId, input: eventInput(), publish: false });
    expect(asStranger.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const created = await createEvent(owner, communityId);
    const edit = await member.graphql(UPDATE, { id: created.id, input: eventInput({ title: "Mine now" }) });
    expect(edit.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const strangerEdit = await stranger.graphql(UPDATE, { id: created.id, input: eventInput() });
    expect(strangerEdit.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("answers every invalid field at once", async () => {
    const result = await organizer.graphql(CREATE, {
      communityId,
      publish: false,
      input: eventInput({
        title: "  ",
        startsAtLocal: "2030-02-30T10:00",
        endsAtLocal: "2030-03-01T10:00",
        onlineUrl: "javascript:alert(1)",
        capacity: 0,
        ticketTypes: [],
        questions: [
          { kind: "SINGLE_CHOICE", label: "Diet", required: true, options: ["Vegan", "Vegan"] },
          { kind: "SHORT_TEXT", label: "x".repeat(400), required: false },
        ],
      }),
    });
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const fields = (result.errors?.[0]?.extensions?.fields ?? []).map((f) => `${f.field}:${f.code}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        "title:REQUIRED",
        "startsAtLocal:INVALID_TIME",
        "onlineUrl:INVALID_URL",
        "capacity:INVALID_CAPACITY",
        "ticketTypes:REQUIRED",
        "questions.0.options:INVALID_OPTIONS",
        "questions.1.label:TOO_LONG",
      ]),
    );
    const backwards = await organizer.graphql(CREATE, {
      communityId,
      publish: false,
      input: eventInput({ startsAtLocal: "2030-05-01T20:00", endsAtLocal: "2030-05-01T19:00" }),
    });
    expect(backwards.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "endsAtLocal", code: "ENDS_BEFORE_START" }),
    ]);
  });

  it("accepts a title exactly as long as the form allows and names that limit when refusing a longer one", async () => {
    const limit = TEXT_LIMITS.eventTitle;
    const fits = await organizer.graphql(CREATE, {
      communityId,
      publish: false,
      input: eventInput({ title: "t".repeat(limit) }),
    });
    expect(fits.errors).toBeUndefined();
    const over = await organizer.graphql(CREATE, {
      communityId,
      publish: false,
      input: eventInput({ title: "t".repeat(limit + 1) }),
    });
    expect(over.errors?.[0]?.extensions?.fields).toEqual([
      { field: "title", code: "TOO_LONG", message: tooLongMessage("eventTitle") },
    ]);
    expect(tooLongMessage("eventTitle")).toContain(String(limit));
  });

  it("edits ticket types and questions by id: keeps, adds, removes; refuses removing a used ticket type", async () => {
    const created = await createEvent(organizer, communityId, {
      ticketTypes: [{ name: "Early" }, { name: "Regular", quantity: 5 }],
      questions: [{ kind: "SHORT_TEXT", label: "Company", required: false }],
    });
    const [early, regular] = created.ticketTypes;
    const q = created.questions[0];
    const updated = await organizer.graphql<{ updateEvent: EventResult }>(UPDATE, {
      id: created.id,
      input: eventInput({
        title: "Spring meetup, edited",
        ticketTypes: [{ id: regular?.id, name: "Regular+", quantity: 6 }, { name: "Student" }],
        questions: [
          { id: q?.id, kind: "SHORT_TEXT", label: "Company or school", required: true },
          { kind: "MULTIPLE_CHOICE", label: "Topics", required: false, options: ["AI", "Web", "Rust"] },
        ],
      }),
    });
    expect(updated.errors).toBeUndefined();
    const after = updated.data?.updateEvent as EventResult;
    expect(after.title).toBe("Spring meetup, edited");
    expect(after.ticketTypes.map((tt) => [tt.name, tt.quantity])).toEqual([
      ["Regular+", 6],
      ["Student", null],
    ]);
    expect(after.ticketTypes[0]?.id).toBe(regular?.id);
    expect(after.ticketTypes.map((tt) => tt.id)).not.toContain(early?.id);
    expect(after.questions[0]?.id).toBe(q?.id);
    expect(after.questions[1]).toMatchObject({ kind: "MULTIPLE_CHOICE", options: ["AI", "Web", "Rust"] });

    const registered = await registerFor(member, created.id, {
      ticketTypeId: after.ticketTypes[1]?.id as string,
      answers: [{ questionId: q?.id as string, values: ["ACME"] }],
    });
    expect(registered.errors).toBeUndefined();
    const removal = await organizer.graphql(UPDATE, {
      id: created.id,
      input: eventInput({
        ticketTypes: [{ id: after.ticketTypes[0]?.id, name: "Regular+" }],
        questions: [],
      }),
    });
    expect(removal.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "ticketTypes", code: "TICKET_TYPE_IN_USE" }),
    ]);
  });

  it("cancels with a message and stays visible with its status; duplicates as a draft copy", async () => {
    const created = await createEvent(organizer, communityId, {
      title: "Summer party",
      capacity: 30,
      ticketTypes: [{ name: "Guest", quantity: 10 }],
      questions: [{ kind: "CHECKBOX", label: "I am over 18", required: true }],
    });
    const canceled = await organizer.graphql<{ cancelEvent: EventResult }>(
      `mutation ($id: ID!) { cancelEvent(id: $id, message: "Rain, sorry!") { ${EVENT_FIELDS} } }`,
      { id: created.id },
    );
    expect(canceled.data?.cancelEvent).toMatchObject({ status: "CANCELED", cancelMessage: "Rain, sorry!" });
    expect(canceled.data?.cancelEvent.canceledAt).toBeTruthy();
    const publicView = await getEventAs(t.browser(), created.id);
    expect(publicView.data?.event).toMatchObject({ status: "CANCELED", cancelMessage: "Rain, sorry!" });
    const late = await registerFor(member, created.id);
    expect(late.errors?.[0]?.extensions?.code).toBe("EVENT_CLOSED");

    const copy = await organizer.graphql<{ duplicateEvent: EventResult }>(
      `mutation ($id: ID!) { duplicateEvent(id: $id) { ${EVENT_FIELDS} } }`,
      { id: created.id },
    );
    const dup = copy.data?.duplicateEvent as EventResult;
    expect(dup).toMatchObject({
      title: "Summer party (copy)",
      status: "DRAFT",
      capacity: 30,
      goingCount: 0,
      startsAt: created.startsAt,
      endsAt: created.endsAt,
      ticketTypes: [{ name: "Guest", quantity: 10 }],
      questions: [{ kind: "CHECKBOX", label: "I am over 18" }],
    });
    expect(dup.id).not.toBe(created.id);
    expect(dup.ticketTypes[0]?.id).not.toBe(created.ticketTypes[0]?.id);
  });

  it("keeps the online link for managers and people going", async () => {
    const created = await createEvent(organizer, communityId, { onlineUrl: "https://meet.example/abc" });
    expect(created.onlineUrl).toBe("https://meet.example/abc");
    const before = await getEventAs(member, created.id);
    expect(before.data?.event).toMatchObject({ hasOnlineLink: true, onlineUrl: null });
    await registerFor(member, created.id);
    const after = await getEventAs(member, created.id);
    expect(after.data?.event.onlineUrl).toBe("https://meet.example/abc");
  });
});

describe("time zones", () => {
  const cases = [
    // Berlin springs forward 2030-03-31 02:00 -> 03:00 (UTC+1 -> UTC+2), falls back 2030-10-27.
    { zone: "Europe/Berlin", local: "2030-03-30T10:00", utc: "2030-03-30T09:00:00.000Z" },
    { zone: "Europe/Berlin", local: "2030-03-31T10:00", utc: "2030-03-31T08:00:00.000Z" },
    { zone: "Europe/Berlin", local: "2030-10-27T02:30", utc: "2030-10-27T00:30:00.000Z" },
    { zone: "Europe/Berlin", local: "2030-10-27T10:00", utc: "2030-10-27T09:00:00.000Z" },
    // New York springs forward 2030-03-10 02:00 -> 03:00 (UTC-5 -> UTC-4), falls back 2030-11-03.
    { zone: "America/New_York", local: "2030-03-09T19:00", utc: "2030-03-10T00:00:00.000Z" },
    { zone: "America/New_York", local: "2030-03-10T19:00", utc: "2030-03-10T23:00:00.000Z" },
    { zone: "America/New_York", local: "2030-11-03T01:30", utc: "2030-11-03T05:30:00.000Z" },
    { zone: "America/New_York", local: "2030-11-03T19:00", utc: "2030-11-04T00:00:00.000Z" },
  ];
  for (const c of cases) {
    it(`${c.zone} ${c.local} is stored as ${c.utc} and shows the same wall time again`, async () => {
      const end = `${c.local.slice(0, 11)}23:45`;
      const created = await createEvent(organizer, communityId, {
        timeZone: c.zone,
        startsAtLocal: c.local,
        endsAtLocal: end,
      });
      expect(created.startsAt).toBe(c.utc);
      expect(toWallTime(new Date(created.startsAt), c.zone)).toBe(c.local);
      expect(toWallTime(new Date(created.endsAt), c.zone)).toBe(end);
    });
  }

  it("refuses a time the clocks skip", async () => {
    for (const [zone, local] of [
      ["Europe/Berlin", "2030-03-31T02:30"],
      ["America/New_York", "2030-03-10T02:15"],
    ] as const) {
      const result = await organizer.graphql(CREATE, {
        communityId,
        publish: false,
        input: eventInput({
          timeZone: zone,
          startsAtLocal: local,
          endsAtLocal: `${local.slice(0, 11)}22:00`,
        }),
      });
      expect(result.errors?.[0]?.extensions?.fields).toEqual([
        expect.objectContaining({ field: "startsAtLocal", code: "NONEXISTENT_TIME" }),
      ]);
    }
  });
});

describe("visibility and lists", () => {
  it("members-only events need a membership; unlisted ones are reachable by id but not listed", async () => {
    const membersOnly = await createEvent(organizer, communityId, {
      visibility: "MEMBERS",
      title: "Members only",
    });
    expect((await getEventAs(member, membersOnly.id)).data?.event.title).toBe("Members only");
    expect((await getEventAs(stranger, membersOnly.id)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await getEventAs(t.browser(), membersOnly.id)).errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await registerFor(stranger, membersOnly.id)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    const unlisted = await createEvent(organizer, communityId, {
      visibility: "UNLISTED",
      title: "Secret link",
    });
    expect((await getEventAs(t.browser(), unlisted.id)).data?.event.title).toBe("Secret link");
    const memberList = await member.graphql<{ events: { nodes: { id: string }[] } }>(LIST, {
      communityId,
      filter: "UPCOMING",
      first: 100,
    });
    const ids = memberList.data?.events.nodes.map((n) => n.id) ?? [];
    expect(ids).toContain(membersOnly.id);
    expect(ids).not.toContain(unlisted.id);
    const managerList = await organizer.graphql<{ events: { nodes: { id: string }[] } }>(LIST, {
      communityId,
      filter: "UPCOMING",
      first: 100,
    });
    expect(managerList.data?.events.nodes.map((n) => n.id)).toContain(unlisted.id);
    const drafts = await member.graphql(LIST, { communityId, filter: "DRAFTS" });
    expect(drafts.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("a manager of another community can neither list nor manage these events", async () => {
    const other = await quickSignIn(t, "Other Owner");
    await createCommunity(other.browser, "Other club");
    const target = await createEvent(organizer, communityId, { visibility: "MEMBERS" });
    const list = await other.browser.graphql(LIST, { communityId, filter: "UPCOMING" });
    expect(list.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const publish = await other.browser.graphql("mutation ($id: ID!) { cancelEvent(id: $id) { id } }", {
      id: target.id,
    });
    expect(publish.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const regs = await other.browser.graphql(
      "query ($id: ID!) { eventRegistrations(eventId: $id) { totalCount } }",
      { id: target.id },
    );
    expect(regs.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("pages upcoming and past events by keyset, searches titles literally", async () => {
    const listCommunity = await createCommunity(owner, "Paging club");
    const titles: string[] = [];
    for (let i = 0; i < 7; i++) {
      const title = `Upcoming ${i}${i === 3 ? " 100%_off" : ""}`;
      titles.push(title);
      await createEvent(owner, listCommunity, {
        title,
        startsAtLocal: wallInDays(i + 1, "10:00"),
        endsAtLocal: wallInDays(i + 1, "12:00"),
      });
    }
    for (let i = 0; i < 3; i++) {
      // Publishing a past start is refused, so these are published ahead and then moved back.
      const past = await createEvent(owner, listCommunity, { title: `Past ${i}` });
      const moved = await owner.graphql(UPDATE, {
        id: past.id,
        input: eventInput({
          title: `Past ${i}`,
          startsAtLocal: wallInDays(-(i + 2), "10:00"),
          endsAtLocal: wallInDays(-(i + 2), "12:00"),
        }),
      });
      expect(moved.errors).toBeUndefined();
    }
    await createEvent(owner, listCommunity, { title: "A draft" }, false);
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const result: Awaited<
        ReturnType<
          typeof owner.graphql<{
            events: { nodes: { title: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
          }>
        >
      > = await owner.graphql(LIST, { communityId: listCommunity, filter: "UPCOMING", first: 3, after });
      seen.push(...(result.data?.events.nodes.map((n) => n.title) ?? []));
      if (!result.data?.events.pageInfo.hasNextPage) break;
      after = result.data.events.pageInfo.endCursor;
    }
    expect(seen).toEqual(titles);
    const past = await owner.graphql<{ events: { nodes: { title: string }[] } }>(LIST, {
      communityId: listCommunity,
      filter: "PAST",
    });
    expect(past.data?.events.nodes.map((n) => n.title)).toEqual(["Past 0", "Past 1", "Past 2"]);
    const drafts = await owner.graphql<{ events: { nodes: { title: string }[] } }>(LIST, {
      communityId: listCommunity,
      filter: "DRAFTS",
    });
    expect(drafts.data?.events.nodes.map((n) => n.title)).toEqual(["A draft"]);
    const search = await owner.graphql<{ events: { nodes: { title: string }[] } }>(LIST, {
      communityId: listCommunity,
      filter: "UPCOMING",
      search: "0%_",
    });
    expect(search.data?.events.nodes.map((n) => n.title)).toEqual(["Upcoming 3 100%_off"]);
  });
});
