import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createCommunity,
  createEvent,
  type EventResult,
  eventInput,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";

let t: TestServer;
let admin: TestBrowser;
let otherAdmin: TestBrowser;
let communityId: string;

const GUESTS = `query ($id: ID!) { event(id: $id) { id guestListVisible goingCount guests(first: 24) { name image } } }`;
const UPDATE = `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id guestListVisible } }`;

type GuestsResult = {
  event: {
    guestListVisible: boolean;
    goingCount: number;
    guests: { name: string; image: string | null }[] | null;
  };
};

async function guestsAs(browser: TestBrowser, id: string) {
  const result = await browser.graphql<GuestsResult>(GUESTS, { id });
  expect(result.errors).toBeUndefined();
  return result.data?.event;
}

/** The event's ticket types as they are, so that saving it changes nothing else. */
const keep = (event: EventResult) => event.ticketTypes.map((tt) => ({ id: tt.id, name: tt.name }));

/** Signs people in and registers each of them for the event. */
async function going(eventId: string, names: string[]) {
  for (const name of names) {
    const person = await quickSignIn(t, name);
    await addMember(t, communityId, person.id, "member");
    const registered = await registerFor(person.browser, eventId);
    expect(registered.errors).toBeUndefined();
  }
}

beforeAll(async () => {
  t = await startTestServer();
  admin = t.browser();
  await admin.signIn(uniqueEmail("admin"), "Ada Admin");
  communityId = await createCommunity(admin, "Lisbon Readers");
  otherAdmin = t.browser();
  await otherAdmin.signIn(uniqueEmail("other"), "Otto Other");
  await createCommunity(otherAdmin, "Porto Runners");
});
afterAll(() => t.close());

describe("who is going, on an event's page", () => {
  it("shows a signed-out visitor the names and avatars of people going, without their addresses", async () => {
    const event = await createEvent(admin, communityId, { title: "Poetry night" });
    await going(event.id, ["Beatriz Lima", "سلمى حداد"]);
    const seen = await guestsAs(t.browser(), event.id);
    expect(seen).toMatchObject({ guestListVisible: true, goingCount: 2 });
    expect(seen?.guests?.map((g) => g.name)).toEqual(["Beatriz Lima", "سلمى حداد"]);
    // The type has no address field at all: asking for one is refused by the schema.
    const asked = await t.browser().graphql(`query ($id: ID!) { event(id: $id) { guests { email } } }`, {
      id: event.id,
    });
    expect(asked.errors?.[0]?.message).toMatch(/email/);
    expect(JSON.stringify(seen)).not.toContain("@");
  });

  it("lists only people going, up to its limit", async () => {
    const event = await createEvent(admin, communityId, { title: "Small reading", capacity: 1 });
    await going(event.id, ["First Finn", "Second Sara"]);
    const seen = await guestsAs(t.browser(), event.id);
    expect(seen?.goingCount).toBe(1);
    expect(seen?.guests?.map((g) => g.name)).toEqual(["First Finn"]);
    const many = await t
      .browser()
      .graphql<GuestsResult>(`query ($id: ID!) { event(id: $id) { guests(first: 500) { name } } }`, {
        id: event.id,
      });
    expect(many.data?.event.guests?.length).toBe(1);
  });

  it("hides the guest list when its organizers switch it off, and shows it again when switched on", async () => {
    const event = await createEvent(admin, communityId, { title: "Quiet salon", guestListVisible: false });
    await going(event.id, ["Carla Costa"]);
    const hidden = await guestsAs(t.browser(), event.id);
    expect(hidden).toMatchObject({ guestListVisible: false, goingCount: 1, guests: null });
    const asAdmin = await guestsAs(admin, event.id);
    expect(asAdmin?.guests).toBeNull();

    const switched = await admin.graphql(UPDATE, {
      id: event.id,
      input: eventInput({ title: "Quiet salon", guestListVisible: true, ticketTypes: keep(event) }),
    });
    expect(switched.errors).toBeUndefined();
    const shown = await guestsAs(t.browser(), event.id);
    expect(shown?.guests?.map((g) => g.name)).toEqual(["Carla Costa"]);

    // Saving without the switch keeps what was chosen.
    await admin.graphql(UPDATE, {
      id: event.id,
      input: eventInput({ title: "Quiet salon", ticketTypes: keep(event) }),
    });
    expect((await guestsAs(t.browser(), event.id))?.guestListVisible).toBe(true);
  });

  it("never lists the guests of a members-only event, even to its members", async () => {
    const event = await createEvent(admin, communityId, { title: "Members' supper", visibility: "MEMBERS" });
    await going(event.id, ["Duarte Dias"]);
    const member = await quickSignIn(t, "Mia Member");
    await addMember(t, communityId, member.id, "member");
    for (const browser of [member.browser, admin]) {
      const seen = await guestsAs(browser, event.id);
      expect(seen).toMatchObject({ goingCount: 1, guests: null });
    }
    const visitor = await t.browser().graphql(GUESTS, { id: event.id });
    expect(visitor.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("never lists the guests of a private community's event, whose page a stranger may open by its link", async () => {
    const privateId = await createCommunity(admin, "Quiet Circle", { visibility: "PRIVATE" });
    const event = await createEvent(admin, privateId, { title: "Open evening" });
    const person = await quickSignIn(t, "Pia Private");
    await addMember(t, privateId, person.id, "member");
    expect((await registerFor(person.browser, event.id)).errors).toBeUndefined();
    for (const browser of [t.browser(), person.browser, admin]) {
      expect(await guestsAs(browser, event.id)).toMatchObject({ goingCount: 1, guests: null });
    }
  });

  it("does not let another community's admin switch the guest list", async () => {
    const event = await createEvent(admin, communityId, { title: "Open mic" });
    const refused = await otherAdmin.graphql(UPDATE, {
      id: event.id,
      input: eventInput({ title: "Open mic", guestListVisible: false, ticketTypes: keep(event) }),
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await guestsAs(t.browser(), event.id))?.guestListVisible).toBe(true);
  });
});
