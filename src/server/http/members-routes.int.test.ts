import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { membership, user } from "#server/db/schema.ts";
import { addMember, createCommunity, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { parseCsv } from "#server/test/parse-csv.ts";

let t: TestServer;
let owner: TestBrowser;
let communityId: string;
const ids: Record<string, string> = {};

const csvOf = async (response: Response) => parseCsv((await response.text()).replace(/^\uFEFF/, ""));
const path = (query = "") => `/api/communities/${communityId}/members.csv${query}`;

beforeAll(async () => {
  t = await startTestServer({ overrides: { jobs: { pollIntervalMs: 3_600_000 } } });
  owner = (await quickSignIn(t, "Owen Owner")).browser;
  communityId = await createCommunity(owner, "Chess club");
  const db = t.server.database.db;
  const people = [
    { name: "=HYPERLINK(evil)", tags: ["speaker", "volunteer"], attended: 5, role: "member" },
    { name: "Ada Guest", tags: ["volunteer"], attended: 2, role: "organizer" },
    { name: 'Bo, the "Rook"', tags: [], attended: 0, role: "member" },
  ] as const;
  for (const [i, p] of people.entries()) {
    const userId = randomUUID();
    const id = randomUUID();
    ids[p.name] = id;
    await db
      .insert(user)
      .values({ id: userId, name: p.name, email: `p${i}-${userId.slice(0, 6)}@example.test` });
    await db.insert(membership).values({
      id,
      userId,
      communityId,
      role: p.role,
      status: "active",
      source: "imported",
      tags: [...p.tags],
      eventsAttended: p.attended,
      checkIns: 1,
      joinedAt: new Date(Date.UTC(2030, 0, 1 + i)),
      lastActiveAt: new Date(Date.UTC(2030, 1, 1 + i)),
    });
  }
});
afterAll(() => t.close());

describe("member CSV export", () => {
  it("streams every member with tags and counts, formula cells defused", async () => {
    const response = await owner.fetch(path("?sort=name&direction=asc"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain('filename="members.csv"');
    const rows = await csvOf(response);
    expect(rows[0]).toEqual([
      "Name",
      "Email",
      "Kind",
      "Role",
      "Status",
      "Source",
      "Tags",
      "Joined at",
      "Events registered",
      "Events attended",
      "Check-ins",
      "Last active at",
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      "'=HYPERLINK(evil)",
      "Ada Guest",
      'Bo, the "Rook"',
      "Owen Owner",
    ]);
    expect(rows[1]?.slice(2)).toEqual([
      "member",
      "member",
      "active",
      "imported",
      "speaker; volunteer",
      "2030-01-01T00:00:00.000Z",
      "0",
      "5",
      "1",
      "2030-02-01T00:00:00.000Z",
    ]);
    expect(rows[1]?.[1]).toMatch(/^p0-.*@example\.test$/);
  });

  it("applies the table's filters, search and sort given as query parameters", async () => {
    const byTag = await csvOf(await owner.fetch(path("?tag=volunteer&sort=EVENTS_ATTENDED&direction=DESC")));
    expect(byTag.slice(1).map((r) => r[0])).toEqual(["'=HYPERLINK(evil)", "Ada Guest"]);
    const both = await csvOf(await owner.fetch(path("?tag=volunteer&tag=speaker")));
    expect(both.slice(1).map((r) => r[0])).toEqual(["'=HYPERLINK(evil)"]);
    const organizers = await csvOf(await owner.fetch(path("?role=organizer,owner&sort=name")));
    expect(organizers.slice(1).map((r) => r[0])).toEqual(["Ada Guest", "Owen Owner"]);
    const attended = await csvOf(await owner.fetch(path("?eventsAttendedAtLeast=2&joinedAfter=2030-01-02")));
    expect(attended.slice(1).map((r) => r[0])).toEqual(["Ada Guest"]);
    const searched = await csvOf(await owner.fetch(path("?search=rook")));
    expect(searched.slice(1).map((r) => r[0])).toEqual(['Bo, the "Rook"']);
  });

  it("walks past one page of the member list without losing or doubling a row", async () => {
    const club = await createCommunity(owner, "Big club");
    const db = t.server.database.db;
    const users = Array.from({ length: 450 }, (_, i) => ({
      id: randomUUID(),
      name: `Player ${String(i).padStart(3, "0")}`,
      email: `player${i}-${randomUUID().slice(0, 6)}@example.test`,
    }));
    await db.insert(user).values(users);
    await db.insert(membership).values(
      users.map((u, i) => ({
        id: randomUUID(),
        userId: u.id,
        communityId: club,
        role: "member" as const,
        status: "active" as const,
        source: "imported" as const,
        joinedAt: new Date(Date.UTC(2030, 0, 1) + (i % 7) * 1000),
      })),
    );
    const rows = await csvOf(await owner.fetch(`/api/communities/${club}/members.csv?tag=`));
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toHaveLength(451);
    expect(new Set(names).size).toBe(451);
  });

  it("exports only the selected rows of this community", async () => {
    const other = await quickSignIn(t, "Nia Neighbour");
    const otherCommunity = await createCommunity(other.browser, "Go club");
    const [foreign] = await t.server.database.db
      .select({ id: membership.id })
      .from(membership)
      .where(eq(membership.communityId, otherCommunity));
    const query = `?id=${ids["Ada Guest"]}&id=${ids['Bo, the "Rook"']}&id=${foreign?.id}`;
    const rows = await csvOf(await owner.fetch(path(query)));
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Ada Guest", 'Bo, the "Rook"']);
  });

  it("answers 400 with a stable code on bad parameters", async () => {
    for (const query of [
      "?role=emperor",
      "?joinedAfter=yesterday",
      "?eventsAttendedAtLeast=-1",
      "?sort=height",
      "?joinedAfter=2030-02-01&joinedBefore=2030-01-01",
    ]) {
      const response = await owner.fetch(path(query));
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { code: string }).code, query).toBe("BAD_USER_INPUT");
    }
  });

  it("is for organizers and above of this community only", async () => {
    expect((await t.browser().fetch(path())).status).toBe(401);
    const member = await quickSignIn(t, "Milo Member");
    await addMember(t, communityId, member.id, "member");
    expect((await member.browser.fetch(path())).status).toBe(403);
    const organizer = await quickSignIn(t, "Orla Organizer");
    await addMember(t, communityId, organizer.id, "organizer");
    expect((await organizer.browser.fetch(path())).status).toBe(200);
    const stranger = await quickSignIn(t, "Sam Stranger");
    const theirs = await createCommunity(stranger.browser, "Bridge club");
    expect((await stranger.browser.fetch(path())).status).toBe(404);
    expect((await owner.fetch(`/api/communities/${theirs}/members.csv`)).status).toBe(404);
  });
});
