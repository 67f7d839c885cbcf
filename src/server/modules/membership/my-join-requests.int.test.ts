// /me lists the viewer's own join requests still waiting; leaving the community withdraws one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import { communityWithOwner, join, person } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const MINE = "{ myJoinRequests { id requestedAt community { id name slug } } }";
type Mine = {
  myJoinRequests: { id: string; requestedAt: string; community: { id: string; slug: string } }[];
};

describe("myJoinRequests", () => {
  it("lists only the viewer's own waiting requests, newest first, until withdrawn or decided", async () => {
    const first = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
    const second = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
    const open = await communityWithOwner(t);
    const ada = await person(t, "ada");
    const firstRequest = (await join(ada.browser, first.communityId)).data?.joinCommunity.id as string;
    t.clock.advance(60_000);
    const secondRequest = (await join(ada.browser, second.communityId)).data?.joinCommunity.id as string;
    await join(ada.browser, open.communityId);
    const bo = await person(t, "bo", "Bo Guest");
    await join(bo.browser, first.communityId);

    const listed = await ada.browser.graphql<Mine>(MINE);
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.myJoinRequests.map((r) => [r.id, r.community.slug])).toEqual([
      [secondRequest, second.slug],
      [firstRequest, first.slug],
    ]);

    const withdrawn = await ada.browser.graphql("mutation ($id: ID!) { leaveCommunity(communityId: $id) }", {
      id: second.communityId,
    });
    expect(withdrawn.errors).toBeUndefined();
    await first.owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { id } }", {
      id: firstRequest,
    });
    expect((await ada.browser.graphql<Mine>(MINE)).data?.myJoinRequests).toEqual([]);
    const queue = await second.owner.graphql<{ joinRequests: { totalCount: number } }>(
      "query ($id: ID!) { joinRequests(communityId: $id) { totalCount } }",
      { id: second.communityId },
    );
    expect(queue.data?.joinRequests.totalCount).toBe(0);
  });

  it("asks visitors to sign in", async () => {
    const result = await t.browser().graphql(MINE);
    expect(result.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
