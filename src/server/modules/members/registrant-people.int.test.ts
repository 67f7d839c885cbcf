// Registrants are the community's people (docs/decisions/028): a guest or a signed-in registrant
// whom the join policy did not make a member is listed in the member table as a person, holds no
// member's rights, hears announcements only after ticking the form's box, and becomes a member on
// the same row when they join.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { community, membership } from "#server/db/schema.ts";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { registerAsGuest } from "#server/modules/registrations/guest-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { mailsWith, recipientsOf, sendAnnouncement } from "./announcements-test-support.ts";
import { settleEndedEvents } from "./member-activity.service.ts";

let t: TestServer;
let owner: TestBrowser;

beforeAll(async () => {
  t = await startTestServer({ overrides: { jobs: { pollIntervalMs: 3_600_000 } } });
  owner = (await quickSignIn(t, "Olivia Organizer")).browser;
});
afterAll(() => t.close());

type Row = {
  id: string;
  status: string;
  source: string;
  tags: string[];
  eventsRegistered: number;
  eventsAttended: number;
  checkIns: number;
  person: { name: string; email: string | null };
};

const MEMBERS = `query ($id: ID!, $filter: MemberFilter, $search: String) {
  members(communityId: $id, filter: $filter, search: $search, first: 20) {
    totalCount nodes { id status source tags eventsRegistered eventsAttended checkIns person { name email } }
  }
}`;

async function members(communityId: string, filter: Record<string, unknown> = {}, search?: string) {
  await t.drain();
  const result = await owner.graphql<{ members: { totalCount: number; nodes: Row[] } }>(MEMBERS, {
    id: communityId,
    filter,
    search,
  });
  expect(result.errors).toBeUndefined();
  return result.data?.members as { totalCount: number; nodes: Row[] };
}

const emailsOf = (rows: Row[]) => rows.map((r) => r.person.email).sort();

async function guest(eventId: string, name: string, announcements = false) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, ""));
  const browser = t.browser();
  const result = await browser.graphql(
    `mutation ($eventId: ID!, $input: GuestRegisterInput!) { registerAsGuest(eventId: $eventId, input: $input) { status } }`,
    { eventId, input: { name, email, answers: [], announcements } },
  );
  expect(result.errors).toBeUndefined();
  return { email, browser };
}

const publicMemberCount = async (communityId: string) =>
  (
    await t.server.database.db
      .select({ n: community.memberCount })
      .from(community)
      .where(eq(community.id, communityId))
  )[0]?.n;

describe("registrants become the community's people", () => {
  it("lists a guest as a person with source event, by their typed name, without a member's rights", async () => {
    const communityId = await createCommunity(owner, "People club", { joinPolicy: "APPROVAL" });
    const event = await createEvent(owner, communityId, { title: "Open evening" });
    const membersOnly = await createEvent(owner, communityId, {
      title: "Inner circle",
      visibility: "MEMBERS",
    });
    const before = await publicMemberCount(communityId);

    const ada = await guest(event.id, "Ada Registrant");
    expect(
      (await registerAsGuest(t.browser(), event.id, { name: "Bo", email: ada.email })).errors,
    ).toBeDefined();

    const everyone = await members(communityId);
    const row = everyone.nodes.find((r) => r.person.email === ada.email);
    expect(row).toMatchObject({
      status: "PERSON",
      source: "EVENT",
      eventsRegistered: 1,
      person: { name: "Ada Registrant" },
    });
    // Findable by the name they typed, and told apart from members by the status filter.
    expect(emailsOf((await members(communityId, {}, "registrant")).nodes)).toEqual([ada.email]);
    expect(emailsOf((await members(communityId, { statuses: ["PERSON"] })).nodes)).toEqual([ada.email]);
    const onlyMembers = await members(communityId, { statuses: ["ACTIVE", "PENDING", "BANNED"] });
    expect(onlyMembers.nodes.map((r) => r.status)).toEqual(["ACTIVE"]);
    expect(await publicMemberCount(communityId)).toBe(before);

    // Signing in later with the same address is the same person: still no member's rights.
    const signedIn = t.browser();
    await signedIn.signIn(ada.email);
    const [own] = await t.server.database.db
      .select({ status: membership.status })
      .from(membership)
      .where(and(eq(membership.communityId, communityId), eq(membership.id, row?.id as string)));
    expect(own?.status).toBe("person");
    const hidden = await signedIn.graphql(`query ($id: ID!) { event(id: $id) { id } }`, {
      id: membersOnly.id,
    });
    expect(hidden.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const directory = await signedIn.graphql(
      "query ($id: ID!) { memberDirectory(communityId: $id) { totalCount } }",
      { id: communityId },
    );
    expect(directory.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const dashboard = await signedIn.graphql("query ($id: ID!) { community(id: $id) { id } }", {
      id: communityId,
    });
    expect(dashboard.data?.community ?? null).toBeNull();
    const stats = await owner.graphql<{
      community: { memberStats: { activeCount: number; peopleCount: number } };
    }>("query ($id: ID!) { community(id: $id) { memberStats { activeCount peopleCount } } }", {
      id: communityId,
    });
    expect(stats.data?.community.memberStats).toEqual({ activeCount: 1, peopleCount: 1 });
  });

  it("makes the same row a member when the person joins, keeping counters and tags", async () => {
    const communityId = await createCommunity(owner, "Joiners club", { joinPolicy: "OPEN" });
    const event = await createEvent(owner, communityId, { title: "Taster" });
    const bo = await guest(event.id, "Bo Person");
    const [person] = (await members(communityId, { statuses: ["PERSON"] })).nodes;
    const tagged = await owner.graphql(
      'mutation ($id: ID!, $ids: [ID!]) { tagMembers(communityId: $id, membershipIds: $ids, add: ["taster"]) { changed } }',
      { id: communityId, ids: [person?.id] },
    );
    expect(tagged.errors).toBeUndefined();
    const before = await publicMemberCount(communityId);

    const signedIn = t.browser();
    await signedIn.signIn(bo.email, "Bo Person");
    const joined = await signedIn.graphql<{ joinCommunity: { status: string } }>(
      "mutation ($id: ID!) { joinCommunity(communityId: $id) { status } }",
      { id: communityId },
    );
    expect(joined.errors).toBeUndefined();
    expect(joined.data?.joinCommunity.status).toBe("ACTIVE");

    const row = (await members(communityId)).nodes.find((r) => r.person.email === bo.email);
    expect(row).toMatchObject({ id: person?.id, status: "ACTIVE", tags: ["taster"], eventsRegistered: 1 });
    expect(await publicMemberCount(communityId)).toBe((before ?? 0) + 1);
    expect((await members(communityId, { statuses: ["PERSON"] })).totalCount).toBe(0);
  });

  it("keeps a person one of the community's people when their request to join is declined", async () => {
    const communityId = await createCommunity(owner, "Choosy club", { joinPolicy: "APPROVAL" });
    const event = await createEvent(owner, communityId);
    const kim = await guest(event.id, "Kim Asker");
    const signedIn = t.browser();
    await signedIn.signIn(kim.email);
    const asked = await signedIn.graphql<{ joinCommunity: { id: string; status: string } }>(
      "mutation ($id: ID!) { joinCommunity(communityId: $id) { id status } }",
      { id: communityId },
    );
    expect(asked.data?.joinCommunity.status).toBe("PENDING");
    const declined = await owner.graphql("mutation ($id: ID!) { declineJoinRequest(id: $id) }", {
      id: asked.data?.joinCommunity.id,
    });
    expect(declined.errors).toBeUndefined();
    const row = (await members(communityId)).nodes.find((r) => r.person.email === kim.email);
    expect(row).toMatchObject({ id: asked.data?.joinCommunity.id, status: "PERSON", eventsRegistered: 1 });
  });

  it("keeps a person one of the community's people when they withdraw their request to join", async () => {
    const communityId = await createCommunity(owner, "Second thoughts club", { joinPolicy: "APPROVAL" });
    const event = await createEvent(owner, communityId);
    const lu = await guest(event.id, "Lu Withdrawing");
    const signedIn = t.browser();
    await signedIn.signIn(lu.email);
    const asked = await signedIn.graphql<{ joinCommunity: { id: string; status: string } }>(
      "mutation ($id: ID!) { joinCommunity(communityId: $id) { id status } }",
      { id: communityId },
    );
    expect(asked.data?.joinCommunity.status).toBe("PENDING");
    const withdrawn = await signedIn.graphql("mutation ($id: ID!) { leaveCommunity(communityId: $id) }", {
      id: communityId,
    });
    expect(withdrawn.errors).toBeUndefined();
    const row = (await members(communityId)).nodes.find((r) => r.person.email === lu.email);
    expect(row).toMatchObject({
      id: asked.data?.joinCommunity.id,
      status: "PERSON",
      source: "EVENT",
      eventsRegistered: 1,
    });
    const requests = await owner.graphql<{ joinRequests: { totalCount: number } }>(
      "query ($id: ID!) { joinRequests(communityId: $id) { totalCount } }",
      { id: communityId },
    );
    expect(requests.data?.joinRequests.totalCount).toBe(0);
  });

  it("keeps a signed-in registrant of an approval community a person, and an open one's a member", async () => {
    const approval = await createCommunity(owner, "Asking club", { joinPolicy: "APPROVAL" });
    const open = await createCommunity(owner, "Welcoming club", { joinPolicy: "OPEN" });
    const cy = await quickSignIn(t, "Cy Signed");
    for (const communityId of [approval, open]) {
      const event = await createEvent(owner, communityId);
      expect((await registerFor(cy.browser, event.id)).errors).toBeUndefined();
    }
    const statusIn = async (communityId: string) =>
      (await members(communityId)).nodes.find((r) => r.person.name === "Cy Signed")?.status;
    expect(await statusIn(approval)).toBe("PERSON");
    expect(await statusIn(open)).toBe("ACTIVE");
  });
});

describe("announcements reach people who agreed on the form", () => {
  it("mails a consenting person and not one who left the box unticked; one-click unsubscribe works for them", async () => {
    const communityId = await createCommunity(owner, "Newsy club", { joinPolicy: "APPROVAL" });
    const event = await createEvent(owner, communityId);
    const yes = await guest(event.id, "Dee Consents", true);
    const no = await guest(event.id, "Eve Declines", false);
    const subject = `News ${randomUUID().slice(0, 6)}`;
    const sent = await sendAnnouncement(owner, communityId, {
      subject,
      body: "Hello",
      audience: { all: true },
    });
    expect(sent.errors).toBeUndefined();
    const mails = await mailsWith(t, subject);
    const recipients = recipientsOf(mails);
    expect(recipients).toContain(yes.email);
    expect(recipients).not.toContain(no.email);

    const mail = mails.find((m) => m.to.includes(yes.email));
    const head =
      (mail?.raw ?? "")
        .replace(/\r\n/g, "\n")
        .split("\n\n")[0]
        ?.replace(/\n[ \t]+/g, " ") ?? "";
    const link = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(head)?.[1];
    expect(link).toBeDefined();
    const clicked = await t.browser().fetch(new URL(link as string).pathname, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(clicked.status).toBeLessThan(300);
    const again = `Again ${randomUUID().slice(0, 6)}`;
    await sendAnnouncement(owner, communityId, { subject: again, body: "Hello", audience: { all: true } });
    expect(recipientsOf(await mailsWith(t, again))).not.toContain(yes.email);
  });
});

describe("the people filters and the export", () => {
  it("finds people who never joined, who attended 3+, and who did not come last time", async () => {
    const communityId = await createCommunity(owner, "Regulars club", { joinPolicy: "APPROVAL" });
    const events = [];
    for (const title of ["First", "Second", "Third"])
      events.push(await createEvent(owner, communityId, { title }));
    const [first, second, third] = events as [(typeof events)[0], (typeof events)[0], (typeof events)[0]];
    const fay = await guest(first.id, "Fay Regular");
    const gus = await guest(first.id, "Gus Skipper");
    const hal = await guest(first.id, "Hal Once");
    for (const e of [second, third]) {
      await registerAsGuest(t.browser(), e.id, { name: "Fay Regular", email: fay.email });
      await registerAsGuest(t.browser(), e.id, { name: "Gus Skipper", email: gus.email });
    }
    const checkIn = async (eventId: string, email: string) => {
      const list = await owner.graphql<{
        eventRegistrations: { nodes: { id: string; person: { email: string } }[] };
      }>(
        "query ($id: ID!) { eventRegistrations(eventId: $id, first: 50) { nodes { id person { email } } } }",
        { id: eventId },
      );
      const registration = list.data?.eventRegistrations.nodes.find((n) => n.person.email === email);
      const done = await owner.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", {
        id: registration?.id,
      });
      expect(done.errors).toBeUndefined();
    };
    for (const e of [first, second, third]) await checkIn(e.id, fay.email);
    for (const e of [first, second]) await checkIn(e.id, gus.email);
    await checkIn(first.id, hal.email);
    await t.drain();

    // The three events end in order; the attendance pass settles them.
    const db = t.server.database.db;
    const ended = events.map((e, i) => ({ id: e.id, endsAt: new Date(Date.now() - (3 - i) * 86_400_000) }));
    await db.transaction((tx) => settleEndedEvents(tx, ended));

    expect(emailsOf((await members(communityId, { statuses: ["PERSON"] })).nodes)).toEqual(
      [fay.email, gus.email, hal.email].sort(),
    );
    expect(emailsOf((await members(communityId, { eventsAttendedAtLeast: 3 })).nodes)).toEqual(
      [fay.email, gus.email].sort(),
    );
    expect(emailsOf((await members(communityId, { noShowLastTime: true })).nodes)).toEqual([gus.email]);

    const csv = await owner.fetch(
      `/api/communities/${communityId}/members.csv?status=person&noShowLastTime=true`,
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Name,Email,Kind,Role,Status/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(`Gus Skipper,${gus.email},person,member,person,event`);
  });

  it("turns past registrants into people with their counters when the migration runs", async () => {
    const communityId = await createCommunity(owner, "History club", { joinPolicy: "APPROVAL" });
    const event = await createEvent(owner, communityId);
    const ivy = await guest(event.id, "Ivy Earlier");
    await t.drain();
    const db = t.server.database.db;
    // As before migration 0030: the registration is there, the person row is not.
    await db.execute(sql`delete from membership where community_id = ${communityId} and status = 'person'`);
    expect((await members(communityId, { statuses: ["PERSON"] })).totalCount).toBe(0);
    const migration = await import("node:fs").then((fs) =>
      fs.readFileSync(new URL("../../../../drizzle/0030_registrants-backfill.sql", import.meta.url), "utf8"),
    );
    const backfill = migration
      .split("--> statement-breakpoint")
      .filter((s) => /^(INSERT INTO|UPDATE) /m.test(s) && !/TRIGGER|FUNCTION/.test(s));
    for (const statement of backfill) await db.execute(sql.raw(statement));
    const [row] = (await members(communityId, { statuses: ["PERSON"] })).nodes;
    expect(row).toMatchObject({
      source: "EVENT",
      eventsRegistered: 1,
      person: { name: "Ivy Earlier", email: ivy.email },
    });
  });
});
