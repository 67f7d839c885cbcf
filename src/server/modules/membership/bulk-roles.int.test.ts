// Changing the role of many members at once: each row under the same rules as setMemberRole.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainEvent, membership } from "#server/db/schema.ts";
import { quickSignIn } from "#server/modules/events/events-test-support.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import { communityWithOwner } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Seat = { browser: TestBrowser; membershipId: string; userId: string };

async function staffed() {
  const { owner, ownerUser, communityId } = await communityWithOwner(t);
  const seat = async (
    role: "admin" | "organizer" | "member",
    options: { status?: "active" | "banned"; tags?: string[] } = {},
  ): Promise<Seat> => {
    const { browser, id: userId } = await quickSignIn(t, `${role} person`);
    const membershipId = randomUUID();
    await t.server.database.db.insert(membership).values({
      id: membershipId,
      communityId,
      userId,
      role,
      status: options.status ?? "active",
      source: "invited",
      tags: options.tags ?? [],
    });
    return { browser, membershipId, userId };
  };
  const [ownerRow] = await t.server.database.db
    .select({ id: membership.id })
    .from(membership)
    .where(and(eq(membership.communityId, communityId), eq(membership.userId, ownerUser.id)));
  const seats = {
    owner: { browser: owner, membershipId: ownerRow?.id as string, userId: ownerUser.id },
    admin: await seat("admin"),
    otherAdmin: await seat("admin"),
    organizer: await seat("organizer", { tags: ["crew"] }),
    member: await seat("member", { tags: ["crew"] }),
    member2: await seat("member"),
    banned: await seat("member", { status: "banned", tags: ["crew"] }),
  };
  t.clock.advance(1000);
  return { communityId, seats };
}

const SET = `mutation ($c: ID!, $ids: [ID!], $filter: MemberFilter, $role: CommunityRole!) {
  setMemberRoles(communityId: $c, membershipIds: $ids, filter: $filter, role: $role) {
    matched changed skipped { membershipId reason }
  }
}`;

type Result = {
  setMemberRoles: { matched: number; changed: number; skipped: { membershipId: string; reason: string }[] };
};

const roleOf = async (membershipId: string) =>
  (
    await t.server.database.db
      .select({ role: membership.role })
      .from(membership)
      .where(eq(membership.id, membershipId))
  )[0]?.role;

const roleChanges = async (communityId: string) =>
  (
    await t.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvent)
      .where(and(eq(domainEvent.communityId, communityId), eq(domainEvent.type, "member.role_changed")))
  )[0]?.n;

describe("setMemberRoles", () => {
  it("an admin changes the selected rows it may, and is told which it may not and why", async () => {
    const { communityId, seats } = await staffed();
    const result = await seats.admin.browser.graphql<Result>(SET, {
      c: communityId,
      ids: [
        seats.owner.membershipId,
        seats.admin.membershipId,
        seats.otherAdmin.membershipId,
        seats.member.membershipId,
        seats.member2.membershipId,
        seats.banned.membershipId,
      ],
      role: "ORGANIZER",
    });
    expect(result.errors).toBeUndefined();
    const data = result.data?.setMemberRoles;
    expect(data?.matched).toBe(6);
    expect(data?.changed).toBe(2);
    const reasons = Object.fromEntries((data?.skipped ?? []).map((s) => [s.membershipId, s.reason]));
    expect(reasons).toEqual({
      [seats.owner.membershipId]: "FORBIDDEN",
      [seats.admin.membershipId]: "SELF",
      [seats.otherAdmin.membershipId]: "FORBIDDEN",
      [seats.banned.membershipId]: "NOT_ACTIVE",
    });
    expect(await roleOf(seats.member.membershipId)).toBe("organizer");
    expect(await roleOf(seats.member2.membershipId)).toBe("organizer");
    expect(await roleOf(seats.otherAdmin.membershipId)).toBe("admin");
    expect(await roleOf(seats.owner.membershipId)).toBe("owner");
    expect(await roleChanges(communityId)).toBe(2);
  });

  it("only the owner makes admins, and nobody makes an owner", async () => {
    const { communityId, seats } = await staffed();
    const byAdmin = await seats.admin.browser.graphql<Result>(SET, {
      c: communityId,
      ids: [seats.member.membershipId],
      role: "ADMIN",
    });
    expect(byAdmin.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const toOwner = await seats.owner.browser.graphql<Result>(SET, {
      c: communityId,
      ids: [seats.member.membershipId],
      role: "OWNER",
    });
    expect(toOwner.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const byOwner = await seats.owner.browser.graphql<Result>(SET, {
      c: communityId,
      ids: [seats.member.membershipId, seats.otherAdmin.membershipId],
      role: "ADMIN",
    });
    expect(byOwner.data?.setMemberRoles).toMatchObject({ matched: 2, changed: 1 });
    expect(byOwner.data?.setMemberRoles.skipped).toEqual([
      { membershipId: seats.otherAdmin.membershipId, reason: "UNCHANGED" },
    ]);
    expect(await roleOf(seats.member.membershipId)).toBe("admin");
  });

  it("acts on the whole filtered set", async () => {
    const { communityId, seats } = await staffed();
    const result = await seats.owner.browser.graphql<Result>(SET, {
      c: communityId,
      filter: { tags: ["crew"] },
      role: "MEMBER",
    });
    expect(result.data?.setMemberRoles).toMatchObject({ matched: 3, changed: 1 });
    expect(await roleOf(seats.organizer.membershipId)).toBe("member");
    expect(await roleOf(seats.admin.membershipId)).toBe("admin");
  });

  it("is refused to organizers and to another community's admin, and changes nothing there", async () => {
    const { communityId, seats } = await staffed();
    const other = await staffed();
    const byOrganizer = await seats.organizer.browser.graphql<Result>(SET, {
      c: communityId,
      ids: [seats.member.membershipId],
      role: "ORGANIZER",
    });
    expect(byOrganizer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const byStranger = await other.seats.admin.browser.graphql<Result>(SET, {
      c: communityId,
      ids: [seats.member.membershipId],
      role: "ORGANIZER",
    });
    expect(byStranger.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    // Another community's ids inside one's own community name nobody.
    const crossed = await other.seats.owner.browser.graphql<Result>(SET, {
      c: other.communityId,
      ids: [seats.member.membershipId],
      role: "ORGANIZER",
    });
    expect(crossed.data?.setMemberRoles).toMatchObject({ matched: 0, changed: 0 });
    expect(await roleOf(seats.member.membershipId)).toBe("member");
    expect(await roleChanges(communityId)).toBe(0);
  });
});
