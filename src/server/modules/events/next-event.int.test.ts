// The community selection card's next event: one statement for every card, members' events only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityWithOwner, join, person } from "#server/modules/membership/membership-test-support.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const input = (title: string, day: string, visibility = "PUBLIC") => ({
  title,
  startsAtLocal: `${day}T18:00`,
  endsAtLocal: `${day}T20:00`,
  timeZone: "Europe/Paris",
  waitlistEnabled: false,
  approvalRequired: false,
  visibility,
  ticketTypes: [{ name: "General" }],
  questions: [],
});

describe("Community.nextEvent", () => {
  it("is each community's next published event its members see", async () => {
    const book = await communityWithOwner(t);
    const chess = await communityWithOwner(t);
    const quiet = await communityWithOwner(t);
    const create = (
      communityId: string,
      event: ReturnType<typeof input>,
      publish: boolean,
      owner = book.owner,
    ) =>
      owner.graphql(
        "mutation ($c: ID!, $i: EventInput!, $p: Boolean!) { createEvent(communityId: $c, input: $i, publish: $p) { id } }",
        {
          c: communityId,
          i: event,
          p: publish,
        },
      );
    await create(book.communityId, input("Later reading", "2031-06-01"), true);
    await create(book.communityId, input("Next reading", "2031-05-01", "MEMBERS"), true);
    await create(book.communityId, input("Secret draft", "2031-04-01"), false);
    await create(book.communityId, input("Unlisted night", "2031-04-02", "UNLISTED"), true);
    await create(chess.communityId, input("Blitz night", "2031-07-01"), true, chess.owner);
    const ada = await person(t, "ada");
    for (const c of [book, chess, quiet]) await join(ada.browser, c.communityId);

    const result = await ada.browser.graphql<{
      myCommunities: { id: string; nextEvent: { title: string; startsAt: string } | null }[];
    }>("{ myCommunities { id nextEvent { title startsAt } } }");
    expect(result.errors).toBeUndefined();
    const byId = new Map(result.data?.myCommunities.map((c) => [c.id, c.nextEvent]));
    expect(byId.get(book.communityId)).toEqual({
      title: "Next reading",
      startsAt: "2031-05-01T16:00:00.000Z",
    });
    expect(byId.get(chess.communityId)?.title).toBe("Blitz night");
    expect(byId.get(quiet.communityId)).toBeNull();
  });
});
