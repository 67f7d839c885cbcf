// The overview's figures about people: active members, those new in 30 days, the newest five.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  communityWithOwner,
  join,
  person,
  setRole,
} from "#server/modules/membership/membership-test-support.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

const FIGURES = `query ($id: ID!) { community(id: $id) {
  memberStats { activeCount newLast30Days }
  newestMembers(first: 5) { id role person { name } } } }`;

type Figures = {
  community: {
    memberStats: { activeCount: number; newLast30Days: number } | null;
    newestMembers: { id: string; role: string; person: { name: string } }[] | null;
  };
};

describe("Community.memberStats and newestMembers", () => {
  it("counts active members and those who joined in the last 30 days by the server's clock", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const ada = await person(t, "ada", "Ada Guest");
    const adaId = (await join(ada.browser, communityId)).data?.joinCommunity.id as string;
    t.clock.advance(31 * DAY_MS);
    const bo = await person(t, "bo", "Bo Guest");
    const boId = (await join(bo.browser, communityId)).data?.joinCommunity.id as string;
    t.clock.advance(DAY_MS);
    const cy = await person(t, "cy", "Cy Guest");
    const cyId = (await join(cy.browser, communityId)).data?.joinCommunity.id as string;
    await owner.graphql("mutation ($id: ID!) { banMember(membershipId: $id) { id } }", { id: boId });

    const result = await owner.graphql<Figures>(FIGURES, { id: communityId });
    expect(result.errors).toBeUndefined();
    expect(result.data?.community.memberStats).toEqual({ activeCount: 3, newLast30Days: 1 });
    expect(result.data?.community.newestMembers).toEqual([
      { id: cyId, role: "MEMBER", person: { name: "Cy Guest" } },
      { id: adaId, role: "MEMBER", person: { name: "Ada Guest" } },
      { id: expect.any(String), role: "OWNER", person: { name: "Olive Owner" } },
    ]);

    t.clock.advance(30 * DAY_MS);
    const later = await owner.graphql<Figures>(FIGURES, { id: communityId });
    expect(later.data?.community.memberStats).toEqual({ activeCount: 3, newLast30Days: 0 });
  });

  it("shows organizers the figures and plain members nothing", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const ora = await person(t, "ora", "Ora Guest");
    const oraId = (await join(ora.browser, communityId)).data?.joinCommunity.id as string;
    await setRole(owner, oraId, "ORGANIZER");
    const mo = await person(t, "mo", "Mo Guest");
    await join(mo.browser, communityId);

    const asOrganizer = await ora.browser.graphql<Figures>(FIGURES, { id: communityId });
    expect(asOrganizer.errors).toBeUndefined();
    expect(asOrganizer.data?.community.memberStats).toEqual({ activeCount: 3, newLast30Days: 2 });
    expect(asOrganizer.data?.community.newestMembers?.map((m) => m.person.name)).toEqual([
      "Mo Guest",
      "Ora Guest",
      "Olive Owner",
    ]);

    const asMember = await mo.browser.graphql<Figures>(FIGURES, { id: communityId });
    expect(asMember.errors).toBeUndefined();
    expect(asMember.data?.community).toEqual({ memberStats: null, newestMembers: null });
  });
});
