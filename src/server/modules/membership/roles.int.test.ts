// Role rules for every pair of actor role and target role, bans and removals, and the transfer of
// ownership.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { membership } from "#server/db/schema.ts";
import { quickSignIn } from "#server/modules/events/events-test-support.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import { communityWithOwner, setRole } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Role = "owner" | "admin" | "organizer" | "member";
type Seat = { browser: TestBrowser; membershipId: string };

/** A community with the owner and two people of each other role. */
async function staffed() {
  const { owner, communityId } = await communityWithOwner(t);
  const seat = async (role: Exclude<Role, "owner">): Promise<Seat> => {
    const { browser, id: userId } = await quickSignIn(t, `${role} person`);
    const membershipId = randomUUID();
    await t.server.database.db
      .insert(membership)
      .values({ id: membershipId, communityId, userId, role, status: "active", source: "invited" });
    return { browser, membershipId };
  };
  const ownerId = await membershipIdOf(owner, communityId);
  return {
    communityId,
    first: {
      owner: { browser: owner, membershipId: ownerId },
      admin: await seat("admin"),
      organizer: await seat("organizer"),
      member: await seat("member"),
    } satisfies Record<Role, Seat>,
    second: {
      admin: await seat("admin"),
      organizer: await seat("organizer"),
      member: await seat("member"),
    },
  };
}

async function membershipIdOf(browser: TestBrowser, communityId: string): Promise<string> {
  const slug = await browser.graphql<{ community: { slug: string } }>(
    "query ($id: ID!) { community(id: $id) { slug } }",
    {
      id: communityId,
    },
  );
  const found = await browser.graphql<{ communityBySlug: { viewerMembership: { id: string } } }>(
    "query ($slug: String!) { communityBySlug(slug: $slug) { viewerMembership { id } } }",
    { slug: slug.data?.community.slug },
  );
  return found.data?.communityBySlug.viewerMembership.id as string;
}

const ROLES: Role[] = ["owner", "admin", "organizer", "member"];

/** May `actor` act on a member holding `target`? (The owner acting on the owner is acting on themselves.) */
const MAY_MANAGE: Record<Role, Record<Role, boolean>> = {
  owner: { owner: false, admin: true, organizer: true, member: true },
  admin: { owner: false, admin: false, organizer: true, member: true },
  organizer: { owner: false, admin: false, organizer: false, member: false },
  member: { owner: false, admin: false, organizer: false, member: false },
};

describe("role rules", () => {
  let setup: Awaited<ReturnType<typeof staffed>>;
  beforeAll(async () => {
    setup = await staffed();
  });

  for (const actor of ROLES) {
    for (const target of ROLES) {
      const allowed = MAY_MANAGE[actor][target];
      it(`${actor} ${allowed ? "may" : "may not"} act on ${target === "owner" ? "the" : "another"} ${target}`, async () => {
        const me = setup.first[actor];
        const them = target === "owner" ? setup.first.owner : setup.second[target];
        const result = await setRole(me.browser, them.membershipId, target.toUpperCase());
        if (allowed) expect(result.data?.setMemberRole.role).toBe(target.toUpperCase());
        else expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      });
    }
  }

  const MAY_GIVE: Record<"owner" | "admin", Record<Role, boolean>> = {
    owner: { owner: false, admin: true, organizer: true, member: true },
    admin: { owner: false, admin: false, organizer: true, member: true },
  };
  for (const actor of ["owner", "admin"] as const) {
    for (const role of ROLES) {
      const allowed = MAY_GIVE[actor][role];
      it(`${actor} ${allowed ? "may" : "may not"} make a member ${role}`, async () => {
        const target = setup.second.member;
        const result = await setRole(setup.first[actor].browser, target.membershipId, role.toUpperCase());
        if (allowed) {
          expect(result.data?.setMemberRole.role).toBe(role.toUpperCase());
          await setRole(setup.first.owner.browser, target.membershipId, "MEMBER");
        } else expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      });
    }
  }
});

describe("ban and remove", () => {
  it("follow the same rules: admins ban organizers but not admins, nobody removes the owner", async () => {
    const { first, second } = await staffed();
    const ban = (browser: TestBrowser, id: string) =>
      browser.graphql<{ banMember: { status: string } }>(
        "mutation ($id: ID!) { banMember(membershipId: $id) { status } }",
        {
          id,
        },
      );
    const remove = (browser: TestBrowser, id: string) =>
      browser.graphql("mutation ($id: ID!) { removeMember(membershipId: $id) }", { id });
    expect((await ban(first.admin.browser, second.admin.membershipId)).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await ban(first.admin.browser, second.organizer.membershipId)).data?.banMember.status).toBe(
      "BANNED",
    );
    expect((await ban(first.owner.browser, second.admin.membershipId)).data?.banMember.status).toBe("BANNED");
    expect((await remove(first.admin.browser, first.owner.membershipId)).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect(
      (await remove(first.organizer.browser, second.member.membershipId)).errors?.[0]?.extensions?.code,
    ).toBe("FORBIDDEN");
    expect((await remove(first.admin.browser, second.member.membershipId)).data).toEqual({
      removeMember: true,
    });
  });
});

describe("transfer of ownership", () => {
  it("only the owner hands over; the new owner takes it and the old one stays as admin", async () => {
    const { communityId, first } = await staffed();
    const transfer = (browser: TestBrowser, membershipId: string) =>
      browser.graphql<{ transferOwnership: { role: string } }>(
        "mutation ($c: ID!, $m: ID!) { transferOwnership(communityId: $c, membershipId: $m) { role } }",
        { c: communityId, m: membershipId },
      );
    expect(
      (await transfer(first.admin.browser, first.admin.membershipId)).errors?.[0]?.extensions?.code,
    ).toBe("FORBIDDEN");
    expect((await transfer(first.owner.browser, first.admin.membershipId)).data?.transferOwnership.role).toBe(
      "OWNER",
    );
    const roleOf = async (browser: TestBrowser) =>
      (
        await browser.graphql<{ community: { viewerRole: string } }>(
          "query ($id: ID!) { community(id: $id) { viewerRole } }",
          {
            id: communityId,
          },
        )
      ).data?.community.viewerRole;
    expect(await roleOf(first.owner.browser)).toBe("ADMIN");
    expect(await roleOf(first.admin.browser)).toBe("OWNER");
    expect(
      (await transfer(first.owner.browser, first.member.membershipId)).errors?.[0]?.extensions?.code,
    ).toBe("FORBIDDEN");
    const left = await first.admin.browser.graphql(
      "mutation ($id: ID!) { leaveCommunity(communityId: $id) }",
      {
        id: communityId,
      },
    );
    expect(left.errors?.[0]?.extensions?.code).toBe("OWNER_MUST_TRANSFER");
    expect(
      (
        await first.owner.browser.graphql("mutation ($id: ID!) { leaveCommunity(communityId: $id) }", {
          id: communityId,
        })
      ).data,
    ).toEqual({
      leaveCommunity: true,
    });
  });
});
