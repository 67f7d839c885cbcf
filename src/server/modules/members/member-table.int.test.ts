import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { membership, user } from "#server/db/schema.ts";
import {
  addMember,
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";

let t: TestServer;
let owner: TestBrowser;
let organizer: TestBrowser;
let plainMember: TestBrowser;
let communityId: string;

type Seeded = {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: "admin" | "organizer" | "member";
  status: "active" | "pending" | "banned";
  source: "joined" | "invited" | "imported" | "event";
  tags: string[];
  joinedAt: Date;
  eventsAttended: number;
  checkIns: number;
  lastActiveAt: Date;
};

const FIELDS = `totalCount pageInfo { endCursor hasNextPage }
  nodes { id role status source tags joinedAt eventsRegistered eventsAttended checkIns lastActiveAt person { id name email } }`;
const LIST = `query ($communityId: ID!, $first: Int, $after: String, $search: String, $filter: MemberFilter, $sort: MemberSort) {
  members(communityId: $communityId, first: $first, after: $after, search: $search, filter: $filter, sort: $sort) { ${FIELDS} } }`;

type Node = {
  id: string;
  role: string;
  status: string;
  tags: string[];
  eventsRegistered: number;
  eventsAttended: number;
  checkIns: number;
  lastActiveAt: string;
  person: { id: string; name: string; email: string | null };
};
type Page = {
  totalCount: number;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  nodes: Node[];
};

async function list(browser: TestBrowser, variables: Record<string, unknown>) {
  const result = await browser.graphql<{ members: Page }>(LIST, { communityId, ...variables });
  return result;
}

/** Every page of a query, `first` rows at a time. */
async function walk(
  variables: Record<string, unknown>,
  first = 4,
): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  for (let i = 0; i < 100; i++) {
    const result = await list(owner, { ...variables, first, after });
    expect(result.errors).toBeUndefined();
    const page = result.data?.members as Page;
    ids.push(...page.nodes.map((n) => n.id));
    totals.push(page.totalCount);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  return { ids, totals };
}

const seeded: Seeded[] = [];
const DAY = 86_400_000;
const base = Date.parse("2030-01-01T00:00:00Z");

beforeAll(async () => {
  t = await startTestServer({ overrides: { jobs: { pollIntervalMs: 3_600_000 } } });
  owner = (await quickSignIn(t, "Owen Owner")).browser;
  communityId = await createCommunity(owner, "Chess club");
  const org = await quickSignIn(t, "Orla Organizer");
  organizer = org.browser;
  await addMember(t, communityId, org.id, "organizer");
  const mem = await quickSignIn(t, "Milo Member");
  plainMember = mem.browser;
  await addMember(t, communityId, mem.id, "member");
  // Twenty people with repeated counters (ties), tags, roles, statuses and sources.
  const names = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"];
  const db = t.server.database.db;
  for (let i = 0; i < 20; i++) {
    const name = `${names[i % names.length]} ${String.fromCharCode(65 + i)}`;
    const row: Seeded = {
      id: randomUUID(),
      userId: randomUUID(),
      name,
      email: `person${i}-${randomUUID().slice(0, 6)}@Example.test`,
      role: (["member", "member", "organizer", "admin"] as const)[i % 4] ?? "member",
      status: (["active", "active", "active", "pending", "banned"] as const)[i % 5] ?? "active",
      source: (["joined", "invited", "imported", "event"] as const)[i % 4] ?? "joined",
      tags: [i % 2 === 0 ? "volunteer" : "", i % 3 === 0 ? "speaker" : ""].filter(Boolean),
      joinedAt: new Date(base + (i % 7) * DAY),
      eventsAttended: i % 3,
      checkIns: i % 2,
      lastActiveAt: new Date(base + (i % 5) * DAY + 3_600_123),
    };
    seeded.push(row);
    await db.insert(user).values({ id: row.userId, name: row.name, email: row.email });
    const { name: _n, email: _e, ...rest } = row;
    await db.insert(membership).values({ ...rest, communityId });
  }
});
afterAll(() => t.close());

/** The seeded people as the table should show them, with the three people made in beforeAll. */
const everyone = async () => {
  const page = await walk({}, 50);
  return page.ids;
};

describe("the member table", () => {
  it("pages through ties in a stable order with the right total on every page", async () => {
    const all = await everyone();
    expect(all).toHaveLength(23);
    const { ids, totals } = await walk({ sort: { field: "EVENTS_ATTENDED", direction: "DESC" } }, 4);
    expect(new Set(ids).size).toBe(23);
    expect(totals.every((n) => n === 23)).toBe(true);
    const attended = new Map(seeded.map((s) => [s.id, s.eventsAttended]));
    const expected = [...all].sort(
      (a, b) => (attended.get(b) ?? 0) - (attended.get(a) ?? 0) || (a < b ? 1 : -1),
    );
    expect(ids).toEqual(expected);
    const ascending = await walk({ sort: { field: "EVENTS_ATTENDED", direction: "ASC" } }, 3);
    expect(ascending.ids).toEqual([...expected].reverse());
  });

  it("sorts by name, joined, check-ins and last active without losing or repeating anyone", async () => {
    const byName = await walk({ sort: { field: "NAME", direction: "ASC" } }, 5);
    const names = await Promise.all(
      byName.ids.map(async (id) =>
        (await list(owner, { first: 50 })).data?.members.nodes.find((n) => n.id === id),
      ),
    );
    const lowered = names.map((n) => n?.person.name.toLowerCase() ?? "");
    expect(lowered).toEqual([...lowered].sort());
    for (const field of ["JOINED", "CHECK_INS", "LAST_ACTIVE"]) {
      for (const direction of ["ASC", "DESC"]) {
        const { ids } = await walk({ sort: { field, direction } }, 6);
        expect(new Set(ids).size).toBe(23);
      }
    }
    const lastActive = await walk({ sort: { field: "LAST_ACTIVE", direction: "DESC" } }, 2);
    const at = new Map(seeded.map((s) => [s.id, s.lastActiveAt.getTime()]));
    const seen = lastActive.ids.filter((id) => at.has(id)).map((id) => at.get(id) ?? 0);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("applies every filter and counts what it shows", async () => {
    const cases: [Record<string, unknown>, (s: Seeded) => boolean][] = [
      [{ roles: ["ADMIN"] }, (s) => s.role === "admin"],
      [{ statuses: ["PENDING", "BANNED"] }, (s) => s.status !== "active"],
      [{ tags: ["volunteer"] }, (s) => s.tags.includes("volunteer")],
      [{ tags: ["volunteer", "speaker"] }, (s) => s.tags.includes("volunteer") && s.tags.includes("speaker")],
      [{ sources: ["IMPORTED", "EVENT"] }, (s) => s.source === "imported" || s.source === "event"],
      [
        {
          joinedAfter: new Date(base + 2 * DAY).toISOString(),
          joinedBefore: new Date(base + 5 * DAY).toISOString(),
        },
        (s) => s.joinedAt.getTime() >= base + 2 * DAY && s.joinedAt.getTime() < base + 5 * DAY,
      ],
      [{ eventsAttendedAtLeast: 2 }, (s) => s.eventsAttended >= 2],
      [{ checkInsAtLeast: 1 }, (s) => s.checkIns >= 1],
      [
        { lastActiveAfter: new Date(base + 3 * DAY).toISOString() },
        (s) => s.lastActiveAt.getTime() >= base + 3 * DAY,
      ],
      [
        {
          lastActiveAfter: new Date(base).toISOString(),
          lastActiveBefore: new Date(base + DAY).toISOString(),
          roles: ["MEMBER"],
        },
        (s) => s.lastActiveAt.getTime() < base + DAY && s.role === "member",
      ],
    ];
    for (const [filter, keep] of cases) {
      const { ids, totals } = await walk({ filter }, 3);
      const expected = seeded.filter(keep).map((s) => s.id);
      expect(new Set(ids), JSON.stringify(filter)).toEqual(new Set(expected));
      expect(totals[0], JSON.stringify(filter)).toBe(expected.length);
    }
  });

  it("searches part of a name or an e-mail address in any case", async () => {
    const byName = await walk({ search: "  lOVEL " }, 2);
    expect(new Set(byName.ids)).toEqual(
      new Set(seeded.filter((s) => s.name.includes("Lovelace")).map((s) => s.id)),
    );
    expect(byName.totals[0]).toBe(4);
    const target = seeded[7] as Seeded;
    const byEmail = await walk({ search: target.email.slice(0, 8).toUpperCase() }, 2);
    expect(byEmail.ids).toEqual([target.id]);
    const literal = await walk({ search: "%" }, 50);
    expect(literal.ids).toEqual([]);
    const combined = await walk({ search: "turing", filter: { tags: ["volunteer"] } }, 2);
    expect(new Set(combined.ids)).toEqual(
      new Set(
        seeded.filter((s) => s.name.includes("Turing") && s.tags.includes("volunteer")).map((s) => s.id),
      ),
    );
  });

  it("finds a member by the name they just gave themself, and no longer by the old one", async () => {
    const own = await createCommunity(owner, "Rename club");
    const { browser, id } = await quickSignIn(t, "Quentin Oldname");
    await addMember(t, own, id, "member");
    const found = async (search: string) => (await walk({ communityId: own, search }, 50)).ids.length;
    // With the space, only the name can match: the e-mail address made for them holds "quentinoldname".
    expect(await found("quentin old")).toBe(1);
    expect((await browser.post("/api/auth/update-user", { name: "Quentin Newname" })).status).toBe(200);
    expect(await found("quentin new")).toBe(1);
    expect(await found("quentin old")).toBe(0);
    await t.server.database.db.execute(
      sql`update "user" set email = 'q.renamed@example.test' where id = ${id}`,
    );
    expect(await found("Q.RENAMED@")).toBe(1);
  });

  it("keeps the unfiltered total exact as members come, change status and go", async () => {
    const total = async (statuses?: string[]) =>
      (await list(owner, { first: 1, ...(statuses ? { filter: { statuses } } : {}) })).data?.members
        .totalCount;
    expect(await total()).toBe(23);
    const activeBefore = (await total(["ACTIVE"])) ?? 0;
    const db = t.server.database.db;
    const target = seeded[0] as Seeded;
    await db.execute(sql`update membership set status = 'banned' where id = ${target.id}`);
    expect(await total(["ACTIVE"])).toBe(activeBefore - 1);
    await db.execute(sql`update membership set status = 'active' where id = ${target.id}`);
    const extra = await quickSignIn(t, "Tessa Temporary");
    await addMember(t, communityId, extra.id, "member");
    expect(await total()).toBe(24);
    await db.execute(sql`delete from membership where user_id = ${extra.id}`);
    expect(await total()).toBe(23);
    expect(await total(["ACTIVE"])).toBe(activeBefore);
  });

  it("refuses a cursor it did not hand out, or one made for another order", async () => {
    const first = await list(owner, { first: 2, sort: { field: "JOINED", direction: "ASC" } });
    const cursor = first.data?.members.pageInfo.endCursor;
    const other = await list(owner, { first: 2, after: cursor, sort: { field: "NAME", direction: "ASC" } });
    expect(other.errors?.[0]?.extensions?.code).toBe("BAD_CURSOR");
    const junk = await list(owner, { first: 2, after: "not-a-cursor" });
    expect(junk.errors?.[0]?.extensions?.code).toBe("BAD_CURSOR");
    const bad = await list(owner, { filter: { eventsAttendedAtLeast: -1, tags: [" "] } });
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("shows the table to organizers with addresses and to no plain member", async () => {
    const asOrganizer = await list(organizer, { first: 3 });
    expect(asOrganizer.errors).toBeUndefined();
    expect(asOrganizer.data?.members.nodes[0]?.person.email).toMatch(/@/);
    const asMember = await list(plainMember, { first: 3 });
    expect(asMember.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(asMember.data).toBeNull();
  });
});

describe("totals of a large community", () => {
  const MANY = 2_005;
  let big: string;
  let small: string;

  beforeAll(async () => {
    big = await createCommunity(owner, "Big club");
    small = await createCommunity(owner, "Small club");
    const db = t.server.database.db;
    // Enough members that a search's count stops at the cap; every fifth carries "vip", and so does
    // everyone in another community, which the tag filter must never count.
    await db.execute(sql`
      insert into "user" (id, name, email)
      select ${big} || '-u' || i, 'Pat Many ' || i, 'pat.many.' || i || '@example.test'
      from generate_series(1, ${MANY}) as i`);
    await db.execute(sql`
      insert into membership (id, community_id, user_id, role, status, source, tags)
      select ${big} || '-m' || i, ${big}, ${big} || '-u' || i, 'member', 'active', 'imported',
        case when i % 5 = 0 then array['vip'] else '{}'::text[] end
      from generate_series(1, ${MANY}) as i`);
    await db.execute(sql`
      insert into membership (id, community_id, user_id, role, status, source, tags)
      select ${small} || '-m' || i, ${small}, ${big} || '-u' || i, 'member', 'active', 'imported', array['vip']
      from generate_series(1, 30) as i`);
  });

  const totals = async (id: string, variables: Record<string, unknown>) => {
    const result = await owner.graphql<{ members: { totalCount: number; totalCountCapped: boolean } }>(
      `query ($communityId: ID!, $search: String, $filter: MemberFilter) {
        members(communityId: $communityId, first: 1, search: $search, filter: $filter) { totalCount totalCountCapped } }`,
      { communityId: id, ...variables },
    );
    expect(result.errors).toBeUndefined();
    return result.data?.members;
  };

  it("counts a broad search up to 1,000 and says there are more", async () => {
    expect(await totals(big, { search: "many" })).toEqual({ totalCount: 1_000, totalCountCapped: true });
    expect(await totals(big, { search: "an" })).toEqual({ totalCount: 1_000, totalCountCapped: true });
    expect(await totals(big, { filter: { sources: ["IMPORTED"] } })).toEqual({
      totalCount: 1_000,
      totalCountCapped: true,
    });
  });

  it("pages a search in order whether few or many people match", async () => {
    const names = async (search: string, direction: "ASC" | "DESC") => {
      const result = await owner.graphql<{ members: Page }>(LIST, {
        communityId: big,
        first: 3,
        search,
        sort: { field: "NAME", direction },
      });
      expect(result.errors).toBeUndefined();
      return result.data?.members.nodes.map((n) => n.person.name);
    };
    // More than two thousand people match "many"; seven match "many.200".
    expect(await names("many", "ASC")).toEqual(["Pat Many 1", "Pat Many 10", "Pat Many 100"]);
    expect(await names("many", "DESC")).toEqual(["Pat Many 999", "Pat Many 998", "Pat Many 997"]);
    expect(await names("MANY.200", "DESC")).toEqual(["Pat Many 2005", "Pat Many 2004", "Pat Many 2003"]);
  });

  it("pages through every match of a search too broad to sort, none lost or repeated", async () => {
    // "many.1" matches 1, 10-19, 100-199 and 1000-1999: 1,111 people, more than are sorted.
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const result = await owner.graphql<{ members: Page }>(LIST, {
        communityId: big,
        first: 200,
        after,
        search: "many.1",
        sort: { field: "JOINED", direction: "DESC" },
      });
      expect(result.errors).toBeUndefined();
      const page = result.data?.members as Page;
      expect(page.totalCount).toBe(1_000);
      seen.push(...page.nodes.map((n) => n.person.name));
      after = page.pageInfo.endCursor;
      if (!page.pageInfo.hasNextPage) break;
    }
    expect(seen).toHaveLength(1_111);
    expect(new Set(seen).size).toBe(1_111);
  });

  it("keeps totals under the cap exact, and the unfiltered total exact however large", async () => {
    expect(await totals(big, {})).toEqual({ totalCount: MANY + 1, totalCountCapped: false });
    expect(await totals(big, { search: "pat.many.200" })).toEqual({
      totalCount: 7,
      totalCountCapped: false,
    });
  });

  it("counts a tag only in the community asked about", async () => {
    expect(await totals(big, { filter: { tags: ["vip"] } })).toEqual({
      totalCount: Math.floor(MANY / 5),
      totalCountCapped: false,
    });
    expect(await totals(small, { filter: { tags: ["vip"] } })).toEqual({
      totalCount: 30,
      totalCountCapped: false,
    });
  });
});

const TAG = `mutation ($communityId: ID!, $membershipIds: [ID!], $filter: MemberFilter, $search: String, $add: [String!], $remove: [String!]) {
  tagMembers(communityId: $communityId, membershipIds: $membershipIds, filter: $filter, search: $search, add: $add, remove: $remove) { matched changed } }`;

const taggedEntries = async () => {
  const rows = (await t.server.database.db.execute(
    sql`select payload from domain_event where type = 'member.tagged' and community_id = ${communityId} order by position`,
  )) as unknown as { rows: { payload: { membershipId: string; added: string[]; removed: string[] } }[] };
  return rows.rows.map((r) => r.payload);
};

describe("tagging members in bulk", () => {
  it("tags the selected rows and logs one member.tagged per member whose tags changed", async () => {
    const before = (await taggedEntries()).length;
    const picked = [seeded[0], seeded[1], seeded[2]].map((s) => (s as Seeded).id);
    const result = await owner.graphql<{ tagMembers: { matched: number; changed: number } }>(TAG, {
      communityId,
      membershipIds: picked,
      add: [" board  member ", "volunteer"],
    });
    expect(result.errors).toBeUndefined();
    // seeded[0] and [2] already are volunteers; all three gain "board member".
    expect(result.data?.tagMembers).toEqual({ matched: 3, changed: 3 });
    const entries = (await taggedEntries()).slice(before);
    expect(entries).toHaveLength(3);
    expect(entries.find((e) => e.membershipId === seeded[1]?.id)?.added).toEqual([
      "board member",
      "volunteer",
    ]);
    const shown = await walk({ filter: { tags: ["board member"] } }, 10);
    expect(new Set(shown.ids)).toEqual(new Set(picked));
    const again = await owner.graphql<{ tagMembers: { matched: number; changed: number } }>(TAG, {
      communityId,
      membershipIds: picked,
      add: ["board member"],
    });
    expect(again.data?.tagMembers).toEqual({ matched: 3, changed: 0 });
    expect(await taggedEntries()).toHaveLength(before + 3);
  });

  it("removes a tag from the whole filtered set, and never from another community", async () => {
    const other = await createCommunity(owner, "Go club");
    const stranger = await quickSignIn(t, "Sam Stranger");
    await addMember(t, other, stranger.id, "member");
    await t.server.database.db.execute(
      sql`update membership set tags = '{volunteer}' where community_id = ${other}`,
    );
    const result = await owner.graphql<{ tagMembers: { matched: number; changed: number } }>(TAG, {
      communityId,
      filter: { tags: ["volunteer"] },
      remove: ["volunteer"],
    });
    const volunteers = seeded.filter((s) => s.tags.includes("volunteer")).length + 1;
    expect(result.data?.tagMembers).toEqual({ matched: volunteers, changed: volunteers });
    expect((await walk({ filter: { tags: ["volunteer"] } })).ids).toEqual([]);
    const [row] = (
      (await t.server.database.db.execute(
        sql`select tags from membership where community_id = ${other}`,
      )) as unknown as { rows: { tags: string[] }[] }
    ).rows;
    expect(row?.tags).toEqual(["volunteer"]);
  });

  it("refuses organizers, empty tags and a missing selection", async () => {
    const asOrganizer = await organizer.graphql(TAG, {
      communityId,
      membershipIds: [seeded[0]?.id],
      add: ["x"],
    });
    expect(asOrganizer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const empty = await owner.graphql(TAG, { communityId, membershipIds: [seeded[0]?.id], add: ["  "] });
    expect(empty.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const none = await owner.graphql(TAG, { communityId, add: ["x"] });
    expect(none.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});

describe("saved segments", () => {
  const SAVE = `mutation ($communityId: ID!, $name: String!, $filter: MemberFilter!) {
    saveMemberSegment(communityId: $communityId, name: $name, filter: $filter) { id name filter { tags roles eventsAttendedAtLeast joinedAfter } } }`;
  const LIST_SEGMENTS = "query ($communityId: ID!) { memberSegments(communityId: $communityId) { id name } }";

  it("saves, lists and deletes a named filter", async () => {
    const saved = await owner.graphql<{ saveMemberSegment: { id: string; name: string; filter: unknown } }>(
      SAVE,
      {
        communityId,
        name: " Regulars ",
        filter: { tags: ["speaker"], eventsAttendedAtLeast: 2, joinedAfter: "2030-01-02T00:00:00.000Z" },
      },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.saveMemberSegment).toMatchObject({
      name: "Regulars",
      filter: {
        tags: ["speaker"],
        roles: null,
        eventsAttendedAtLeast: 2,
        joinedAfter: "2030-01-02T00:00:00.000Z",
      },
    });
    const twice = await owner.graphql(SAVE, { communityId, name: "regulars", filter: {} });
    expect(twice.errors).toBeUndefined();
    const taken = await owner.graphql(SAVE, { communityId, name: "Regulars", filter: {} });
    expect(taken.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const listed = await organizer.graphql<{ memberSegments: { name: string }[] }>(LIST_SEGMENTS, {
      communityId,
    });
    expect(listed.data?.memberSegments.map((s) => s.name)).toEqual(["Regulars", "regulars"]);
    const byOrganizer = await organizer.graphql(SAVE, { communityId, name: "Mine", filter: {} });
    expect(byOrganizer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const id = saved.data?.saveMemberSegment.id;
    const deleted = await owner.graphql("mutation ($id: ID!) { deleteMemberSegment(id: $id) }", { id });
    expect(deleted.data).toEqual({ deleteMemberSegment: id });
    const after = await owner.graphql<{ memberSegments: { name: string }[] }>(LIST_SEGMENTS, { communityId });
    expect(after.data?.memberSegments.map((s) => s.name)).toEqual(["regulars"]);
  });
});

describe("counters from the domain-event log", () => {
  const countersOf = async (userId: string) => {
    const page = await walk({}, 50);
    const result = await list(owner, { first: 200 });
    expect(page.ids.length).toBeGreaterThan(0);
    return result.data?.members.nodes.find((n) => n.person.id === userId);
  };

  it("counts registering, checking in and canceling once, even when the log is read again", async () => {
    const event = await createEvent(owner, communityId, {});
    const later = await createEvent(owner, communityId, {});
    const guest = await quickSignIn(t, "Rita Registrant");
    const registered = await registerFor(guest.browser, event.id);
    expect(registered.errors).toBeUndefined();
    const second = await registerFor(guest.browser, later.id);
    expect(second.errors).toBeUndefined();
    await t.drain();
    let row = await countersOf(guest.id);
    expect(row).toMatchObject({ eventsRegistered: 2, eventsAttended: 0, checkIns: 0 });
    const registrationId = registered.data?.register.id;
    const checked = await owner.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", {
      id: registrationId,
    });
    expect(checked.errors).toBeUndefined();
    const secondId = second.data?.register.id;
    const canceled = await guest.browser.graphql(
      "mutation ($id: ID!) { cancelRegistration(id: $id) { id } }",
      {
        id: secondId,
      },
    );
    expect(canceled.errors).toBeUndefined();
    await t.drain();
    row = await countersOf(guest.id);
    expect(row).toMatchObject({ eventsRegistered: 1, eventsAttended: 1, checkIns: 1 });
    const lastActive = row?.lastActiveAt;
    // The subscriber reads the whole log again: the counts stay what they were.
    await t.server.database.db.execute(
      sql`update log_subscriber set tx_id = 0, position = 0 where name = 'members'`,
    );
    await t.drain();
    row = await countersOf(guest.id);
    expect(row).toMatchObject({
      eventsRegistered: 1,
      eventsAttended: 1,
      checkIns: 1,
      lastActiveAt: lastActive,
    });
    const found = await list(owner, {
      search: "rita regis",
      filter: { checkInsAtLeast: 1, eventsAttendedAtLeast: 1, sources: ["EVENT"] },
    });
    expect(found.data?.members.nodes.map((n) => n.person.id)).toEqual([guest.id]);
  });

  it("counts a going registration as attended once its event has ended", async () => {
    const event = await createEvent(owner, communityId, {});
    const goer = await quickSignIn(t, "Gil Goer");
    const before = Date.now();
    expect((await registerFor(goer.browser, event.id)).errors).toBeUndefined();
    await t.drain();
    expect(await countersOf(goer.id)).toMatchObject({ eventsRegistered: 1, eventsAttended: 0 });
    expect(Date.parse((await countersOf(goer.id))?.lastActiveAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
    t.clock.advance(12 * DAY);
    await t.drain();
    expect(await countersOf(goer.id)).toMatchObject({ eventsRegistered: 1, eventsAttended: 1, checkIns: 0 });
  });
});
